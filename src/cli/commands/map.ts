import { describeFileError } from '../../core/files/errors';
import { screened } from '../../core/screen/screen';
import { mapJson, renderAt, renderMap } from '../../core/map/render';
import { MapOutcome } from '../../core/mapSource';
import { ParsedArgs, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';

async function mapOf(target: string, session: Session, io: Io): Promise<MapOutcome> {
  const file = session.project.file(target, session.cwd);
  try {
    const outcome = await session.maps.ensure(file);
    if (outcome.fallback) io.warn(outcome.fallback);
    return outcome;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code) throw new CommandFailed(describeFileError(error, file.key));
    throw new CommandFailed(`no map for ${file.key}: ${(error as Error).message}`);
  }
}

export async function mapCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target] = args.positionals;
  if (!target) throw new UsageError('skim map FILE [--json]');
  const { entry, modelCalls, source } = await mapOf(target, session, io);
  io.out(await screened(args.flags.has('json') ? JSON.stringify(mapJson(entry, modelCalls, source)) : renderMap(entry)));
}

export async function atCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, lineText] = args.positionals;
  if (!target || !lineText || !/^\d+$/.test(lineText)) throw new UsageError('skim at FILE LINE (LINE a whole number from 1)');
  const { entry } = await mapOf(target, session, io);
  io.out(await screened(renderAt(entry, Number(lineText))));
}
