import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { DEFAULT_TOKENS } from '../../core/overview/renderOverview';
import { O200K, TokenCounter } from '../../core/savings';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { OverviewInput, overviewProject } from '../../core/tools/overview';
import { WorkspaceMaps } from '../workspaceMaps';
import { eachFolder } from './folders';
import { LmTool } from './table';

/**
 * skim_overview: a folder's files ranked by how much the rest of the code refers to them, with
 * their most referred-to declarations, fitted to a token budget counted by the chat model where
 * VS Code offers its counter (else o200k). With a path, that folder; else every workspace folder,
 * each with its share of the budget. Never a model call.
 */
export function overviewTool(workspace: WorkspaceMaps): LmTool<OverviewInput> {
  return {
    messages: (input) => {
      const what = input.path ?? 'the workspace';
      return { invocation: `Surveying ${what}`, past: `Surveyed ${what}` };
    },
    invoke(input, token, tokenization) {
      const countTokens = tokenization?.countTokens;
      const counter: TokenCounter = countTokens ? { name: "the chat model's own counter", count: async (text) => countTokens(text, token) } : O200K;
      return eachFolder(workspace, input.path, token, 'survey', async (folder, signal, folders) => {
        const sources = { maps: await workspace.storedMaps(folder), outlines: () => workspace.outlines(folder) };
        const request = { path: input.path && path.resolve(folder.uri.fsPath, input.path), tokens: Math.floor((input.tokens ?? DEFAULT_TOKENS) / folders) };
        const options = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), launch: workspace.launcher.launch, counter, signal };
        return overviewProject(workspace.context(folder), new Project(folder.uri.fsPath), sources, request, options);
      });
    },
  };
}
