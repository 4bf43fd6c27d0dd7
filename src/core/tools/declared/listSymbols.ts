import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { FileInput, fileSchema, onFile } from './fileInput';
import { listSymbolsOf } from '../symbols';

/** skim_list_symbols: The structural outline of one file: one parse, no model call. */
export const listSymbolsTool: ToolDeclaration<FileInput> = {
  name: TOOL_NAME.listSymbols,
  displayName: 'Skim: List Symbols',
  toolReferenceName: 'skimSymbols',
  icon: '$(symbol-class)',
  userDescription: 'The outline of a file from a parser: declarations and line ranges, no model call.',
  modelDescription:
    'Outline a source file without reading it: every class, interface, type, function and method with its exact line range, from a parser, in milliseconds, with no model call. Cheaper than any read; use it to choose the range to read or the declaration to fetch.',
  inputSchema: fileSchema(),
  showsLines: false,
  over: 'file',
  messages: (input) => ({ invocation: `Outlining ${input.filePath}`, past: `Outlined ${input.filePath}` }),
  run: onFile(async (host, file) => listSymbolsOf(host.ctx, file)),
};
