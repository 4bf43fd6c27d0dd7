import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/project';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { SearchRequest } from '../../core/search/search';
import { searchText } from '../../core/tools';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

export type SearchInput = Pick<SearchRequest, 'pattern' | 'path' | 'glob' | 'literal' | 'max'>;

/**
 * skim_search: ripgrep over the workspace (VS Code's own binary first), each hit placed in its
 * region. With a path, the folder holding it is searched; else every workspace folder in turn.
 */
export function searchTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<SearchInput> {
  return {
    prepareInvocation(options) {
      return { invocationMessage: `Searching for ${options.input.pattern}`, pastTenseMessage: `Searched for ${options.input.pattern}` };
    },
    async invoke(options, token) {
      const input = options.input;
      const folders = input.path ? [workspace.resolveFolder(input.path)] : (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
      if (folders.length === 0) throw new Error('No folder is open in VS Code, so there is no workspace to search. Open the project folder first.');
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      try {
        const texts: string[] = [];
        for (const folder of folders) {
          const project = new Project(folder.uri.fsPath);
          const request = { ...input, path: input.path && path.resolve(folder.uri.fsPath, input.path), signal: abort.signal };
          const text = await searchText(project, await workspace.storedMaps(folder), request, { candidates: vscodeRipgrepCandidates(vscode.env.appRoot) });
          texts.push(folders.length > 1 ? `In workspace folder ${folder.name}:\n${text}` : text);
        }
        return toolResult(texts.join('\n\n'), options, token);
      } finally {
        cancel.dispose();
      }
    },
  };
}
