import * as vscode from 'vscode';
import { WorkspaceMaps } from '../workspaceMaps';
import { lspTool } from './lspTool';
import { readFileTool } from './readFileTool';
import { searchTool } from './searchTool';
import { summarizeFileTool } from './summarizeFileTool';
import { findSymbolTool, listSymbolsTool } from './symbolTools';
import { nodeAtTool, queryTreeTool } from './treeTools';

/** The language-model tools; their names, descriptions and schemas are in package.json. */
export function registerTools(workspace: WorkspaceMaps): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('skim_search', searchTool(workspace)),
    vscode.lm.registerTool('skim_summarize_file', summarizeFileTool(workspace)),
    vscode.lm.registerTool('skim_read_file', readFileTool(workspace)),
    vscode.lm.registerTool('skim_list_symbols', listSymbolsTool(workspace)),
    vscode.lm.registerTool('skim_find_symbol', findSymbolTool(workspace)),
    vscode.lm.registerTool('skim_query_tree', queryTreeTool(workspace)),
    vscode.lm.registerTool('skim_node_at', nodeAtTool(workspace)),
    vscode.lm.registerTool('skim_lsp', lspTool(workspace)),
  ];
}
