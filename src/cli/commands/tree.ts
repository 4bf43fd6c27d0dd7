import { nodeAtTool } from '../../core/tools/declared/nodeAt';
import { queryTreeTool } from '../../core/tools/declared/queryTree';
import { ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';
import { toolInput } from './toolFlags';

export async function queryCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath, query] = args.positionals;
  await printTool(queryTreeTool, toolInput(queryTreeTool, args, { filePath, query }, { max: 'max' }), args, session, io);
}

export async function nodeAtCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath, position] = args.positionals;
  const match = /^(\d+)(?::(\d+))?$/.exec(position);
  if (!match) throw new UsageError(`LINE[:COL] must be a line, or a line and a column, from 1 (12 or 12:5), not ${JSON.stringify(position)}`);
  const input = { filePath, line: Number(match[1]), column: match[2] === undefined ? undefined : Number(match[2]) };
  await printTool(nodeAtTool, input, args, session, io);
}
