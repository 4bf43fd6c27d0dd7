import * as path from 'node:path';
import { Options } from '../../core/config/options';
import { OutsideProjectError, Project, ProjectFile, withinProject } from '../../core/files/project';
import { shellWord } from '../../core/hook/shellWord';
import { nameOnOneLine } from '../../core/map/controls';
import { MIN_TOKENS } from '../../core/overview/renderOverview';
import { screenNames, UNSHOWN_FOLDER } from '../../core/screen/names';
import { Listing, listingOf } from '../../core/shell/listing';
import { LISTING_OVERVIEW_TOKENS, listingAnswer } from '../../core/shell/listingAnswer';
import { runListing } from '../../core/shell/listingRun';
import { showsNewlineName } from '../../core/shell/listingWalk';
import { cutOf } from './cutFlags';
import { REFUSALS } from '../../core/shell/refusal';
import { overviewProject } from '../../core/tools/runOverview';
import { resultText } from '../../core/tools/result';
import { answersFileBeside } from '../../core/overview/answers';
import { OVERVIEW_TIMEOUT_MS } from '../../core/overview/survey';
import { lineLogger } from '../../core/context';
import { FlagName, ParsedArgs, stringFlag, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { defaultRoot } from '../root';
import { openSession, Session, sessionContext } from '../session';

/** The flags `skim listing` takes, as its help says them. */
export const LISTING_FLAGS: Partial<Record<FlagName, string>> = {
  'max-bytes': "the most bytes the host shows of a command's output: the answer fits in them",
  'max-chars': 'the same in characters',
  'max-lines': 'the same in lines',
  root: 'the project (default: the git root above the current folder, else the folder); the folder listed must be inside it',
};

/**
 * The most time the whole answer takes (or the hook's budget, SKIM_HOOK_BUDGET_MS, when less):
 * Codex hands the model a command's output only if it ends within 10 s (its exec_command's
 * yield time), else an empty one to poll. The listing may run for a share of it; the overview has the rest.
 */
const MOST_MS = 5000;
const LISTING_SHARE = 0.4;
/** The most bytes a listing may print before it is stopped, and the most kept whole to print it as it is. */
const MAX_LISTING_BYTES = 256 * 1024 * 1024;
const KEEP_BYTES = 4 * 1024 * 1024;
/** The least time the overview is given, however long the listing took: with less, it lists nothing and the listing is printed whole. */
const OVERVIEW_LEAST_MS = 2000;
/** How far the look for a name with a newline in it may go: past it, the counts are in doubt. */
const NAME_CHECK_BOUNDS = { entries: 2_000_000, ms: 1000 };

/** What `skim listing` is given beside its arguments. */
export interface ListingCall {
  args: ParsedArgs;
  io: Io;
  env: NodeJS.ProcessEnv;
  cwd: string;
  options: Options;
  /** Whether standard output is a terminal: ls prints columns there, which Skim cannot. */
  terminal: boolean;
  /** Writes the output's bytes as they are: a listing's names are not always UTF-8. */
  write(bytes: Buffer): void;
}

/** The listing's words with another folder in place of its own (`ls -R ./django/db`): how to list one folder the same way. */
export function withFolder(listing: Listing, folder: string): string[] {
  const { program, args } = listing;
  if (program === 'find') return [program, folder, ...(listing.folder === undefined ? args : args.slice(1))];
  const kept = listing.folder === undefined ? args : args.slice(0, -1);
  return [program, ...kept, ...(folder.startsWith('-') && !kept.includes('--') ? ['--'] : []), folder];
}

/**
 * `skim listing -- ls -R [DIR]` (or find, tree): the listing run as the command runs it, and
 * printed byte for byte as it prints it; one of more than 200 lines (SKIM_LINE_LIMIT) becomes
 * its first lines, what the rest holds by folder, and the folder's overview, within the host's
 * cut. What the hook rewrites a plain recursive listing into; it prints nothing and fails (exit 1)
 * wherever what it would print could differ from the command's (the command then runs itself).
 */
export async function runListingCommand(call: ListingCall): Promise<number> {
  const { args, options, env, cwd } = call;
  const [program, ...words] = args.positionals;
  if (program === undefined) throw new UsageError('give the listing to run after --: skim listing [options] -- ls -R [DIR]');
  const listing = listingOf(program, words);
  if ('refused' in listing)
    throw new UsageError(`${nameOnOneLine([program, ...words].join(' '))} is no plain recursive listing (${REFUSALS[listing.refused]}): run it yourself`);
  if (call.terminal) throw new CommandFailed('standard output is a terminal, where ls prints columns: skim listing prints into a pipe, as an agent runs it');
  const rootFlag = stringFlag(args.flags, 'root');
  const project = new Project(rootFlag === undefined ? defaultRoot(cwd) : path.resolve(cwd, rootFlag));
  const named = listing.folder ?? '.';
  let folder: ProjectFile;
  try {
    folder = withinProject(project, named, cwd, true);
  } catch (error) {
    if (error instanceof OutsideProjectError)
      throw new CommandFailed(nameOnOneLine(`${named} is outside the project (${project.root}); run the command itself`));
    throw error;
  }
  const budget = Math.min(options.hookBudgetMs, MOST_MS);
  const deadline = Date.now() + budget;
  const run = await runListing(listing, cwd, env, { limit: options.lineLimit, ms: budget * LISTING_SHARE, maxBytes: MAX_LISTING_BYTES, keepBytes: KEEP_BYTES });
  if ('failed' in run) throw new CommandFailed(nameOnOneLine(`${run.failed}: run the command itself`));
  const { tally } = run.ran;
  if (!tally.doubt && program !== 'tree') {
    const newline = showsNewlineName(folder.absolute, listing.shape, NAME_CHECK_BOUNDS);
    if (newline !== false) tally.doubt = newline ? 'a name in it holds a newline' : 'its names could not all be looked at';
  }
  const warn = (message: string) => call.io.warn(message);
  const ctx = sessionContext(options, env, lineLogger(warn));
  let session: Session | undefined;
  const fromCwd = (key: string) => path.relative(cwd, path.join(project.root, key)) || '.';
  const command = (words: string[]) => words.map(shellWord).join(' ');
  try {
    const [shownFolder] = (await screenNames(ctx, [named], UNSHOWN_FOLDER)).shown;
    const answer = await listingAnswer({
      output: run.ran,
      program,
      folder: shownFolder,
      lineLimit: options.lineLimit,
      cut: cutOf(args),
      names: async (rows) =>
        (
          await screenNames(
            ctx,
            rows.map((row) => tally.nameOf(row.parts)),
            UNSHOWN_FOLDER,
          )
        ).shown,
      narrow: (name) => (name === UNSHOWN_FOLDER ? undefined : command(withFolder(listing, name))),
      overview: {
        min: MIN_TOKENS,
        max: LISTING_OVERVIEW_TOKENS,
        make: async (tokens) => {
          session ??= await openSession({ root: project.root }, options, env, cwd, warn);
          const sources = { maps: session.maps, outlines: session.outlines, answersFile: answersFileBeside(session.outlineFile) };
          const timeoutMs = Math.max(OVERVIEW_LEAST_MS, Math.min(OVERVIEW_TIMEOUT_MS, deadline - Date.now()));
          const narrow = (key: string) => `\`${command(withFolder(listing, fromCwd(key)))}\``;
          try {
            const result = await overviewProject(
              session.ctx,
              project,
              sources,
              { path: folder.absolute, tokens },
              { env, signal: session.signal, narrow, timeoutMs },
            );
            return resultText(result);
          } catch (error) {
            warn(`no overview of ${named}: ${(error as Error).message}`);
            return undefined;
          }
        },
      },
    });
    if (answer.outcome === 'unprintable') throw new CommandFailed(nameOnOneLine(`${answer.reason}: run the command itself`));
    call.write(answer.output);
    return 0;
  } finally {
    await session?.close();
  }
}
