import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project, ProjectFile } from '../../core/files/project';

/** A file inside one of the open workspace folders. */
export interface WorkspaceFile extends ProjectFile {
  folder: vscode.WorkspaceFolder;
}

/** A path the tools will not read: outside the workspace, or no workspace at all. Said to the model. */
export class OutsideWorkspaceError extends Error {}

const fileFolders = () => vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file') ?? [];

/** The workspace file for a URI, or undefined when it is not a file inside a workspace folder. */
export function inWorkspace(uri: vscode.Uri): WorkspaceFile | undefined {
  if (uri.scheme !== 'file') return undefined;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder || folder.uri.scheme !== 'file') return undefined;
  const file = new Project(folder.uri.fsPath).file(uri.fsPath);
  return file.inside ? { ...file, folder } : undefined;
}

/** Resolves a path a model gave (absolute, or relative to a workspace folder); refuses anything outside the workspace. */
export function resolveInWorkspace(input: string): WorkspaceFile {
  const folders = fileFolders();
  if (folders.length === 0)
    throw new OutsideWorkspaceError('No folder is open in VS Code, so Skim has no workspace to read from. Open the project folder first.');
  const candidates = path.isAbsolute(input) ? [path.normalize(input)] : folders.map((f) => path.join(f.uri.fsPath, input));
  for (const absolute of candidates) {
    const file = inWorkspace(vscode.Uri.file(absolute));
    if (file) return file;
  }
  const roots = folders.map((f) => f.uri.fsPath).join(', ');
  throw new OutsideWorkspaceError(
    `${input} is outside the open workspace (${roots}). Skim reads only files inside it: give a path inside the workspace, absolute or relative to its folder.`,
  );
}

/** The workspace folder a path a model gave lies in (one where it exists, first); refuses a path outside every folder. */
export function resolveFolder(input: string): vscode.WorkspaceFolder {
  const folders = fileFolders();
  const candidates = path.isAbsolute(input) ? [path.normalize(input)] : folders.map((f) => path.join(f.uri.fsPath, input));
  const holding = candidates
    .map((absolute) => ({ absolute, folder: vscode.workspace.getWorkspaceFolder(vscode.Uri.file(absolute)) }))
    .filter((c) => c.folder?.uri.scheme === 'file');
  const found = holding.find((c) => existsSync(c.absolute)) ?? holding[0];
  if (found?.folder) return found.folder;
  const roots = folders.map((f) => f.uri.fsPath).join(', ') || 'no folder is open';
  throw new OutsideWorkspaceError(`${input} is outside the open workspace (${roots}): give a path inside the workspace, absolute or relative to its folder.`);
}
