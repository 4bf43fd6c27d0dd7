import { statSync } from 'node:fs';
import * as path from 'node:path';
import { environmentHelp } from '../core/config/describe';
import { optionsFromEnv } from '../core/config/read';
import { gateModeOf } from '../core/gate/gate';
import { parseArgs, stringFlag, UsageError } from './args';
import { hookMain } from './commands/hook';
import { installCommand } from './commands/hookInstall';
import { atCommand, mapCommand } from './commands/map';
import { judgeCommand } from './commands/judge';
import { locateCommand } from './commands/locate';
import { lspCommand } from './commands/lsp';
import { mcpCommand } from './commands/mcp';
import { overviewCommand } from './commands/overview';
import { readCommand } from './commands/read';
import { searchCommand } from './commands/search';
import { teamCommand } from './commands/team';
import { nodeAtCommand, queryCommand } from './commands/tree';
import { CommandFailed, Io } from './io';
import { rootForFile } from './root';
import { screenMapEntry } from './hookScreen';
import { indexedEntry } from '../core/hook/indexedEntry';
import { openEngineMaps, openSession } from './session';

const isFolder = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;

export const USAGE = `skim: maps before reads, for coding agents

  skim read FILE [--offset N] [--limit N] [--json]   a read with the 200-line guard applied
  skim map FILE [--json]                             the file's prose and map (made when missing or stale)
  skim at FILE LINE                                  the regions that hold LINE, innermost last
  skim locate "QUESTION" [DIR] [--tokens N] [--json]
                                                     the functions a task or question in words is most likely
                                                     about, ranked, with the first one's lines, in N tokens
                                                     (default 1,000); never a model call
  skim overview [DIR] [--tokens N] [--json]          the folder's files, ranked by how much the rest of the code
                                                     refers to them, with their most referred-to declarations
                                                     in N tokens (default 1,000); never a model call
  skim search PATTERN [--path P] [--glob G] [--literal] [--max N] [--json]
                                                     where PATTERN occurs (ripgrep), each hit in its region
  skim query FILE QUERY [--max N] [--json]           a tree-sitter query, or definitions, imports, calls[:NAME], strings
  skim node-at FILE LINE[:COL] [--json]              the syntax nodes holding a position, outermost first
  skim lsp FILE LINE SYMBOL OP                       definition, references, implementations, type or callers of
                                                     SYMBOL, from outlines and search (no language server here)
  skim hook [--edit-gate M]                          a Pre/PostToolUse hook: payload on stdin, answer on stdout
  skim hook install|remove [--host H] [--scope S] [--edit-gate M]
                                                     H: vscode, claude or copilot-cli; S: workspace or user;
                                                     M: off, drift (default) or strict
  skim mcp                                           the tools as an MCP server on stdio
  skim judge stats                                   the judge's judgements per site: flag rates, latency
  skim team forget FILE [--json]                     removes the team cache's rows for FILE's current version
                                                     (every producer's), and says whose they were

Options: --root DIR (default: the git root, else the current folder)
         --cache-dir DIR (default: SKIM_CACHE_DIR, else ~/.cache/skim)

${environmentHelp()}

Exit:    0 success, 1 failure (one line on stderr), 2 usage error.`;

const COMMANDS = {
  read: readCommand,
  map: mapCommand,
  at: atCommand,
  overview: overviewCommand,
  locate: locateCommand,
  search: searchCommand,
  query: queryCommand,
  'node-at': nodeAtCommand,
  lsp: lspCommand,
  mcp: mcpCommand,
  team: teamCommand,
} as const;

/** Runs one `skim` invocation and returns its exit code. Never throws. */
export async function main(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<number> {
  // The options this invocation was given (the environment it runs in), each problem with them said once.
  const options = () => {
    const read = optionsFromEnv(env);
    for (const problem of read.problems) io.warn(problem);
    return read.options;
  };
  let close: (() => Promise<void>) | undefined;
  try {
    const [name, ...rest] = argv;
    if (!name || name === '--help' || name === 'help') {
      io.out(USAGE);
      return name ? 0 : 2;
    }
    if (name === 'hook') return await hook(rest, io, env, cwd);
    if (name === 'judge') {
      judgeCommand(rest, io, env, options());
      return 0;
    }
    const command = COMMANDS[name as keyof typeof COMMANDS];
    if (!command) throw new UsageError(`unknown command "${name}"`);
    const args = parseArgs(rest);
    if (args.flags.has('help')) {
      io.out(USAGE);
      return 0;
    }
    // The project follows the file named (or, for a search, the path searched).
    const target =
      name === 'search' ? stringFlag(args.flags, 'path') : name === 'mcp' ? undefined : args.positionals[name === 'team' || name === 'locate' ? 1 : 0];
    const named = stringFlag(args.flags, 'root');
    // A root that is no folder would fail later as a program that cannot start there (spawn ENOENT): said here, with the folder.
    if (named !== undefined && !isFolder(path.resolve(cwd, named))) throw new CommandFailed(`--root ${named}: there is no folder ${path.resolve(cwd, named)}`);
    const root = named ?? (target ? rootForFile(target, cwd) : undefined);
    const session = await openSession({ root, cacheDir: stringFlag(args.flags, 'cache-dir') }, options(), env, cwd, (m) => io.warn(m));
    close = session.close;
    await command(args, session, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.warn(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.warn(error instanceof CommandFailed ? error.message : `internal error (please report it with what follows): ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    await close?.().catch((error: Error) => io.warn(`could not save the cache: ${error.message}`));
  }
}

/** A hook must never block the read it guards: whatever happens, `skim hook` exits 0. */
async function hook(rest: readonly string[], io: Io, env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const [action] = rest;
  if (action === 'install' || action === 'remove') {
    try {
      installCommand(action, parseArgs(rest.slice(1)), io, env, cwd);
      return 0;
    } catch (error) {
      io.warn(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : (error as Error).message);
      return error instanceof UsageError ? 2 : 1;
    }
  }
  // Never a usage error here: a hook's exit code 2 would block the agent's call. An unknown mode is the default.
  return hookMain(
    io,
    env,
    cwd,
    { openMaps: openEngineMaps, screen: screenMapEntry, indexed: indexedEntry },
    rest[0] === '--edit-gate' ? gateModeOf(rest[1]) : undefined,
  );
}
