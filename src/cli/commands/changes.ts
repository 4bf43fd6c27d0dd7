import { MAX_CHANGES_TOKENS, MIN_CHANGES_TOKENS } from '../../core/changes/renderChanges';
import { changesTool } from '../../core/tools/declared/changes';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

/** `skim changes [REV]`: the working tree's git diff against REV, each changed function with its changed lines, in a token budget; never a model call. */
export async function changesCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [rev] = args.positionals;
  const tokens = positiveInt(args.flags, 'tokens');
  if (tokens !== undefined && (tokens < MIN_CHANGES_TOKENS || tokens > MAX_CHANGES_TOKENS))
    throw new UsageError(`--tokens must be from ${MIN_CHANGES_TOKENS} to ${MAX_CHANGES_TOKENS.toLocaleString('en-US')}, not ${tokens}`);
  const path = args.flags.get('path');
  await printTool(changesTool, { rev, path: typeof path === 'string' ? path : undefined, tokens }, args, session, io);
}
