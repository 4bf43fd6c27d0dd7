import { searchTool } from '../../core/tools/declared/search';
import { ParsedArgs, positiveInt, stringFlag } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

export async function searchCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [pattern] = args.positionals;
  const input = {
    pattern,
    path: stringFlag(args.flags, 'path'),
    glob: stringFlag(args.flags, 'glob'),
    literal: args.flags.has('literal'),
    max: positiveInt(args.flags, 'max'),
  };
  await printTool(searchTool, input, args, session, io);
}
