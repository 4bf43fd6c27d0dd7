import { describeFileError } from '../../core/files/errors';
import { screened } from '../../core/screen/screen';
import { MapUnavailableError } from '../../core/mapSource';
import { NoGrammarError } from '../../core/structural/mapper';
import { nodeAt, NodeAtError } from '../../core/syntax/nodeAt';
import { queryTree, QueryTreeError } from '../../core/syntax/queryTree';
import { queryJson, renderNodeAt, renderQuery } from '../../core/syntax/text';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';

/** A file or query the tree tools cannot take: one line on stderr. */
function failed(error: unknown, key: string): never {
  if ((error as NodeJS.ErrnoException).code) throw new CommandFailed(describeFileError(error, key));
  if (error instanceof QueryTreeError || error instanceof NodeAtError || error instanceof NoGrammarError || error instanceof MapUnavailableError)
    throw new CommandFailed(`${key}: ${error.message}`);
  throw error;
}

export async function queryCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, query, ...extra] = args.positionals;
  if (!target || !query || extra.length)
    throw new UsageError('skim query FILE QUERY [--max N] [--json] (QUERY: an S-expression, or definitions, imports, calls, calls:NAME, strings)');
  const file = session.project.file(target, session.cwd);
  try {
    const result = await queryTree(file, query, positiveInt(args.flags, 'max'));
    io.out(await screened(args.flags.has('json') ? JSON.stringify(queryJson(result)) : renderQuery(result)));
  } catch (error) {
    failed(error, file.key);
  }
}

export async function nodeAtCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [target, position, ...extra] = args.positionals;
  const match = /^(\d+)(?::(\d+))?$/.exec(position ?? '');
  if (!target || !match || extra.length) throw new UsageError('skim node-at FILE LINE[:COLUMN] [--json] (1-based)');
  const file = session.project.file(target, session.cwd);
  try {
    const result = await nodeAt(file, Number(match[1]), match[2] === undefined ? undefined : Number(match[2]));
    io.out(await screened(args.flags.has('json') ? JSON.stringify(result) : renderNodeAt(result)));
  } catch (error) {
    failed(error, file.key);
  }
}
