/** The shells a host's tool may run a command line in. */
export type ShellDialect = 'posix' | 'powershell';

/**
 * How a command prints the lines it reads, exactly:
 * - raw: the bytes as they are (cat, head, tail, sed -n … p);
 * - records: the same, with a newline added to a last line that has none (awk prints each record and a newline);
 * - cat-n: each line after its number right-aligned in six columns and a tab (`cat -n`), no newline added;
 * - nl: the same as `nl -ba` prints it, a newline added to a last line that has none;
 * - lines: PowerShell's Get-Content, one string per line (CRLF or LF), written back one per line.
 */
export const PRINT_FORMATS = ['raw', 'records', 'cat-n', 'nl', 'lines'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/**
 * Lines start..end of a file or a stream, 1-based and inclusive; no end: to the last. An end before
 * the start: none. With `last`, only the last that many of those (tail -n N).
 */
export interface LineSpan {
  start: number;
  end?: number;
  last?: number;
}

/** A command line that is provably a plain read of one file: which file, which lines, how they are printed. */
export interface ShellRead extends LineSpan {
  /** The file as the command names it (quotes removed), relative to `dir` when there is one, else to the shell's folder. */
  file: string;
  /** The folder a leading `cd DIR &&` moves to, as written. */
  dir?: string;
  format: PrintFormat;
  /** The command line's own text of the read, after any `cd DIR &&`: what runs if Skim's command cannot. */
  readText: string;
  /** The command line's own text of `cd DIR`, without the `&&`; empty when there is none. */
  cdText: string;
}

/** Lines `inner` of a stream that holds lines `outer` of a file, as lines of that file; undefined when `outer` keeps its last lines (how many, only the file's count tells). */
export function within(outer: LineSpan, inner: LineSpan): LineSpan | undefined {
  if (outer.last !== undefined) return undefined;
  const start = outer.start + inner.start - 1;
  const ends = [outer.end, inner.end === undefined ? undefined : outer.start + inner.end - 1].filter((e): e is number => e !== undefined);
  const last = inner.last === undefined ? {} : { last: inner.last };
  return ends.length ? { start, end: Math.min(...ends), ...last } : { start, ...last };
}

/** The lines a span holds of a file of `total` lines: first and last (an empty span: last = first - 1). */
export function linesOf(span: LineSpan, total: number): { first: number; last: number } {
  const end = Math.min(span.end ?? total, total);
  const first = span.last === undefined ? span.start : Math.max(span.start, end - span.last + 1);
  return { first, last: Math.max(first - 1, end) };
}
