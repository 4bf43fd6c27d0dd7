import { ToolDeclaration } from './declaration';
import { changesTool } from './declared/changes';
import { findSymbolTool } from './declared/findSymbol';
import { listSymbolsTool } from './declared/listSymbols';
import { locateTool } from './declared/locate';
import { lspTool } from './declared/lsp';
import { nodeAtTool } from './declared/nodeAt';
import { overviewTool } from './declared/overview';
import { queryTreeTool } from './declared/queryTree';
import { readFileTool } from './declared/readFile';
import { searchTool } from './declared/search';
import { summarizeFileTool } from './declared/summarizeFile';

/** Every tool, in the order package.json and MCP's list give them (cheapest rung first). */
export const TOOLS: readonly ToolDeclaration<never>[] = [
  locateTool,
  overviewTool,
  searchTool,
  changesTool,
  summarizeFileTool,
  readFileTool,
  listSymbolsTool,
  findSymbolTool,
  queryTreeTool,
  nodeAtTool,
  lspTool,
];
