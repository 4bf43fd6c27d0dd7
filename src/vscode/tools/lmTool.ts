import type * as vscode from 'vscode';
import type { ToolMessages } from '../../core/tools/declaration';
import type { ToolResult } from '../../core/tools/result';

/** One language-model tool as the extension offers it: what the chat shows while it runs (the declaration's messages), and the core call behind it. */
export interface LmTool<I> {
  messages(input: I): ToolMessages;
  /** `tokenization`: how the chat counts tokens, for a tool that fits its answer to a budget. */
  invoke(input: I, token: vscode.CancellationToken, tokenization?: vscode.LanguageModelToolTokenizationOptions): Promise<ToolResult>;
}
