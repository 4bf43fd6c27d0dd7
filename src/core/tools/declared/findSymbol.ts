import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { fileSchema, onFile } from './fileInput';
import { findSymbolIn, FoundSymbols } from '../symbols';
import { ToolResult } from '../result';

export interface FindSymbolInput {
  filePath: string;
  name: string;
}

/** skim_find_symbol: One declaration's body and coordinates, by name, in a named file. */
export const findSymbolTool: ToolDeclaration<FindSymbolInput, ToolResult<FoundSymbols>> = {
  name: TOOL_NAME.findSymbol,
  displayName: 'Skim: Find Symbol',
  toolReferenceName: 'skimFind',
  icon: '$(symbol-method)',
  userDescription: "One declaration's body and line range, by name, in a file.",
  modelDescription:
    "Fetch one declaration by name from a source file: its exact line range and its numbered lines (a function, method, class or type). Cheaper than reading the file to find it. Use a name from skim_list_symbols or skim_summarize_file; a qualified name (Runner.run, Session.send) selects that class's member.",
  inputSchema: fileSchema(
    {
      name: {
        type: 'string',
        description: "The declaration's name, e.g. parseArgs or Runner.run.",
      },
    },
    ['name'],
  ),
  showsLines: true,
  over: 'file',
  messages: (input) => ({ invocation: `Finding ${input.name} in ${input.filePath}`, past: `Found ${input.name} in ${input.filePath}` }),
  run: onFile(async (host, file, input) => findSymbolIn(host.ctx, file, input.name, host.ctx.options.lineLimit)),
};
