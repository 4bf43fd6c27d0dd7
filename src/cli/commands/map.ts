import { summarizeFileTool } from '../../core/tools/declared/summarizeFile';
import { mapAt } from '../../core/tools/maps';
import { lineArg, ParsedArgs } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult, printTool } from './output';

export async function mapCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [filePath] = args.positionals;
  const { outcome } = await printTool(summarizeFileTool, { filePath }, args, session, io);
  if (outcome.fallback) io.warn(outcome.fallback);
}

export async function atCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, lineText] = args.positionals;
  const line = lineArg(lineText);
  const file = session.project.file(target, session.cwd);
  await printResult(io, false, () => mapAt(session.ctx, session.maps, file, line));
}
