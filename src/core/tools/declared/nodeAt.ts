import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { fileSchema, onFile } from './fileInput';
import { nodeAtFile } from '../tree';

export interface NodeAtInput {
  filePath: string;
  line: number;
  column?: number;
}

/** skim_node_at: The syntax nodes holding one position, outermost first. */
export const nodeAtTool: ToolDeclaration<NodeAtInput> = {
  name: TOOL_NAME.nodeAt,
  displayName: 'Skim: Syntax at Position',
  toolReferenceName: 'skimNodeAt',
  icon: '$(symbol-structure)',
  userDescription: 'The chain of syntax nodes holding a line (and column) of a file, outermost first.',
  modelDescription:
    'What a position in a source file is, syntactically, without reading around it: the chain of named syntax nodes holding that line (and column), outermost first, each with its type, its name where it has one and its line range (e.g. program > class_declaration Cart > method_definition add > if_statement > call_expression). Use it to learn which function, block or statement a line from a search or an error message belongs to, and its extent.',
  inputSchema: fileSchema(
    {
      line: {
        type: 'integer',
        minimum: 1,
        description: 'The line, 1-based.',
      },
      column: {
        type: 'integer',
        minimum: 1,
        description: 'The column, 1-based. Default: the first character on the line that is not white space.',
      },
    },
    ['line'],
  ),
  showsLines: false,
  over: 'file',
  messages: (input) => ({
    invocation: `Reading the syntax at ${input.filePath}:${input.line}`,
    past: `Read the syntax at ${input.filePath}:${input.line}`,
  }),
  run: onFile(async (host, file, input) => nodeAtFile(host.ctx, file, input.line, input.column, (await host.storedMaps()).slow)),
};
