import { readFile } from '../../core/tools/read';
import { ParsedArgs, positiveInt } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function readCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target] = args.positionals;
  const file = session.project.file(target, session.cwd);
  const input = { startLine: positiveInt(args.flags, 'offset'), lineCount: positiveInt(args.flags, 'limit') };
  const result = await printResult(io, args.flags.has('json'), () =>
    readFile(session.ctx, session.maps, file, input, { wholeMap: `run skim map ${file.key}` }),
  );
  const { read } = result as Awaited<ReturnType<typeof readFile>>;
  if (read.outcome === 'unmapped') io.warn(`no map for ${file.key}: ${read.reason}; the read was not shortened`);
}
