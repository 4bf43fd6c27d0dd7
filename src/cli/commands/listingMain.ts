import { isatty } from 'node:tty';
import { idleOptions, optionsFromEnv } from '../../core/config/read';
import { nameOnOneLine } from '../../core/map/controls';
import { parseArgs, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import { LISTING_FLAGS, runListingCommand } from './listing';

/**
 * `skim listing` as a rewritten listing runs it, on the bare descriptors (dist/cli-main.js hands
 * it here): its own checks of the arguments (the table's command makes the same for `skim help`),
 * its exit code, and its errors on stderr.
 */
export async function listingMain(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv, cwd: string, write: (bytes: Buffer) => void): Promise<number> {
  try {
    const args = parseArgs(argv);
    for (const flag of args.flags.keys()) if (!(flag in LISTING_FLAGS)) throw new UsageError(`skim listing takes no --${flag}`);
    const read = optionsFromEnv(env);
    for (const problem of [...read.problems, ...idleOptions(read)]) io.warn(problem);
    return await runListingCommand({ args, io, env, cwd, options: read.options, terminal: isatty(1), write });
  } catch (error) {
    if (error instanceof UsageError) {
      io.warn(nameOnOneLine(error.message));
      io.warn('see skim listing --help');
      return 2;
    }
    io.warn(error instanceof CommandFailed ? error.message : `internal error (please report it with what follows): ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
