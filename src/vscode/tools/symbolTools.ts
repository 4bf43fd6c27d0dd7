import * as vscode from 'vscode';
import { renderMap } from '../../core/map/render';
import { renderFoundSymbols } from '../../core/present';
import { findSymbol, listSymbols } from '../../core/symbols';
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

function explain(error: unknown, path: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new Error(`${path} does not exist. Check the path, then try again.`);
  return new Error(`${(error as Error).message}. Use skim_summarize_file or skim_read_file for this file instead.`);
}

/** skim_list_symbols: the structural outline of one file; one parse, no model call. */
export function listSymbolsTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<ListSymbolsInput> {
  return {
    prepareInvocation(options) {
      return { invocationMessage: `Outlining ${options.input.filePath}`, pastTenseMessage: `Outlined ${options.input.filePath}` };
    },
    async invoke(options, token) {
      const file = workspace.resolve(options.input.filePath);
      let outline;
      try {
        outline = await listSymbols(file);
      } catch (error) {
        throw explain(error, file.key);
      }
      return toolResult(renderMap(outline), options, token);
    },
  };
}

/** skim_find_symbol: one declaration's body and coordinates, by name, in a named file. */
export function findSymbolTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<FindSymbolInput> {
  return {
    prepareInvocation(options) {
      return { invocationMessage: `Finding ${options.input.name} in ${options.input.filePath}`, pastTenseMessage: `Found ${options.input.name} in ${options.input.filePath}` };
    },
    async invoke(options, token) {
      const file = workspace.resolve(options.input.filePath);
      let result;
      try {
        result = await findSymbol(file, options.input.name, settings().lineLimit);
      } catch (error) {
        throw explain(error, file.key);
      }
      return toolResult(renderFoundSymbols(file.key, options.input.name, result.found, result.outline), options, token);
    },
  };
}
