import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { SearchRequest } from '../../core/search/search';
import { mergeFindings, NO_FINDINGS } from '../../core/screen/screen';
import { TextPart, ToolResult } from '../../core/tools/result';
import { searchProject } from '../../core/tools/search';
import { WorkspaceMaps } from '../workspaceMaps';
import { LmTool } from './table';

export type SearchInput = Pick<SearchRequest, 'pattern' | 'path' | 'glob' | 'literal' | 'max'>;

/**
 * skim_search: ripgrep over the workspace (VS Code's own binary first), each hit placed in its
 * region. With a path, the folder holding it is searched; else every workspace folder in turn.
 */
export function searchTool(workspace: WorkspaceMaps): LmTool<SearchInput> {
  return {
    messages: (input) => ({ invocation: `Searching for ${input.pattern}`, past: `Searched for ${input.pattern}` }),
    async invoke(input, token) {
      const folders = input.path ? [workspace.resolveFolder(input.path)] : (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
      if (folders.length === 0) throw new Error('No folder is open in VS Code, so there is no workspace to search. Open the project folder first.');
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      try {
        const parts: TextPart[] = [];
        const json: unknown[] = [];
        let findings = NO_FINDINGS;
        for (const folder of folders) {
          const project = new Project(folder.uri.fsPath);
          const request = { ...input, path: input.path && path.resolve(folder.uri.fsPath, input.path), signal: abort.signal };
          const programs = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot) };
          const maps = await workspace.storedMaps(folder);
          const result = await searchProject(workspace.context(folder), project, maps, request, programs, await workspace.outlines(folder));
          const prefix = folders.length > 1 ? `In workspace folder ${folder.name}:\n` : '';
          parts.push(...result.parts.map((p, i) => (i === 0 ? { ...p, text: prefix + p.text } : p)));
          json.push(result.json);
          findings = mergeFindings(findings, result.findings);
        }
        return { parts, json, findings } satisfies ToolResult;
      } finally {
        cancel.dispose();
      }
    },
  };
}
