import { findSearchProgram, NoSearchProgramError } from '../../core/search/program';
import { screened } from '../../core/screen/screen';
import { regionsForSearch } from '../../core/search/regions';
import { search, SearchRequestError } from '../../core/search/search';
import { renderSearch, searchJson } from '../../core/search/text';
import { currentJudge } from '../../core/judge/current';
import { judgeSearch } from '../../core/judge/searchSite';
import { ParsedArgs, positiveInt, stringFlag, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { Session } from '../session';

export async function searchCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [pattern, ...extra] = args.positionals;
  if (!pattern || extra.length) throw new UsageError('skim search PATTERN [--path P] [--glob G] [--literal] [--max N] [--json] (quote a pattern with spaces)');
  try {
    const program = findSearchProgram(session.project.root, [], session.env);
    const path = stringFlag(args.flags, 'path');
    const found = await search(session.project, program, regionsForSearch(session.maps), {
      pattern,
      path: path === undefined ? undefined : session.project.file(path, session.cwd).absolute,
      glob: stringFlag(args.flags, 'glob'),
      literal: args.flags.has('literal'),
      max: positiveInt(args.flags, 'max'),
    });
    const result = await judgeSearch(found, currentJudge());
    io.out(await screened(args.flags.has('json') ? JSON.stringify(searchJson(result)) : renderSearch(result)));
  } catch (error) {
    if (error instanceof SearchRequestError || error instanceof NoSearchProgramError) throw new CommandFailed(error.message);
    throw error;
  }
}
