import * as vscode from 'vscode';
import { findSymbolText, listSymbolsText } from '../../core/tools';
import { settings } from '../settings';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

export interface ListSymbolsInput {
  filePath: string;
}

export interface FindSymbolInput {
  filePath: string;
  name: string;
}

/** skim_list_symbols: the structural outline of one file; one parse, no model call. */
export function listSymbolsTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<ListSymbolsInput> {
  return {
    prepareInvocation(options) {
      return { invocationMessage: `Outlining ${options.input.filePath}`, pastTenseMessage: `Outlined ${options.input.filePath}` };
    },
    async invoke(options, token) {
      return toolResult(await listSymbolsText(workspace.resolve(options.input.filePath)), options, token);
    },
  };
}

/** skim_find_symbol: one declaration's body and coordinates, by name, in a named file. */
export function findSymbolTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<FindSymbolInput> {
  return {
    prepareInvocation(options) {
      return {
        invocationMessage: `Finding ${options.input.name} in ${options.input.filePath}`,
        pastTenseMessage: `Found ${options.input.name} in ${options.input.filePath}`,
      };
    },
    async invoke(options, token) {
      const file = workspace.resolve(options.input.filePath);
      return toolResult(await findSymbolText(file, options.input.name, settings().lineLimit), options, token);
    },
  };
}
