import * as vscode from 'vscode';
import { nodeAtText, queryTreeText } from '../../core/tools';
import { WorkspaceMaps } from '../workspaceMaps';
import { toolResult } from './toolResult';

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
export function queryTreeTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<QueryTreeInput> {
  return {
    prepareInvocation(options) {
      return {
        invocationMessage: `Querying ${options.input.filePath} for ${options.input.query}`,
        pastTenseMessage: `Queried ${options.input.filePath} for ${options.input.query}`,
      };
    },
    async invoke(options, token) {
      return toolResult(await queryTreeText(workspace.resolve(options.input.filePath), options.input.query, options.input.max), options, token);
    },
  };
}

/** skim_node_at: the syntax nodes holding one position, outermost first. */
export function nodeAtTool(workspace: WorkspaceMaps): vscode.LanguageModelTool<NodeAtInput> {
  return {
    prepareInvocation(options) {
      return {
        invocationMessage: `Reading the syntax at ${options.input.filePath}:${options.input.line}`,
        pastTenseMessage: `Read the syntax at ${options.input.filePath}:${options.input.line}`,
      };
    },
    async invoke(options, token) {
      return toolResult(await nodeAtText(workspace.resolve(options.input.filePath), options.input.line, options.input.column), options, token);
    },
  };
}
