import { idleOptions, optionsFromEnv } from '../../core/config/read';
import { nameOnOneLine } from '../../core/map/controls';
import { parseArgs, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import type { HookParts } from '../hookParts';
import { LINES_FLAGS, runLines } from './lines';

/**
 * `skim lines` from the small bundle (dist/cli-main.js), as a guarded shell read runs it: its own
 * checks of the arguments (the table's command, in the engine, makes the same for `skim help`),
 * its exit code, and its errors on stderr.
 */
export async function linesMain(
  argv: readonly string[],
  io: Io,
  env: NodeJS.ProcessEnv,
  cwd: string,
  parts: HookParts,
  write: (bytes: Buffer) => void,
): Promise<number> {
  try {
    const args = parseArgs(argv);
    for (const flag of args.flags.keys()) if (!(flag in LINES_FLAGS)) throw new UsageError(`skim lines takes no --${flag}`);
    if (args.positionals.length !== 1) throw new UsageError(`skim lines takes one FILE, not ${args.positionals.length}: skim lines [options] FILE`);
    const read = optionsFromEnv(env);
    for (const problem of [...read.problems, ...idleOptions(read)]) io.warn(problem);
    return await runLines({ args, io, env, cwd, options: read.options, parts, write });
  } catch (error) {
    if (error instanceof UsageError) {
      io.warn(nameOnOneLine(error.message));
      io.warn('see skim lines --help');
      return 2;
    }
    io.warn(error instanceof CommandFailed ? error.message : `internal error (please report it with what follows): ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
