import * as vscode from 'vscode';
import { mapUri } from '../editor/mapDocument';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { WorkspaceFile } from '../workspace/workspacePaths';
import { CommandHandlers } from './ids';

/** The file a command acts on: the one it was given (explorer, editor title), else the active editor's; said when there is none. */
export function commandTarget(workspace: WorkspaceMaps, uri: unknown): WorkspaceFile | undefined {
  const chosen = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  if (!chosen) {
    void vscode.window.showInformationMessage('Skim: open a file first.');
    return undefined;
  }
  const file = workspace.inWorkspace(chosen);
  if (!file) void vscode.window.showInformationMessage(`Skim: ${chosen.fsPath} is not inside the open workspace.`);
  return file;
}

/** Summarize File, Show Map, Forget This File, Clear Cache. */
export function fileCommands(workspace: WorkspaceMaps): CommandHandlers<'skim.summarizeFile' | 'skim.showMap' | 'skim.forgetFile' | 'skim.clearCache'> {
  return {
    'skim.summarizeFile': async (uri?: vscode.Uri) => {
      const file = commandTarget(workspace, uri);
      if (!file) return undefined;
      try {
        const outcome = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Skim: summarizing ${file.key}`, cancellable: true },
          (_progress, token) => workspace.ensure(file, token),
        );
        await vscode.window.showTextDocument(mapUri(vscode.Uri.file(file.absolute)), {
          preview: true,
          viewColumn: vscode.ViewColumn.Beside,
          preserveFocus: true,
        });
        return outcome.entry;
      } catch (error) {
        void vscode.window.showWarningMessage(`Skim could not summarize ${file.key}: ${(error as Error).message}`);
        return undefined;
      }
    },
    'skim.showMap': async (uri?: vscode.Uri) => {
      const file = commandTarget(workspace, uri);
      if (file) await vscode.window.showTextDocument(mapUri(vscode.Uri.file(file.absolute)), { preview: true, viewColumn: vscode.ViewColumn.Beside });
    },
    'skim.forgetFile': async (uri?: vscode.Uri) => {
      const file = commandTarget(workspace, uri);
      if (file) await workspace.forget(file);
    },
    'skim.clearCache': () => workspace.clear(),
  };
}
