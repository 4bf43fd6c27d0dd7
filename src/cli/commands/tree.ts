import { nodeAtFile, queryFile } from '../../core/tools/tree';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function queryCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, query] = args.positionals;
  const file = session.project.file(target, session.cwd);
  await printResult(io, args.flags.has('json'), () => queryFile(session.ctx, file, query, positiveInt(args.flags, 'max'), session.maps.slow));
}

export async function nodeAtCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, position] = args.positionals;
  const match = /^(\d+)(?::(\d+))?$/.exec(position);
  if (!match) throw new UsageError(`LINE[:COL] must be a line, or a line and a column, from 1 (12 or 12:5), not ${JSON.stringify(position)}`);
  const file = session.project.file(target, session.cwd);
  await printResult(io, args.flags.has('json'), () =>
    nodeAtFile(session.ctx, file, Number(match[1]), match[2] === undefined ? undefined : Number(match[2]), session.maps.slow),
  );
}
