import { MAX_LOCATE_TOKENS, MIN_LOCATE_TOKENS } from '../../core/locate/renderLocate';
import { locateTool } from '../../core/tools/declared/locate';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';

/** `skim locate "QUESTION" [DIR]`: the regions most likely to be what a question in words is about, ranked, in a token budget; never a model call. */
export async function locateCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [question, path] = args.positionals;
  if (!question.trim()) throw new UsageError('QUESTION is empty: skim locate "QUESTION" [DIR] (quote the question)');
  const tokens = positiveInt(args.flags, 'tokens');
  if (tokens !== undefined && (tokens < MIN_LOCATE_TOKENS || tokens > MAX_LOCATE_TOKENS))
    throw new UsageError(`--tokens must be from ${MIN_LOCATE_TOKENS} to ${MAX_LOCATE_TOKENS.toLocaleString('en-US')}, not ${tokens}`);
  await printTool(locateTool, { question, path, tokens }, args, session, io);
}
