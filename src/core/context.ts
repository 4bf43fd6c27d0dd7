import { Options } from './config/options';
import { JudgeRuntime } from './judge/runtime';
import { SeenLines } from './judge/seenLines';

/**
 * Where the engine tells people what went wrong: the command line's stderr, VS Code's output
 * channel and one warning per workspace. The engine never writes to a stream of its own.
 */
export interface Logger {
  /** A line for whoever looks (the output channel; nothing on the command line). */
  info(text: string): void;
  /** A failure a person should act on: logged each time, shown once per `key`. */
  warn(key: string, text: string): void;
}

/**
 * What one session of Skim works with, passed to every core function that needs it: a session
 * is one command-line run, one MCP server, one hook answer, or one VS Code workspace folder. The
 * engine keeps no state of its own between calls; everything per session lives here.
 */
export interface SkimContext {
  readonly options: Options;
  /** The judge as this session asks it (none: every judged point keeps to the plain path). */
  readonly judge: JudgeRuntime;
  /** The lines this session's tools showed, by file: what call verification asks. */
  readonly seen: SeenLines;
  readonly log: Logger;
  /** Milliseconds since the epoch: the clock freshness windows and events are measured by. */
  readonly now: () => number;
}

/** A logger that says nothing: for tests and for probes that must stay silent. */
export const SILENT: Logger = { info: () => undefined, warn: () => undefined };

/** A logger that writes warnings as lines (the command line's stderr), each key's once. */
export function lineLogger(write: (line: string) => void): Logger {
  const told = new Set<string>();
  return {
    info: () => undefined,
    warn: (key, text) => {
      if (told.has(key)) return;
      told.add(key);
      write(text);
    },
  };
}

export function createContext(parts: { options: Options; judge: JudgeRuntime; log: Logger; seen?: SeenLines; now?: () => number }): SkimContext {
  return { options: parts.options, judge: parts.judge, log: parts.log, seen: parts.seen ?? new SeenLines(), now: parts.now ?? Date.now };
}
