import * as vscode from 'vscode';
import { WorkspaceMaps } from '../workspaceMaps';
import { readFileTool } from './readFileTool';
import { summarizeFileTool } from './summarizeFileTool';
import { findSymbolTool, listSymbolsTool } from './symbolTools';

/** The four language-model tools; their names, descriptions and schemas are in package.json. */
export function registerTools(workspace: WorkspaceMaps): vscode.Disposable[] {
  return [
    vscode.lm.registerTool('skim_summarize_file', summarizeFileTool(workspace)),
    vscode.lm.registerTool('skim_read_file', readFileTool(workspace)),
    vscode.lm.registerTool('skim_list_symbols', listSymbolsTool(workspace)),
    vscode.lm.registerTool('skim_find_symbol', findSymbolTool(workspace)),
  ];
}
