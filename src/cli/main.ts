import { gateModeOf } from '../core/gate/gate';
import { screened, setScreenOptions } from '../core/screen/screen';
import { setJudge } from '../core/judge/current';
import { judgeFromEnv } from '../core/judge/runtime';
import { parseArgs, stringFlag, UsageError } from './args';
import { hookMain } from './commands/hook';
import { installCommand } from './commands/hookInstall';
import { atCommand, mapCommand } from './commands/map';
import { judgeCommand } from './commands/judge';
import { lspCommand } from './commands/lsp';
import { mcpCommand } from './commands/mcp';
import { readCommand } from './commands/read';
import { searchCommand } from './commands/search';
import { nodeAtCommand, queryCommand } from './commands/tree';
import { CommandFailed, Io } from './io';
import { rootForFile } from './root';
import { openEngineMaps, openSession } from './session';

export const USAGE = `skim: maps before reads, for coding agents

  skim read FILE [--offset N] [--limit N] [--json]   a read with the 200-line guard applied
  skim map FILE [--json]                             the file's prose and map (made when missing or stale)
  skim at FILE LINE                                  the regions that hold LINE, innermost last
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

Options: --root DIR (default: the git root, else the current folder)
         --cache-dir DIR (or SKIM_CACHE_DIR; default: ~/.cache/skim)
Model:   SKIM_MODEL_URL, SKIM_MODEL_NAME, SKIM_MODEL_KEY, SKIM_MODEL_TIMEOUT_MS (an OpenAI-compatible
         chat-completions endpoint); without them the tree-sitter outline serves.
Judge:   SKIM_JUDGE_URL, SKIM_JUDGE_MODEL, SKIM_JUDGE_KEY (an endpoint that returns logprobs);
         SKIM_JUDGE_MODE (off, advisory, enforcing) and SKIM_JUDGE_SEARCH, _SCREEN, _VERIFY per site.
Also:    SKIM_TEAM_CACHE_URL (a postgres:// team cache), SKIM_EDIT_GATE (off, drift, strict),
         SKIM_REDACT=off (no credential redaction), SKIM_HOOK_BUDGET_MS (the hook's deadline).
Exit:    0 success, 1 failure (one line on stderr), 2 usage error.`;

const COMMANDS = {
  read: readCommand,
  map: mapCommand,
  at: atCommand,
  search: searchCommand,
  query: queryCommand,
  'node-at': nodeAtCommand,
  lsp: lspCommand,
  mcp: mcpCommand,
} as const;

/** Runs one `skim` invocation and returns its exit code. Never throws. */
export async function main(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  // What screens this invocation's output: the environment it was given (in tests, not the process's own).
  setScreenOptions({ redact: env.SKIM_REDACT !== 'off' });
  setJudge(judgeFromEnv(env));
  try {
    const [name, ...rest] = argv;
    if (!name || name === '--help' || name === 'help') {
      io.out(USAGE);
      return name ? 0 : 2;
    }
    if (name === 'hook') return await hook(rest, io, env, cwd);
    if (name === 'judge') {
      judgeCommand(rest, io, env);
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
    const target = name === 'search' ? stringFlag(args.flags, 'path') : name === 'mcp' ? undefined : args.positionals[0];
    const root = stringFlag(args.flags, 'root') ?? (target ? rootForFile(target, cwd) : undefined);
    const session = await openSession({ root, cacheDir: stringFlag(args.flags, 'cache-dir') }, env, cwd, (m) => io.warn(m));
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
  return hookMain(io, env, cwd, openEngineMaps, screened, gateModeOf(rest[0] === '--edit-gate' ? rest[1] : undefined));
}
