import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { fileSchema, onFile } from './fileInput';
import { factsAnswer, factsFallback, LspInput, lspSource, verifiedCall } from '../lsp';

export interface LspFileInput extends LspInput {
  filePath: string;
}

/** skim_lsp: A fact about the symbol the model names on a line, from the host's language server (definition, references, implementations, type, callers); with none, none answering in time, or one that failed, the outlines and search stand in, and say which of those it was. */
export const lspTool: ToolDeclaration<LspFileInput> = {
  name: TOOL_NAME.lsp,
  displayName: 'Skim: Language Server Facts',
  toolReferenceName: 'skimLsp',
  icon: '$(references)',
  userDescription: "A symbol's definition, references, implementations, type or callers, from the language server, each in its region.",
  modelDescription:
    'Ask the language server about a symbol instead of reading files to find out: op `definition` (where it is declared), `references` (where it is used), `implementations`, `type` (its type, from the hover), or `callers` (the functions that call it). Name the symbol as it is written on the line (you have the line from skim_search, skim_find_symbol or a read); Skim finds its column. Each location comes with its line and the function or class holding it, so the next step is a read of exactly that region. With no language server, or none answering in time, declarations from the file outlines and text matches from search stand in, and the answer says so.',
  inputSchema: fileSchema(
    {
      line: {
        type: 'integer',
        minimum: 1,
        description: 'The line the symbol is on, 1-based.',
      },
      symbol: {
        type: 'string',
        description: 'The symbol as written on that line, e.g. parseArgs or Runner.run.',
      },
      op: {
        type: 'string',
        enum: ['definition', 'references', 'implementations', 'type', 'callers'],
        description: 'What to ask: definition, references, implementations, type or callers.',
      },
    },
    ['line', 'symbol', 'op'],
  ),
  showsLines: false,
  over: 'file',
  messages: (input) => ({ invocation: `Asking for the ${input.op} of ${input.symbol}`, past: `Asked for the ${input.op} of ${input.symbol}` }),
  run: onFile(async (host, file, input) => {
    // Skim's own check first: a host would open a FIFO or a device as a document, and wait on it.
    await lspSource(file);
    const before = await verifiedCall(host.ctx, file, input);
    const answer = await host.languageServer(file, input);
    if ('why' in answer) {
      const outlines = await host.outlines();
      return factsFallback(host.ctx, host.project, await host.storedMaps(), file, input, answer.why, host.programs, before, outlines);
    }
    return factsAnswer(host.ctx, host.project, answer, before);
  }),
};
