import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { O200K, TokenCounter } from '../../core/savings';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { TOOL_STEPS, ToolHost } from '../../core/tools/host';
import { READ_MAX_BYTES } from '../../core/tools/read';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { serverFacts } from './serverFacts';

/** The chat's cancellation and token counting, and, for a tool over folders, its abort signal and how many folders share the budget. */
export interface ToolCall {
  token: vscode.CancellationToken;
  tokenization?: vscode.LanguageModelToolTokenizationOptions;
  signal?: AbortSignal;
  folders?: number;
}

/**
 * One workspace folder as a tool's host: files resolved as the workspace resolves them, maps
 * made with the settings' model (cancelled with the chat), VS Code's own ripgrep first, tokens
 * counted by the chat model where VS Code offers its counter (else o200k), and its language servers.
 */
export function folderHost(workspace: WorkspaceMaps, folder: vscode.WorkspaceFolder, call: ToolCall): ToolHost {
  const countTokens = call.tokenization?.countTokens;
  const counter: TokenCounter = countTokens ? { name: "the chat model's own counter", count: async (text) => countTokens(text, call.token) } : O200K;
  return {
    ctx: workspace.context(folder),
    project: new Project(folder.uri.fsPath),
    file: (filePath) => workspace.resolve(filePath),
    scope: (p) => p && path.resolve(folder.uri.fsPath, p),
    // The map source carries the cancellation token to the model call itself.
    maps: (file) => workspace.mapSource({ ...file, folder }, call.token),
    storedMaps: () => workspace.storedMaps(folder),
    outlines: () => workspace.outlines(folder),
    history: () => workspace.history(folder).now(),
    programs: { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), launch: workspace.launcher.launch, counter, signal: call.signal },
    share: call.folders ?? 1,
    languageServer: (file, input) => serverFacts(workspace, { ...file, folder }, input),
    nextSteps: TOOL_STEPS,
    readCap: READ_MAX_BYTES,
  };
}
