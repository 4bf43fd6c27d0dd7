/**
 * Each tool's name, said once: its declaration (declared/) is listed by it, and its runner names
 * it in its errors and its advice from here, never by spelling it again.
 */
export const TOOL_NAME = {
  locate: 'skim_locate',
  overview: 'skim_overview',
  search: 'skim_search',
  changes: 'skim_changes',
  summarizeFile: 'skim_summarize_file',
  readFile: 'skim_read_file',
  listSymbols: 'skim_list_symbols',
  findSymbol: 'skim_find_symbol',
  queryTree: 'skim_query_tree',
  nodeAt: 'skim_node_at',
  lsp: 'skim_lsp',
} as const;
