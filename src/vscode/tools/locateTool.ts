import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { DEFAULT_LOCATE_TOKENS } from '../../core/locate/renderLocate';
import { O200K, TokenCounter } from '../../core/savings';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { LocateInput, locateProject } from '../../core/tools/locate';
import { WorkspaceMaps } from '../workspaceMaps';
import { eachFolder } from './folders';
import { LmTool } from './table';

/**
 * skim_locate: the functions a question in words is most likely about, ranked, fitted to a token
 * budget counted by the chat model where VS Code offers its counter (else o200k). With a path,
 * that folder; else every workspace folder, each with its share of the budget. Never a model call.
 */
export function locateTool(workspace: WorkspaceMaps): LmTool<LocateInput> {
  return {
    messages: (input) => ({ invocation: `Locating "${input.question}"`, past: `Located "${input.question}"` }),
    invoke(input, token, tokenization) {
      const countTokens = tokenization?.countTokens;
      const counter: TokenCounter = countTokens ? { name: "the chat model's own counter", count: async (text) => countTokens(text, token) } : O200K;
      return eachFolder(workspace, input.path, token, 'locate', async (folder, signal, folders) => {
        const request = {
          question: input.question,
          path: input.path && path.resolve(folder.uri.fsPath, input.path),
          tokens: Math.floor((input.tokens ?? DEFAULT_LOCATE_TOKENS) / folders),
        };
        const options = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), launch: workspace.launcher.launch, counter, signal };
        return locateProject(workspace.context(folder), new Project(folder.uri.fsPath), () => workspace.outlines(folder), request, options);
      });
    },
  };
}
