import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { DEFAULT_TOKENS } from '../../core/overview/text';
import { O200K, TokenCounter } from '../../core/savings';
import { mergeFindings, NO_FINDINGS } from '../../core/screen/screen';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { OverviewInput, overviewProject } from '../../core/tools/overview';
import { TextPart, ToolResult } from '../../core/tools/result';
import { WorkspaceMaps } from '../workspaceMaps';
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
    async invoke(input, token, tokenization) {
      const folders = input.path ? [workspace.resolveFolder(input.path)] : (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
      if (folders.length === 0) throw new Error('No folder is open in VS Code, so there is no workspace to survey. Open the project folder first.');
      const countTokens = tokenization?.countTokens;
      const counter: TokenCounter = countTokens ? { name: "the chat model's own counter", count: async (text) => countTokens(text, token) } : O200K;
      const tokens = Math.floor((input.tokens ?? DEFAULT_TOKENS) / folders.length);
      const abort = new AbortController();
      const cancel = token.onCancellationRequested(() => abort.abort());
      try {
        const parts: TextPart[] = [];
        const json: unknown[] = [];
        let findings = NO_FINDINGS;
        for (const folder of folders) {
          const sources = { maps: await workspace.storedMaps(folder), outlines: await workspace.outlines(folder) };
          const request = { path: input.path && path.resolve(folder.uri.fsPath, input.path), tokens };
          const options = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), counter, signal: abort.signal };
          const result = await overviewProject(workspace.context(folder), new Project(folder.uri.fsPath), sources, request, options);
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
