import { changesTool } from '../../core/tools/declared/changes';
import { ParsedArgs } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';
import { toolInput } from './toolFlags';

/** `skim changes [REV]`: the working tree's git diff against REV, each changed function with its changed lines, in a token budget; never a model call. */
export async function changesCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [rev] = args.positionals;
  await printTool(changesTool, toolInput(changesTool, args, { rev }, { path: 'path', tokens: 'tokens' }), args, session, io);
}
