import { nodeAtTool } from '../../core/tools/declared/nodeAt';
import { queryTreeTool } from '../../core/tools/declared/queryTree';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

export async function queryCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath, query] = args.positionals;
  await printTool(queryTreeTool, { filePath, query, max: positiveInt(args.flags, 'max') }, args, session, io);
}

export async function nodeAtCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath, position] = args.positionals;
  const match = /^(\d+)(?::(\d+))?$/.exec(position);
  if (!match) throw new UsageError(`LINE[:COL] must be a line, or a line and a column, from 1 (12 or 12:5), not ${JSON.stringify(position)}`);
  const input = { filePath, line: Number(match[1]), column: match[2] === undefined ? undefined : Number(match[2]) };
  await printTool(nodeAtTool, input, args, session, io);
}
