import { nameOnOneLine } from '../core/map/controls';

/** A command line the user got wrong: exit 2 with this message. */
export class UsageError extends Error {}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** Every flag a command may take, with the word its value is shown as in help (none: a switch). */
export const FLAGS = {
  offset: 'N',
  limit: 'N',
  tokens: 'N',
  max: 'N',
  path: 'P',
  glob: 'G',
  host: 'H',
  scope: 'S',
  'edit-gate': 'M',
  last: 'N',
  format: 'F',
  'max-bytes': 'N',
  'max-chars': 'N',
  'max-lines': 'N',
  root: 'DIR',
  'cache-dir': 'DIR',
  json: undefined,
  literal: undefined,
  help: undefined,
} as const satisfies Record<string, string | undefined>;

export type FlagName = keyof typeof FLAGS;

const isFlag = (name: string): name is FlagName => Object.hasOwn(FLAGS, name);

/**
 * Flags and positionals; after `--` every argument is a positional, so a pattern or a file may
 * start with `-`. `-h` is `--help`, as most commands take it.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      flags.set('help', true);
      continue;
    }
    // `-x` is an option this parser does not know, not a value: a value that starts with `-` goes after `--`.
    if (/^-[^-\d]/.test(arg)) throw new UsageError(`unknown option ${nameOnOneLine(arg)} (a value that starts with - goes after --)`);
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!isFlag(name)) throw new UsageError(`unknown option --${nameOnOneLine(name)}`);
    if (FLAGS[name] === undefined) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
    } else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      // A flag takes one value: the last of two given would be a guess at which one was meant.
      if (flags.has(name)) throw new UsageError(`--${name} is given twice; give it once`);
      flags.set(name, value);
    }
  }
  return { positionals, flags };
}

/** A LINE argument: a whole number from 1. */
export function lineArg(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < 1)
    throw new UsageError(`LINE must be a whole number from 1, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** A flag's whole number of at least 1 (a line number or a count of lines), or undefined when absent. */
export function positiveInt(flags: ParsedArgs['flags'], name: string): number | undefined {
  const value = flags.get(name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a whole number of at least 1`);
  return n;
}

export function stringFlag(flags: ParsedArgs['flags'], name: string): string | undefined {
  const value = flags.get(name);
  return typeof value === 'string' ? value : undefined;
}
