import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { SearchRequest } from '../../core/search/search';
import { searchProject } from '../../core/tools/search';
import { WorkspaceMaps } from '../workspaceMaps';
import { eachFolder } from './folders';
import { LmTool } from './table';

export type SearchInput = Pick<SearchRequest, 'pattern' | 'path' | 'glob' | 'literal' | 'max'>;

/**
 * skim_search: ripgrep over the workspace (VS Code's own binary first), each hit placed in its
 * region. With a path, the folder holding it is searched; else every workspace folder in turn.
 */
export function searchTool(workspace: WorkspaceMaps): LmTool<SearchInput> {
  return {
    messages: (input) => ({ invocation: `Searching for ${input.pattern}`, past: `Searched for ${input.pattern}` }),
    invoke: (input, token) =>
      eachFolder(workspace, input.path, token, 'search', async (folder, signal) => {
        const project = new Project(folder.uri.fsPath);
        const request = { ...input, path: input.path && path.resolve(folder.uri.fsPath, input.path), signal };
        const programs = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), launch: workspace.launcher.launch };
        const maps = await workspace.storedMaps(folder);
        return searchProject(workspace.context(folder), project, maps, request, programs, await workspace.outlines(folder));
      }),
  };
}
