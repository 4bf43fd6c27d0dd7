import { ToolDeclaration } from '../declaration';
import { findSymbolIn } from '../symbols';

export interface FindSymbolInput {
  filePath: string;
  name: string;
}

/** skim_find_symbol: One declaration's body and coordinates, by name, in a named file. */
export const findSymbolTool: ToolDeclaration<FindSymbolInput> = {
  name: 'skim_find_symbol',
  displayName: 'Skim: Find Symbol',
  toolReferenceName: 'skimFind',
  icon: '$(symbol-method)',
  userDescription: "One declaration's body and line range, by name, in a file.",
  modelDescription:
    'Fetch one declaration by name from a source file: its exact line range and its numbered lines (a function, method, class or type). Cheaper than reading the file to find it. Use a name from skim_list_symbols or skim_summarize_file; a qualified name matches by its last part.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        description: 'The file: an absolute path, or a path relative to the workspace folder.',
      },
      name: {
        type: 'string',
        description: "The declaration's name, e.g. parseArgs or Runner.run.",
      },
    },
    required: ['filePath', 'name'],
    additionalProperties: false,
  },
  showsLines: true,
  over: 'file',
  run: async (host, input) => findSymbolIn(host.ctx, host.file(input.filePath), input.name, host.ctx.options.lineLimit),
};
