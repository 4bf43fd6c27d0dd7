import * as vscode from 'vscode';
import { ToolResult } from '../../core/tools/result';
import { WorkspaceMaps } from '../workspaceMaps';
import { locateTool } from './locateTool';
import { lspTool } from './lspTool';
import { overviewTool } from './overviewTool';
import { readFileTool } from './readFileTool';
import { searchTool } from './searchTool';
import { summarizeFileTool } from './summarizeFileTool';
import { findSymbolTool, listSymbolsTool } from './symbolTools';
import { nodeAtTool, queryTreeTool } from './treeTools';

/** One language-model tool as the extension offers it: what the chat shows while it runs, and the core call behind it. */
export interface LmTool<I> {
  messages(input: I): { invocation: string; past: string };
  /** `tokenization`: how the chat counts tokens, for a tool that fits its answer to a budget. */
  invoke(input: I, token: vscode.CancellationToken, tokenization?: vscode.LanguageModelToolTokenizationOptions): Promise<ToolResult>;
}

/** Every tool by its name in package.json (whose descriptions and schemas the model sees), as the MCP server has them. */
export function toolTable(workspace: WorkspaceMaps): Record<string, LmTool<never>> {
  return {
    skim_locate: locateTool(workspace),
    skim_overview: overviewTool(workspace),
    skim_search: searchTool(workspace),
    skim_summarize_file: summarizeFileTool(workspace),
    skim_read_file: readFileTool(workspace),
    skim_list_symbols: listSymbolsTool(workspace),
    skim_find_symbol: findSymbolTool(workspace),
    skim_query_tree: queryTreeTool(workspace),
    skim_node_at: nodeAtTool(workspace),
    skim_lsp: lspTool(workspace),
  };
}
