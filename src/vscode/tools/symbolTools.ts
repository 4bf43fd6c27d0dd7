import { findSymbolIn, listSymbolsOf } from '../../core/tools/symbols';
import { WorkspaceMaps } from '../workspaceMaps';
import { LmTool } from './table';

export interface ListSymbolsInput {
  filePath: string;
}

export interface FindSymbolInput {
  filePath: string;
  name: string;
}

/** skim_list_symbols: the structural outline of one file; one parse, no model call. */
export function listSymbolsTool(workspace: WorkspaceMaps): LmTool<ListSymbolsInput> {
  return {
    messages: (input) => ({ invocation: `Outlining ${input.filePath}`, past: `Outlined ${input.filePath}` }),
    async invoke(input) {
      const file = workspace.resolve(input.filePath);
      return listSymbolsOf(workspace.context(file.folder), file);
    },
  };
}

/** skim_find_symbol: one declaration's body and coordinates, by name, in a named file. */
export function findSymbolTool(workspace: WorkspaceMaps): LmTool<FindSymbolInput> {
  return {
    messages: (input) => ({ invocation: `Finding ${input.name} in ${input.filePath}`, past: `Found ${input.name} in ${input.filePath}` }),
    async invoke(input) {
      const file = workspace.resolve(input.filePath);
      const ctx = workspace.context(file.folder);
      return findSymbolIn(ctx, file, input.name, ctx.options.lineLimit);
    },
  };
}
