import { ToolDeclaration } from '../declaration';
import { listSymbolsOf } from '../symbols';
import { FileInput } from './fileInput';

/** skim_list_symbols: The structural outline of one file: one parse, no model call. */
export const listSymbolsTool: ToolDeclaration<FileInput> = {
  name: 'skim_list_symbols',
  displayName: 'Skim: List Symbols',
  toolReferenceName: 'skimSymbols',
  icon: '$(symbol-class)',
  userDescription: 'The outline of a file from a parser: declarations and line ranges, no model call.',
  modelDescription:
    'Outline a source file without reading it: every class, interface, type, function and method with its exact line range, from a parser, in milliseconds, with no model call. Cheaper than any read; use it to choose the range to read or the declaration to fetch.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        description: 'The file: an absolute path, or a path relative to the workspace folder.',
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  },
  showsLines: false,
  over: 'file',
  run: async (host, input) => listSymbolsOf(host.ctx, host.file(input.filePath)),
};
