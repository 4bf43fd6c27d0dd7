import { guardedRead } from '../../core/guard/guard';
import { screened, screenText } from '../../core/screen/screen';
import { renderRead } from '../../core/present';
import { mapJson } from '../../core/map/render';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';

export async function readCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target] = args.positionals;
  if (!target) throw new UsageError('skim read FILE [--offset N] [--limit N] [--json]');
  const file = session.project.file(target, session.cwd);
  const read = await guardedRead(session.maps, file, { offset: positiveInt(args.flags, 'offset'), limit: positiveInt(args.flags, 'limit') });
  if (read.outcome === 'unreadable') throw new CommandFailed(read.reason ?? `${file.key} could not be read`);
  if (read.outcome === 'declined' && read.reason?.startsWith('binary'))
    throw new CommandFailed(`${file.key} is a binary file; skim read shows text files only`);
  if (read.outcome === 'unmapped') io.warn(`no map for ${file.key}: ${read.reason}; the read was not shortened`);
  if (args.flags.has('json')) {
    const lines = await screenText(read.lines.join('\n'));
    const shift = read.start - 1;
    io.out(
      JSON.stringify({
        path: read.path,
        start: read.start,
        end: read.end,
        total: read.total,
        capped: read.capped,
        outcome: read.outcome,
        notice: read.notice,
        text: lines.text,
        map: read.entry ? JSON.parse(await screened(JSON.stringify(mapJson(read.entry, read.modelCalls)))) : null,
        modelCalls: read.modelCalls,
        screen: { flags: lines.screen.flags.map((f) => ({ signal: f.signal, line: f.line + shift })), redacted: lines.screen.redactions.length },
      }),
    );
    return;
  }
  io.out(await screened(renderRead(read, `run skim map ${read.path}`)));
}
