import { idleOptions, optionsFromEnv } from '../../core/config/read';
import { nameOnOneLine } from '../../core/map/controls';
import { parseArgs, UsageError } from '../args';
import { CommandFailed, Io } from '../io';
import type { HookParts } from '../hookParts';
import { LINES_FLAGS, runLines } from './lines';
import { heldWarnings } from '../heldWarnings';

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
  write: (bytes: Buffer) => Promise<boolean>,
): Promise<number> {
  // Its errors quote the file and the arguments as given: written screened, once it is done.
  const warnings = heldWarnings(io);
  const read = optionsFromEnv(env);
  const code = await linesRun(argv, warnings.io, env, cwd, parts, write, read);
  await warnings.flush((text) => parts.message(read.options, text, []), Date.now() + WARNING_SCREEN_MS);
  return code;
}

/** How long `skim lines` waits for its warnings' screen: the shell read it stands for waits on it. */
const WARNING_SCREEN_MS = 2_000;

async function linesRun(
  argv: readonly string[],
  io: Io,
  env: NodeJS.ProcessEnv,
  cwd: string,
  parts: HookParts,
  write: (bytes: Buffer) => Promise<boolean>,
  read: ReturnType<typeof optionsFromEnv>,
): Promise<number> {
  try {
    const args = parseArgs(argv);
    for (const flag of args.flags.keys()) if (!(flag in LINES_FLAGS)) throw new UsageError(`skim lines takes no --${flag}`);
    if (args.positionals.length !== 1) throw new UsageError(`skim lines takes one FILE, not ${args.positionals.length}: skim lines [options] FILE`);
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
