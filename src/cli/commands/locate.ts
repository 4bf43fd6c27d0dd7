import { locateTool } from '../../core/tools/declared/locate';
import { ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printTool } from './output';
import { toolInput } from './toolFlags';

/** `skim locate "QUESTION" [DIR]`: the regions most likely to be what a question in words is about, ranked, in a token budget; never a model call. */
export async function locateCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [question, path] = args.positionals;
  if (!question.trim()) throw new UsageError('QUESTION is empty: skim locate "QUESTION" [DIR] (quote the question)');
  await printTool(locateTool, toolInput(locateTool, args, { question, path }, { tokens: 'tokens' }), args, session, io);
}
