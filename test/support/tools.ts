/** Skim's tools by name, sorted: the same eleven in VS Code's vscode.lm and over MCP. */
export const SKIM_TOOLS = [
  'skim_changes',
  'skim_find_symbol',
  'skim_list_symbols',
  'skim_locate',
  'skim_lsp',
  'skim_node_at',
  'skim_overview',
  'skim_query_tree',
  'skim_read_file',
  'skim_search',
  'skim_summarize_file',
];
