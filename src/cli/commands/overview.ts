import * as path from 'node:path';
import { answersFileBeside } from '../../core/overview/answers';
import { MAX_TOKENS, MIN_TOKENS } from '../../core/overview/renderOverview';
import { OverviewInput, overviewProject } from '../../core/tools/overview';
import { ParsedArgs, positiveInt, UsageError } from '../args';
import { Io } from '../io';
import { Session } from '../session';
import { printResult } from './output';

/** `skim overview [DIR]`: the folder's files and their most referred-to declarations, ranked, in a token budget; never a model call. */
export async function overviewCommand(args: ParsedArgs, session: Session, io: Io): Promise<void> {
  const [dir] = args.positionals;
  const tokens = positiveInt(args.flags, 'tokens');
  // As skim_overview's schema does over MCP: a budget outside the bounds is refused, never quietly moved.
  if (tokens !== undefined && (tokens < MIN_TOKENS || tokens > MAX_TOKENS))
    throw new UsageError(`--tokens must be from ${MIN_TOKENS} to ${MAX_TOKENS.toLocaleString('en-US')}, not ${tokens}`);
  const input: OverviewInput = {
    path: dir === undefined ? undefined : session.project.file(dir, session.cwd).absolute,
    tokens,
  };
  const sources = { maps: session.maps, outlines: session.outlines, answersFile: answersFileBeside(session.outlineFile) };
  const options = {
    env: session.env,
    signal: session.signal,
    json: args.flags.has('json'),
    // Named from the current folder, as DIR is read: the answer names folders from the project's root.
    narrow: (folder: string) => `\`skim overview ${path.relative(session.cwd, path.join(session.project.root, folder)) || '.'}\``,
    oneFile: (file: string) => {
      const named = path.relative(session.cwd, path.join(session.project.root, file));
      return `map one file with \`skim map ${named}\` or read it with \`skim read ${named}\``;
    },
  };
  await printResult(io, args.flags.has('json'), () => overviewProject(session.ctx, session.project, sources, input, options));
}
