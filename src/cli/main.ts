import manifest from '../../package.json';
import { idleOptions, optionsFromEnv } from '../core/config/read';
import { nameOnOneLine } from '../core/map/controls';
import { notAnOption, parseArgs, ParsedArgs, stringFlag, UsageError } from './args';
import { saysHelp, wantsHelp } from './asksHelp';
import type { Command } from './commands/command';
import { commandHelp, findCommand, flagsOf, groupHelp, groupSynopses, PROJECT_FLAGS, synopsis, usage } from './help';
import { CommandFailed, Io } from './io';
import { commandRoot } from './root';
import { openSession } from './session';
import { screenedIo } from './screenedIo';
import { createContext, SILENT, SkimContext } from '../core/context';
import { judgeRuntime } from '../core/judge/runtime';

/** The checks the table's declaration makes of a command's arguments: its flags, and how many positionals. */
function checkArgs(command: Command, args: ParsedArgs): void {
  const accepted = flagsOf(command);
  for (const flag of args.flags.keys()) if (!(accepted as string[]).includes(flag)) throw new UsageError(`skim ${command.name} takes no --${flag}`);
  const required = command.args.filter((a) => !a.optional);
  const given = args.positionals.length;
  if (given < required.length) throw new UsageError(`${required[given].name} is missing: ${synopsis(command)}`);
  if (given > command.args.length && !command.args.at(-1)?.rest)
    throw new UsageError(`"${nameOnOneLine(args.positionals[command.args.length])}" is one argument too many: ${synopsis(command)}`);
}

/** The options every command on a project takes (help's PROJECT_FLAGS), which may come before its name too. */
const LEADING = new Set(PROJECT_FLAGS.map((flag) => `--${flag}`));

/**
 * `skim --root ../app read f` as `skim read --root ../app f`: the project options written before the
 * command, as git and npm take theirs, split off (`--root DIR` and `--root=DIR` alike).
 */
function leadingOptions(argv: readonly string[]): { leading: string[]; rest: readonly string[] } {
  let i = 0;
  while (i < argv.length && LEADING.has(argv[i].split('=')[0])) {
    if (!argv[i].includes('=') && i + 1 >= argv.length) throw new UsageError(`${argv[i]} needs a folder: skim ${argv[i]} DIR COMMAND …`);
    if (!argv[i].includes('=')) notAnOption(argv[i].slice(2), argv[i + 1]);
    i += argv[i].includes('=') ? 1 : 2;
  }
  return { leading: argv.slice(0, i), rest: argv.slice(i) };
}

/** The path a command's project follows, as its root rule names it, if one was given. */
function targetOf(command: Command, args: ParsedArgs) {
  if (!('run' in command) || !command.path) return undefined;
  const given = 'arg' in command.path ? args.positionals[command.path.arg] : stringFlag(args.flags, command.path.flag);
  return given === undefined ? undefined : { path: given, is: command.path.is };
}

/**
 * An error as a terminal may show it: the arguments it quotes are the user's, and a control
 * character, ESC sequence or bidi mark in one is written as its escape, never acted on. Skim's own
 * line breaks (a group's synopses) stay; an argument's own were escaped where it was quoted.
 */
const shownError = (message: string) => message.split('\n').map(nameOnOneLine).join('\n');

/** Runs one `skim` invocation and returns its exit code, its errors and warnings screened (screenedIo). Never throws. */
export async function main(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Promise<number> {
  const screened = screenedIo(io, messageContext(env));
  try {
    return await run(argv, screened.io, env, cwd);
  } finally {
    await screened.drained();
  }
}

/** What the screen of a command's messages works with: the options of the environment (redaction may be off), no judge. */
function messageContext(env: NodeJS.ProcessEnv): SkimContext {
  const options = optionsFromEnv(env).options;
  return createContext({ options, judge: judgeRuntime(options, undefined, () => undefined), log: SILENT });
}

async function run(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  // The options this invocation was given (the environment it runs in), each problem with them said once.
  const options = () => {
    const read = optionsFromEnv(env);
    for (const problem of [...read.problems, ...idleOptions(read)]) io.warn(problem);
    return read.options;
  };
  let close: (() => Promise<void>) | undefined;
  // The help a usage error points to: the command's, else the general one.
  let helpFor = 'skim';
  try {
    const { leading, rest: words } = leadingOptions(argv);
    const [name, ...rest] = words;
    if (!name || name === '--help' || name === '-h' || name === 'help') {
      const asked = name === 'help' && rest.length ? findCommand(rest) : undefined;
      if (name === 'help' && rest.length && !asked) throw new UsageError(`unknown command "${nameOnOneLine(rest.join(' '))}"`);
      io.out(asked && 'command' in asked ? commandHelp(asked.command) : asked ? groupHelp(asked.group) : usage());
      return name ? 0 : 2;
    }
    if (name === '--version') {
      io.out(`skim ${manifest.version}`);
      return 0;
    }
    const found = findCommand(words);
    if (!found) throw new UsageError(`unknown command "${nameOnOneLine(name)}"`);
    if ('group' in found) {
      helpFor = `skim ${found.group}`;
      if (wantsHelp(rest) || saysHelp(rest, false)) {
        io.out(groupHelp(found.group));
        return 0;
      }
      const said = rest.length ? `"${nameOnOneLine(rest[0])}" is not a subcommand of skim ${found.group}` : `skim ${found.group} needs a subcommand`;
      throw new UsageError(`${said}: ${groupSynopses(found.group).split('\n').join(', ')}`);
    }
    const command = found.command;
    helpFor = `skim ${command.name}`;
    if (leading.length && 'lenient' in command) throw new UsageError(`skim ${command.name} takes no ${leading[0].split('=')[0]}`);
    const given = [...leading, ...found.rest];
    // Help never acts: asked for anywhere before `--`, it is all the command does.
    if (wantsHelp(given) || saysHelp(given, command.args.length > 0)) {
      io.out(commandHelp(command));
      return 0;
    }
    const args = 'lenient' in command ? { positionals: [], flags: new Map() } : parseArgs(given);
    if (!('lenient' in command)) checkArgs(command, args);
    const root = () => commandRoot(targetOf(command, args), stringFlag(args.flags, 'root'), cwd);
    if ('alone' in command) return await command.alone({ args, rest: found.rest, io, env, cwd, options, root });
    const session = await openSession({ root: root(), cacheDir: stringFlag(args.flags, 'cache-dir') }, options(), env, cwd, (m) => io.warn(m));
    close = session.close;
    await command.run(args, session, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.warn(shownError(error.message));
      io.warn(`see ${helpFor} --help`);
      return 2;
    }
    io.warn(
      error instanceof CommandFailed
        ? shownError(error.message)
        : `internal error (please report it with what follows): ${(error as Error).stack ?? String(error)}`,
    );
    return 1;
  } finally {
    await close?.().catch((error: Error) => io.warn(`could not save the cache: ${error.message}`));
  }
}
