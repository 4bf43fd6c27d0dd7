import { searchTool } from '../../core/tools/declared/search';
import { ParsedArgs } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';
import { toolInput } from './toolFlags';

export async function searchCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [pattern] = args.positionals;
  const input = toolInput(searchTool, args, { pattern }, { path: 'path', glob: 'glob', literal: 'literal', max: 'max' });
  await printTool(searchTool, input, args, session, io);
}
