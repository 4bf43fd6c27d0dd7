import { MAX_TOKENS, MIN_TOKENS } from '../../core/overview/renderOverview';
import { overviewTool } from '../../core/tools/declared/overview';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

/** `skim overview [DIR]`: the folder's files and their most referred-to declarations, ranked, in a token budget; never a model call. */
export async function overviewCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [path] = args.positionals;
  const tokens = positiveInt(args.flags, 'tokens');
  // As skim_overview's schema does over MCP: a budget outside the bounds is refused, never quietly moved.
  if (tokens !== undefined && (tokens < MIN_TOKENS || tokens > MAX_TOKENS))
    throw new UsageError(`--tokens must be from ${MIN_TOKENS} to ${MAX_TOKENS.toLocaleString('en-US')}, not ${tokens}`);
  await printTool(overviewTool, { path, tokens }, args, session, io);
}
