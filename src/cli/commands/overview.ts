import { overviewTool } from '../../core/tools/declared/overview';
import { ParsedArgs } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';
import { toolInput } from './toolFlags';

/** `skim overview [DIR]`: the folder's files and their most referred-to declarations, ranked, in a token budget; never a model call. */
export async function overviewCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [path] = args.positionals;
  // As every host: a budget outside the declared bounds is refused, never quietly moved.
  await printTool(overviewTool, toolInput(overviewTool, args, { path }, { tokens: 'tokens' }), args, session, io);
}
