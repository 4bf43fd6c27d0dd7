import { counted } from '../../core/map/counts';
import type { ChangesInput } from '../../core/tools/changes';
import type { FindSymbolInput } from '../../core/tools/declared/findSymbol';
import type { FileInput } from '../../core/tools/declared/fileInput';
import type { LocateInput } from '../../core/tools/locate';
import type { LspFileInput } from '../../core/tools/declared/lsp';
import type { NodeAtInput } from '../../core/tools/declared/nodeAt';
import type { OverviewInput } from '../../core/tools/overview';
import type { QueryTreeInput } from '../../core/tools/declared/queryTree';
import type { ReadFileInput } from '../../core/tools/declared/readFile';
import type { ReadResult } from '../../core/tools/read';
import type { SearchInput } from '../../core/tools/declared/search';
import type { ToolView } from './lmTool';

function range({ startLine, lineCount, endLine }: ReadFileInput): string {
  if (endLine) return `, lines ${startLine ?? 1}-${endLine}`;
  if (lineCount) return `, ${counted(lineCount, 'line')} from ${startLine ?? 1}`;
  return startLine ? ` from line ${startLine}` : '';
}

const locate: ToolView<LocateInput> = {
  messages: (input) => ({ invocation: `Locating "${input.question}"`, past: `Located "${input.question}"` }),
  work: 'locate',
};

const overview: ToolView<OverviewInput> = {
  messages: (input) => {
    const what = input.path ?? 'the workspace';
    return { invocation: `Surveying ${what}`, past: `Surveyed ${what}` };
  },
  work: 'survey',
};

const search: ToolView<SearchInput> = {
  messages: (input) => ({ invocation: `Searching for ${input.pattern}`, past: `Searched for ${input.pattern}` }),
  work: 'search',
};

const changes: ToolView<ChangesInput> = {
  messages: (input) => {
    const against = input.rev ?? 'HEAD';
    return { invocation: `Placing the changes against ${against} in the map`, past: `Placed the changes against ${against} in the map` };
  },
  work: 'compare',
};

const summarizeFile: ToolView<FileInput> = {
  messages: (input) => ({ invocation: `Mapping ${input.filePath}`, past: `Mapped ${input.filePath}` }),
};

/** A read the guard could not map says so once; a shortened read is counted for Show Savings. */
const readFile: ToolView<ReadFileInput, ReadResult> = {
  messages: (input) => ({ invocation: `Reading ${input.filePath}${range(input)}`, past: `Read ${input.filePath}${range(input)}` }),
  async after(workspace, input, result) {
    const file = workspace.resolve(input.filePath);
    const { read } = result;
    if (read.outcome === 'unmapped') workspace.log.warnOnce(`unmapped:${read.reason}`, `no map for ${file.key}: ${read.reason}. The read was not shortened.`);
    if (read.capped && read.askedEnd !== undefined) await workspace.recordShortened(file, [read.start, read.end], read.askedEnd, result.mapText);
  },
};

const listSymbols: ToolView<FileInput> = {
  messages: (input) => ({ invocation: `Outlining ${input.filePath}`, past: `Outlined ${input.filePath}` }),
};

const findSymbol: ToolView<FindSymbolInput> = {
  messages: (input) => ({ invocation: `Finding ${input.name} in ${input.filePath}`, past: `Found ${input.name} in ${input.filePath}` }),
};

const queryTree: ToolView<QueryTreeInput> = {
  messages: (input) => ({ invocation: `Querying ${input.filePath} for ${input.query}`, past: `Queried ${input.filePath} for ${input.query}` }),
};

const nodeAt: ToolView<NodeAtInput> = {
  messages: (input) => ({
    invocation: `Reading the syntax at ${input.filePath}:${input.line}`,
    past: `Read the syntax at ${input.filePath}:${input.line}`,
  }),
};

const lsp: ToolView<LspFileInput> = {
  messages: (input) => ({ invocation: `Asking for the ${input.op} of ${input.symbol}`, past: `Asked for the ${input.op} of ${input.symbol}` }),
};

/** How the chat shows each declared tool, by its name. */
export const TOOL_VIEWS: Record<string, ToolView<never, never>> = {
  skim_locate: locate,
  skim_overview: overview,
  skim_search: search,
  skim_changes: changes,
  skim_summarize_file: summarizeFile,
  skim_read_file: readFile,
  skim_list_symbols: listSymbols,
  skim_find_symbol: findSymbol,
  skim_query_tree: queryTree,
  skim_node_at: nodeAt,
  skim_lsp: lsp,
};
