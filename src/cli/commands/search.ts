import { searchProject } from '../../core/tools/search';
import { ParsedArgs, positiveInt, stringFlag } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function searchCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [pattern] = args.positionals;
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
