import { nodeAtFile, queryFile } from '../../core/tools/tree';
import { WorkspaceMaps } from '../workspaceMaps';
import { LmTool } from './table';

export interface QueryTreeInput {
  filePath: string;
  query: string;
  max?: number;
}

export interface NodeAtInput {
  filePath: string;
  line: number;
  column?: number;
}

/** skim_query_tree: a tree-sitter query (or a named one) on one file; one parse, no model call. */
export function queryTreeTool(workspace: WorkspaceMaps): LmTool<QueryTreeInput> {
  return {
    messages: (input) => ({ invocation: `Querying ${input.filePath} for ${input.query}`, past: `Queried ${input.filePath} for ${input.query}` }),
    async invoke(input) {
      const file = workspace.resolve(input.filePath);
      return queryFile(workspace.context(file.folder), file, input.query, input.max, (await workspace.storedMaps(file.folder)).slow);
    },
  };
}

/** skim_node_at: the syntax nodes holding one position, outermost first. */
export function nodeAtTool(workspace: WorkspaceMaps): LmTool<NodeAtInput> {
  return {
    messages: (input) => ({
      invocation: `Reading the syntax at ${input.filePath}:${input.line}`,
      past: `Read the syntax at ${input.filePath}:${input.line}`,
    }),
    async invoke(input) {
      const file = workspace.resolve(input.filePath);
      return nodeAtFile(workspace.context(file.folder), file, input.line, input.column, (await workspace.storedMaps(file.folder)).slow);
    },
  };
}
