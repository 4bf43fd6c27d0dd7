import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { fileSchema, onFile } from './fileInput';
import { queryFile } from '../tree';
import { MAX_SHOWN } from '../../syntax/bounds';
import { DEFAULT_MAX_CAPTURES } from '../../syntax/captures';

export interface QueryTreeInput {
  filePath: string;
  query: string;
  max?: number;
}

/** skim_query_tree: A tree-sitter query (or a named one) on one file: one parse, no model call. */
export const queryTreeTool: ToolDeclaration<QueryTreeInput> = {
  name: TOOL_NAME.queryTree,
  displayName: 'Skim: Query Syntax Tree',
  toolReferenceName: 'skimQuery',
  icon: '$(list-tree)',
  userDescription: 'Runs a tree-sitter query on a file: its calls, imports, strings, definitions, or any S-expression.',
  modelDescription:
    'Ask a source file a syntax question without reading it: run a tree-sitter query and get each capture with its line:column, its text and the function or class that holds it. Named queries need no S-expression: `calls` (every call), `calls:NAME` (calls of NAME, e.g. calls:parse), `imports`, `definitions`, `strings`. Or write an S-expression in the file grammar, e.g. (call_expression function: (identifier) @fn). Cheaper than reading the file to find where something is called or imported. At most `max` captures (default 100), the total counted.',
  inputSchema: fileSchema(
    {
      query: {
        type: 'string',
        description: 'A named query (calls, calls:NAME, imports, definitions, strings) or a tree-sitter S-expression.',
      },
      max: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_SHOWN,
        description: `The most captures to show (default ${DEFAULT_MAX_CAPTURES}, at most ${MAX_SHOWN.toLocaleString('en-US')}).`,
      },
    },
    ['query'],
  ),
  showsLines: false,
  over: 'file',
  messages: (input) => ({ invocation: `Querying ${input.filePath} for ${input.query}`, past: `Queried ${input.filePath} for ${input.query}` }),
  run: onFile(async (host, file, input) => queryFile(host.ctx, file, input.query, input.max, (await host.storedMaps()).slow)),
};
