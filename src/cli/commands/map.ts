import { mapAt, summarizeFile } from '../../core/tools/maps';
import { ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function mapCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target] = args.positionals;
  const file = session.project.file(target, session.cwd);
  const result = await printResult(io, args.flags.has('json'), () => summarizeFile(session.ctx, session.maps, file));
  const { outcome } = result as Awaited<ReturnType<typeof summarizeFile>>;
  if (outcome.fallback) io.warn(outcome.fallback);
}

export async function atCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, lineText] = args.positionals;
  if (!/^\d+$/.test(lineText)) throw new UsageError(`LINE must be a whole number from 1, not ${JSON.stringify(lineText)}`);
  const file = session.project.file(target, session.cwd);
  await printResult(io, false, () => mapAt(session.ctx, session.maps, file, Number(lineText)));
}
