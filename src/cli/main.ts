import { parseArgs, stringFlag, UsageError } from './args';
import { atCommand, mapCommand } from './commands/map';
import { readCommand } from './commands/read';
import { CommandFailed, Io } from './io';
import { openSession } from './session';

export const USAGE = `skim: maps before reads, for coding agents

  skim read FILE [--offset N] [--limit N] [--json]   a read with the 200-line guard applied
  skim map FILE [--json]                             the file's prose and map (made when missing or stale)
  skim at FILE LINE                                  the regions that hold LINE, innermost last

Options: --root DIR (default: the git root, else the current folder)
         --cache-dir DIR (or SKIM_CACHE_DIR; default: ~/.cache/skim)
Model:   SKIM_MODEL_URL, SKIM_MODEL_NAME, SKIM_MODEL_KEY, SKIM_MODEL_TIMEOUT_MS (an OpenAI-compatible
         chat-completions endpoint); without them the tree-sitter outline serves.
Exit:    0 success, 1 failure (one line on stderr), 2 usage error.`;

const COMMANDS = { read: readCommand, map: mapCommand, at: atCommand } as const;

/** Runs one `skim` invocation and returns its exit code. Never throws. */
export async function main(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  try {
    const [name, ...rest] = argv;
    if (!name || name === '--help' || name === 'help') {
      io.out(USAGE);
      return name ? 0 : 2;
    }
    const command = COMMANDS[name as keyof typeof COMMANDS];
    if (!command) throw new UsageError(`unknown command "${name}"`);
    const args = parseArgs(rest);
    if (args.flags.has('help')) {
      io.out(USAGE);
      return 0;
    }
    const session = await openSession({ root: stringFlag(args.flags, 'root'), cacheDir: stringFlag(args.flags, 'cache-dir') }, env, cwd, (m) => io.warn(m));
    close = session.close;
    await command(args, session, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.warn(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.warn(error instanceof CommandFailed ? error.message : `internal error: ${(error as Error).stack ?? String(error)}`.split('\n')[0]);
    return 1;
  } finally {
    await close?.().catch((error: Error) => io.warn(`could not save the cache: ${error.message}`));
  }
}
