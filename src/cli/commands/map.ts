import { mapAt, summarizeFile } from '../../core/tools/maps';
import { ParsedArgs, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function mapCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target] = args.positionals;
  if (!target) throw new UsageError('skim map FILE [--json]');
  const file = session.project.file(target, session.cwd);
  const result = await printResult(io, args.flags.has('json'), () => summarizeFile(session.ctx, session.maps, file));
  const { outcome } = result as Awaited<ReturnType<typeof summarizeFile>>;
  if (outcome.fallback) io.warn(outcome.fallback);
}

export async function atCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, lineText] = args.positionals;
  if (!target || !lineText || !/^\d+$/.test(lineText)) throw new UsageError('skim at FILE LINE (LINE a whole number from 1)');
  const file = session.project.file(target, session.cwd);
  await printResult(io, false, () => mapAt(session.ctx, session.maps, file, Number(lineText)));
}
