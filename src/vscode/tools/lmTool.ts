import type * as vscode from 'vscode';
import type { ToolResult } from '../../core/tools/result';
import type { WorkspaceMaps } from '../workspaceMaps';

/** One language-model tool as the extension offers it: what the chat shows while it runs, and the core call behind it. */
export interface LmTool<I> {
  messages(input: I): { invocation: string; past: string };
  /** `tokenization`: how the chat counts tokens, for a tool that fits its answer to a budget. */
  invoke(input: I, token: vscode.CancellationToken, tokenization?: vscode.LanguageModelToolTokenizationOptions): Promise<ToolResult>;
}

/** How the extension shows a declared tool: its chat messages, the work a folder tool names when none is open, and what it does after a call. */
export interface ToolView<I, R extends ToolResult = ToolResult> {
  messages(input: I): { invocation: string; past: string };
  /** For a tool over folders: the work, as the error with no folder open names it ("no workspace to search"). */
  work?: string;
  after?(workspace: WorkspaceMaps, input: I, result: R): Promise<void>;
}
