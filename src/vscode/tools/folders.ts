import * as vscode from 'vscode';
import { screenNames, UNSHOWN_FOLDER } from '../../core/screen/names';
import { mergeFindings, NO_FINDINGS } from '../../core/screen/screen';
import { TextPart, ToolResult } from '../../core/tools/result';
import { WorkspaceMaps } from '../workspace/workspaceMaps';

/**
 * A tool over workspace folders: the one holding `path` when it is given, else every open folder
 * in turn (`run` is told how many), each answer headed by its folder's name when there are
 * several (screened as any name), all cancelled with the chat's token. `what` names the work for the error when no
 * folder is open.
 */
export async function eachFolder(
  workspace: WorkspaceMaps,
  path: string | undefined,
  token: vscode.CancellationToken,
  what: string,
  run: (folder: vscode.WorkspaceFolder, signal: AbortSignal, folders: number) => Promise<ToolResult>,
): Promise<ToolResult> {
  const folders = path ? [workspace.resolveFolder(path)] : (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  if (folders.length === 0) throw new Error(`No folder is open in VS Code, so there is no workspace to ${what}. Open the project folder first.`);
  const abort = new AbortController();
  const cancel = token.onCancellationRequested(() => abort.abort());
  try {
    const parts: TextPart[] = [];
    const json: unknown[] = [];
    let findings = NO_FINDINGS;
    for (const folder of folders) {
      const result = await run(folder, abort.signal, folders.length);
      // A folder's name is the user's to choose (a .code-workspace file's `name`): shown as any name, screened.
      const prefix =
        folders.length > 1 ? `In workspace folder ${(await screenNames(workspace.context(folder), [folder.name], UNSHOWN_FOLDER)).shown[0]}:\n` : '';
      parts.push(...result.parts.map((p, i) => (i === 0 ? { ...p, text: prefix + p.text } : p)));
      json.push(result.json);
      findings = mergeFindings(findings, result.findings);
    }
    return { parts, json, findings };
  } finally {
    cancel.dispose();
  }
}
