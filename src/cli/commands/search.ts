import { searchProject } from '../../core/tools/search';
import { ParsedArgs, positiveInt, stringFlag, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function searchCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [pattern, ...extra] = args.positionals;
  if (!pattern || extra.length) throw new UsageError('skim search PATTERN [--path P] [--glob G] [--literal] [--max N] [--json] (quote a pattern with spaces)');
  const path = stringFlag(args.flags, 'path');
  const request = {
    pattern,
    path: path === undefined ? undefined : session.project.file(path, session.cwd).absolute,
    glob: stringFlag(args.flags, 'glob'),
    literal: args.flags.has('literal'),
    max: positiveInt(args.flags, 'max'),
  };
  const outlines = await session.outlines();
  await printResult(io, args.flags.has('json'), () => searchProject(session.ctx, session.project, session.maps, request, { env: session.env }, outlines));
}
