import type { Options } from '../../core/config/options';
import type { FlagName, ParsedArgs } from '../args';
import type { Io } from '../io';
import type { PathKind } from '../root';
import type { Session } from '../session';

/** What a `skim` command declares of itself: `skim --help`, its own `--help`, its flag checks and its root rule come from it. */

/** One argument a command takes, in order. */
export interface Argument {
  /** As usage shows it: `FILE`, `LINE[:COL]`. */
  name: string;
  help: string;
  optional?: true;
  /** It takes every argument from here on (`COMMAND...`): the last a command declares. */
  rest?: true;
}

/** What a command that opens no project is handed. */
export interface Call {
  args: ParsedArgs;
  /** The arguments after the command's name, unparsed. */
  rest: readonly string[];
  io: Io;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The options, each problem with them said once. */
  options(): Options;
  /** The project: `--root`, else the current folder's. */
  root(): string;
}

interface Common {
  /** The words after `skim`: `read`, `hook install`. */
  name: string;
  args: readonly Argument[];
  /** Each flag it takes (besides --help, and --root and --cache-dir for a command on a project), and what it means here. */
  flags: Partial<Record<FlagName, string>>;
  /** Its line in `skim --help`; a line break continues it under the first. */
  summary: string;
  /** What `skim NAME --help` says of it beside the arguments and flags. */
  help: string;
}

/** A command on a project's files: the project is found by `path` (the root rule), and a session opened on it. */
export interface ProjectCommand extends Common {
  /** The argument (its index) or flag that names the path the project follows, and what it must be; none: the current folder's project. */
  path?: { arg: number; is: PathKind } | { flag: FlagName; is: PathKind };
  run(args: ParsedArgs, session: Session, io: Io): Promise<void>;
}

/** A command that opens no project (it installs, summarizes a log, answers a hook). */
export interface PlainCommand extends Common {
  /** Takes its arguments as they come and is never a usage error: the hook, whose exit 2 would block the agent's call. */
  lenient?: true;
  /** Its exit code. */
  alone(call: Call): number | Promise<number>;
}

export type Command = ProjectCommand | PlainCommand;
