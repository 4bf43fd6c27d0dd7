import { LineSpan } from './read';
import { Refusal, refuse } from './refusal';

/**
 * One program of a read's pipeline, as GNU coreutils, GNU sed and awk run it: the lines it passes
 * on (of the file it reads, or of the stream piped into it), whether it numbers them, whether it
 * ends the last one with a newline, and the file it reads (the pipeline's first program only).
 */
export interface Stage {
  span: LineSpan;
  numbering?: 'cat-n' | 'nl';
  /** Prints each line as a record: a newline is added to a last line without one. */
  records?: boolean;
  /** Passes on only the last this many of those lines. */
  last?: number;
  file?: string;
}

/** A program's arguments (after its name), for the first program of the pipeline (`reads`: it names the file) or one after a pipe. */
type Parser = (args: readonly string[], reads: boolean) => Stage | Refusal;

/** A count or a line number as these programs take it: decimal digits, no sign and no suffix (head's 1k means 1,024). */
function count(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * What follows the options: the file, for the first program, and nothing after a pipe. An option
 * written after the file is refused: GNU takes it as an option, other systems as a second file.
 */
function operand(rest: readonly string[], reads: boolean): { file?: string } | Refusal {
  let files = rest;
  if (files[0] === '--') files = files.slice(1);
  else if (files.some((f) => f.startsWith('-') && f !== '-')) return refuse('option');
  if (files.length !== (reads ? 1 : 0)) return refuse('files');
  if (!reads) return {};
  // `-` is standard input; an empty name is no file.
  if (files[0] === '-' || files[0] === '') return refuse('file name');
  return { file: files[0] };
}

/** The options before the operands: each word that starts with `-` (not `-` alone, and up to `--`). */
function optionsOf(args: readonly string[]): { options: string[]; rest: readonly string[] } {
  let i = 0;
  while (i < args.length && args[i].startsWith('-') && args[i] !== '-' && args[i] !== '--') i++;
  return { options: args.slice(0, i), rest: args.slice(i) };
}

/** Options that take their value in the next word: those words are taken with them. */
function withValues(args: readonly string[], takesValue: (option: string) => boolean): { options: [string, string?][]; rest: readonly string[] } {
  const options: [string, string?][] = [];
  let i = 0;
  while (i < args.length && args[i].startsWith('-') && args[i] !== '-' && args[i] !== '--') {
    if (takesValue(args[i])) {
      if (i + 1 >= args.length) return { options: [[args[i], undefined]], rest: [] };
      options.push([args[i], args[i + 1]]);
      i += 2;
    } else {
      options.push([args[i]]);
      i++;
    }
  }
  return { options, rest: args.slice(i) };
}

const cat: Parser = (args, reads) => {
  // After a pipe, cat would number (or pass on) the stream, not the file: not a read of it.
  if (!reads) return refuse('pipe');
  const { options, rest } = optionsOf(args);
  if (options.some((o) => o !== '-n' && o !== '--number')) return refuse('option');
  const file = operand(rest, reads);
  if ('refused' in file) return file;
  return { span: { start: 1 }, file: file.file, ...(options.length ? { numbering: 'cat-n' as const } : {}) };
};

const nl: Parser = (args, reads) => {
  if (!reads) return refuse('pipe');
  const { options, rest } = withValues(args, (o) => o === '-b' || o === '--body-numbering');
  const all = options.length === 1 && ['-ba', '--body-numbering=a', '-b a', '--body-numbering a'].includes(options[0].join(' '));
  // Without -ba, nl numbers only lines that are not empty.
  if (!all) return refuse('option');
  const file = operand(rest, reads);
  if ('refused' in file) return file;
  return { span: { start: 1 }, file: file.file, numbering: 'nl' };
};

/** head's line count: -n N, -nN, -N, --lines=N, --lines N (the default 10 without one). */
const head: Parser = (args, reads) => {
  const { options, rest } = withValues(args, (o) => o === '-n' || o === '--lines');
  if (options.length > 1) return refuse('option');
  let lines: number | undefined = 10;
  if (options.length === 1) {
    const [option, value] = options[0];
    const written = value ?? /^(?:-n|--lines=|-)(.*)$/.exec(option)?.[1];
    lines = count(written);
  }
  if (lines === undefined) return refuse('option');
  const file = operand(rest, reads);
  if ('refused' in file) return file;
  return { span: { start: 1, end: lines }, ...file };
};

/**
 * tail from a line on (-n +A, -n+A, --lines=+A, --lines +A) or its last N lines (-n N, -N, --lines=N,
 * the default 10): those are known once the file's lines are counted, so they end a pipeline.
 */
const tail: Parser = (args, reads) => {
  const { options, rest } = withValues(args, (o) => o === '-n' || o === '--lines');
  if (options.length > 1) return refuse('option');
  const [option, value] = options[0] ?? ['-n', '10'];
  const written = value ?? /^(?:-n|--lines=|-)(.*)$/.exec(option)?.[1] ?? '';
  const n = count(written.startsWith('+') ? written.slice(1) : written);
  if (n === undefined) return refuse('option');
  const file = operand(rest, reads);
  if ('refused' in file) return file;
  // tail -n +0 starts at the first line, as +1 does.
  return written.startsWith('+') ? { span: { start: Math.max(1, n) }, ...file } : { span: { start: 1 }, last: n, ...file };
};

/**
 * A sed script that prints lines A..B and nothing else, as GNU sed reads it: `A,Bp`, `Ap`, `A,$p`,
 * `A,+Np`, blanks between the parts, an optional `;` after, and an optional `Cq` (quit after line C).
 * Line 0 is an error in sed; B before A prints line A alone.
 */
export function sedSpan(script: string): LineSpan | undefined {
  const match = /^\s*(\d+)\s*(?:,\s*(\d+|\$|\+\d+)\s*)?p\s*(?:;\s*(?:(\d+)\s*q\s*;?\s*)?)?$/.exec(script);
  if (!match) return undefined;
  const start = count(match[1]);
  if (start === undefined || start === 0) return undefined;
  const second = match[2];
  let end: number | undefined;
  if (second === undefined) end = start;
  else if (second.startsWith('+')) end = start + (count(second.slice(1)) ?? NaN);
  else if (second !== '$') end = Math.max(start, count(second) ?? NaN);
  if (Number.isNaN(end)) return undefined;
  const quit = match[3] === undefined ? undefined : count(match[3]);
  if (match[3] !== undefined && (quit === undefined || quit === 0)) return undefined;
  if (quit !== undefined) end = end === undefined ? quit : Math.min(end, quit);
  return end === undefined ? { start } : { start, end };
}

/** sed -n with one script (as its first operand, or -e SCRIPT, -eSCRIPT, -ne SCRIPT, --expression=SCRIPT). */
const sed: Parser = (args, reads) => {
  const { options, rest } = withValues(args, (o) => o === '-e' || o === '-ne' || o === '--expression');
  let quiet = false;
  const scripts: string[] = [];
  for (const [option, value] of options) {
    if (option === '-n' || option === '--quiet' || option === '--silent') quiet = true;
    else if (option === '-e' || option === '--expression') scripts.push(value ?? '');
    else if (option === '-ne') {
      quiet = true;
      scripts.push(value ?? '');
    } else if (option.startsWith('--expression=')) scripts.push(option.slice('--expression='.length));
    else if (/^-e./s.test(option)) scripts.push(option.slice(2));
    else return refuse('option');
  }
  // Without -n, sed prints every line and the script's lines again.
  if (!quiet) return refuse('option');
  let operands = rest;
  if (scripts.length === 0) {
    if (operands.length === 0 || operands[0] === '--') return refuse('script');
    scripts.push(operands[0]);
    operands = operands.slice(1);
  }
  if (scripts.length !== 1) return refuse('script');
  const span = sedSpan(scripts[0]);
  if (!span) return refuse('script');
  const file = operand(operands, reads);
  if ('refused' in file) return file;
  return { span, ...file };
};

/** One comparison of NR with a whole number, as awk writes it. */
const NR_TEST = /^\s*NR\s*(>=|<=|==|>|<)\s*(0|[1-9]\d*)\s*$/;

/**
 * An awk program that prints lines A..B as they are: `NR>=A && NR<=B` (either order, > and < too,
 * one comparison alone, NR==A), `NR==A,NR==B` (a range: from A to B, or to the end when B is before A),
 * with `{print}` or `{print $0}` or no action. Numbers with a leading 0 are refused (gawk reads them as octal).
 */
export function awkSpan(program: string): LineSpan | undefined {
  const pattern = /^(.*?)(?:\{\s*print(?:\s+\$0)?\s*;?\s*\})?\s*$/s.exec(program)?.[1] ?? '';
  const range = /^\s*NR\s*==\s*(0|[1-9]\d*)\s*,\s*NR\s*==\s*(0|[1-9]\d*)\s*$/.exec(pattern);
  if (range) {
    const [from, to] = [count(range[1]), count(range[2])];
    if (from === undefined || to === undefined || from === 0) return from === 0 ? { start: 1, end: 0 } : undefined;
    return to >= from ? { start: from, end: to } : { start: from };
  }
  let start = 1;
  let end = Infinity;
  const tests = pattern.split('&&');
  if (tests.length > 2) return undefined;
  for (const test of tests) {
    const match = NR_TEST.exec(test);
    const n = count(match?.[2]);
    if (!match || n === undefined) return undefined;
    const op = match[1];
    if (op === '>=' || op === '==') start = Math.max(start, n);
    if (op === '>') start = Math.max(start, n + 1);
    if (op === '<=' || op === '==') end = Math.min(end, n);
    if (op === '<') end = Math.min(end, n - 1);
  }
  return end === Infinity ? { start } : { start, end };
}

const awk: Parser = (args, reads) => {
  let operands = args;
  if (operands[0] === '--') operands = operands.slice(1);
  else if (operands[0]?.startsWith('-')) return refuse('option');
  if (operands.length === 0) return refuse('program');
  const span = awkSpan(operands[0]);
  if (!span) return refuse('program');
  const file = operand(operands.slice(1), reads);
  if ('refused' in file) return file;
  // awk takes an operand written NAME=value as setting a variable, not as a file.
  if (file.file?.includes('=')) return refuse('file name');
  return { span, records: true, ...file };
};

/** The programs a plain read is made of, by name. */
export const POSIX_PROGRAMS: Readonly<Record<string, Parser>> = { cat, nl, head, tail, sed, awk };
