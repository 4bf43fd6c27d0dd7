import { nodeAtFile, queryFile } from '../../core/tools/tree';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

export async function queryCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, query, ...extra] = args.positionals;
  if (!target || !query || extra.length)
    throw new UsageError('skim query FILE QUERY [--max N] [--json] (QUERY: an S-expression, or definitions, imports, calls, calls:NAME, strings)');
  const file = session.project.file(target, session.cwd);
  await printResult(io, args.flags.has('json'), () => queryFile(session.ctx, file, query, positiveInt(args.flags, 'max')));
}

export async function nodeAtCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, position, ...extra] = args.positionals;
  const match = /^(\d+)(?::(\d+))?$/.exec(position ?? '');
  if (!target || !match || extra.length) throw new UsageError('skim node-at FILE LINE[:COLUMN] [--json] (1-based)');
  const file = session.project.file(target, session.cwd);
  await printResult(io, args.flags.has('json'), () => nodeAtFile(session.ctx, file, Number(match[1]), match[2] === undefined ? undefined : Number(match[2])));
}
