import { realpathSync } from 'node:fs';
import * as path from 'node:path';
import { Options } from '../../core/config/options';
import { describeFileError } from '../../core/files/errors';
import { nameOnOneLine } from '../../core/map/controls';
import { cutOf } from './cutFlags';
import { shownWhole, sizeOf } from '../../core/shell/outputCut';
import { printShellRead } from '../../core/shell/printShellRead';
import { PRINT_FORMATS, PrintFormat } from '../../core/shell/read';
import { within } from '../../core/time/deadline';
import { FlagName, ParsedArgs, positiveInt, stringFlag, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { defaultRoot } from '../root';
import { HookParts, hookMapSource, wholeMapCommand } from '../hookParts';
import { ledgerPrint } from '../../core/ledger/shellLedger';
import { screenedRegions } from '../hookLedger';
import { MAIN_CONTEXT } from '../../core/ledger/sessionLedger';

/** The flags `skim lines` takes, as its help says them. */
export const LINES_FLAGS: Partial<Record<FlagName, string>> = {
  offset: 'the first line, from 1 (default 1)',
  limit: 'how many lines from there (default: to the end)',
  last: 'of those, only the last N (as tail -n N)',
  format: `how they are printed: ${PRINT_FORMATS.join(', ')} (default raw; see docs/cli.md)`,
  'max-bytes': "the most bytes the host shows of a command's output: the print fits in them",
  'max-chars': 'the same in characters',
  'max-lines': 'the same in lines',
  root: 'the project (default: the git root above the current folder, else the folder)',
  session:
    'the agent session whose ledger records the read: where its context holds the lines unchanged, a note and\nonly the lines it does not hold (what the hook writes for a host that cannot replace a result: Codex)',
  agent: 'with --session, the subagent whose own context it is',
};

/** What `skim lines` is given beside its arguments: where it writes the bytes it prints, and the hook's parts for the map. */
export interface LinesRun {
  args: ParsedArgs;
  io: Io;
  env: NodeJS.ProcessEnv;
  cwd: string;
  options: Options;
  parts: HookParts;
  /** Writes the output's bytes as they are (a file's lines are not always UTF-8); true once they have all left the process, false when any was lost (a closed pipe, a full disk). */
  write(bytes: Buffer): Promise<boolean>;
}

/**
 * `skim lines FILE`: lines of a file printed byte for byte as a shell read prints them (cat, cat -n,
 * nl -ba, sed -n, awk, Get-Content), guarded: a read of more than the limit prints the notice, the
 * lines from its start and the file's map, within the host's cut. What the hook rewrites a shell
 * read into; it prints nothing and fails (exit 1) whenever it cannot print exactly what the read
 * would, so that the read itself runs instead.
 */
export async function runLines(run: LinesRun): Promise<number> {
  const { args, options, env, cwd } = run;
  const format = stringFlag(args.flags, 'format') ?? 'raw';
  if (!(PRINT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${PRINT_FORMATS.join(', ')}`);
  const given = args.positionals[0];
  const start = positiveInt(args.flags, 'offset') ?? 1;
  const limit = positiveInt(args.flags, 'limit');
  const last = positiveInt(args.flags, 'last');
  const rootFlag = stringFlag(args.flags, 'root');
  // The file as the system opens it from this folder: `..` after a link is the link's target's parent, as for cat.
  const named = path.isAbsolute(given) ? given : `${cwd}${path.sep}${given}`;
  let real: string;
  try {
    real = realpathSync.native(named);
  } catch (error) {
    throw new CommandFailed(describeFileError(error, nameOnOneLine(given)));
  }
  const deadline = Date.now() + options.hookBudgetMs;
  const warn = (message: string) => run.io.warn(message);
  const root = rootFlag === undefined ? defaultRoot(cwd) : path.resolve(cwd, rootFlag);
  const { file, maps, local, project } = hookMapSource(real, root, options, env, run.parts, deadline, warn);
  if (!file.inside) throw new CommandFailed(nameOnOneLine(`${given} is outside the project (${project.root}); Skim reads only files inside it`));
  const printed = await printShellRead(
    maps,
    file,
    {
      start,
      ...(limit === undefined ? {} : { end: start + limit - 1 }),
      ...(last === undefined ? {} : { last }),
      format: format as PrintFormat,
      lineLimit: options.lineLimit,
      cut: cutOf(args),
      wholeMap: wholeMapCommand(real),
      budgetMs: Math.max(0, deadline - Date.now()),
    },
    (key, entry) => run.parts.screenMap(options, key, entry),
  );
  const session = stringFlag(args.flags, 'session');
  const agent = stringFlag(args.flags, 'agent');
  // The ledger takes every read the host shows whole (a guarded one is fitted to its cut; one it cuts itself leaves the context without the middle, so it is neither recorded nor noted); only a read printed as the command prints it is replaced by its note.
  const ledger =
    session && printed.outcome !== 'unprintable' && (printed.outcome === 'capped' || shownWhole(sizeOf(printed.output), cutOf(args)))
      ? await within(
          ledgerPrint({ session, context: agent ?? MAIN_CONTEXT, env }, real, printed.first, printed.last, format as PrintFormat, (hash, size) =>
            screenedRegions(maps, file, hash, size, options, run.parts),
          ),
          Math.max(0, deadline - Date.now()),
        )
      : undefined;
  const closed = await within(
    local.close().then(() => true),
    Math.max(0, deadline - Date.now()),
  );
  if (!closed) warn('the cache could not be saved before the deadline; the map will be made again next time');
  if (printed.outcome === 'unprintable')
    throw new CommandFailed(nameOnOneLine(`${printed.reason}: skim lines cannot print it as ${format} does; run the command itself`));
  if (printed.reason) warn(printed.reason);
  const noted = printed.outcome === 'untouched' ? ledger?.noted : undefined;
  if (!(await run.write(noted ?? printed.output)))
    throw new CommandFailed('its output could not be written whole (its reader is gone, or the disk is full); nothing is recorded as shown');
  // Recorded only now: a note must never stand for lines the model did not get.
  if (
    ledger &&
    !(await within(
      ledger.commit().then(() => true),
      Math.max(0, deadline - Date.now()),
    ))
  )
    warn('the read could not be recorded in the session ledger in time');
  return 0;
}
