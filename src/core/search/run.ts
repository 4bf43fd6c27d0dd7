import { mayHoldSecret } from '../screen/prefilter';
import { mayBeKeyLine } from '../screen/privateKeys';
import { Launch, spawnDirectly } from './launch';
import { SearchProgram } from './program';

/**
 * One run of the search program over a project: its hits in path order, the first `max` kept
 * (lines clipped) and every one counted, within a deadline. Never throws for what the program
 * says: a bad pattern or a failure comes back as `error`, a deadline as `timedOut`.
 */

/** A match as the program reports it: the path relative to the project root, with forward slashes. */
export interface RawHit {
  path: string;
  line: number;
  text: string;
  /**
   * What the pattern matched in `text` (UTF-16 offsets): a hit whose match the screen would
   * withhold is not a hit (tools/screenHits). A program that does not say has the whole line.
   */
  spans?: { start: number; end: number }[];
}

export interface RunOptions {
  pattern: string;
  literal: boolean;
  /** Where to search, relative to the root (default: all of it). */
  paths: string[];
  /** Only files whose path matches this glob (`*.ts`, `src/**`). */
  glob?: string;
  max: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told of each hit kept, as the program reports it: what needs the hits can start before the run ends. */
  onHit?: (hit: RawHit) => void;
}

export interface RunResult {
  hits: RawHit[];
  /** Every match counted, up to COUNT_LIMIT (then `totalIsLowerBound`). */
  total: number;
  totalIsLowerBound: boolean;
  timedOut: boolean;
  /** What the program said when it failed (a bad pattern), else undefined. */
  error?: string;
  /**
   * Matches counted past `max` whose line may hold a credential (screen/prefilter), up to
   * SUSPECT_LIMIT: the screen decides whether each counts, so that the total says nothing of a
   * withheld credential either.
   */
  suspect: RawHit[];
}

/** Folders no one means to search: dependencies, build output, caches, version control. */
export const SKIP_DIRS = [
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'target',
  'vendor',
  'bower_components',
  '.venv',
  'venv',
  '__pycache__',
  '.next',
  '.nuxt',
  'coverage',
  '.gradle',
  '.tox',
  '.cache',
];

/** A hit's line is shown clipped to this many characters, after the screen has read it: a minified line must not flood the answer. */
export const LINE_CHARS = 300;

/**
 * The most of a hit's line kept for the screen to read before it is clipped: a credential that
 * begins inside the LINE_CHARS shown is read whole, and a minified line still costs little.
 */
const RAW_LINE_CHARS = 64 * 1024;

/** Past this many matches the program is stopped and the total is said as "more than". */
const COUNT_LIMIT = 100_000;

const STDERR_CHARS = 2_000;

/** The most matches past `max` on lines that may hold a credential kept for the screen; past it such matches are not counted and the total is a lower bound. */
export const SUSPECT_LIMIT = 1_000;

/** Whether a line may hold (part of) a credential the screen withholds. */
const mayHide = (line: string) => mayHoldSecret(line) || mayBeKeyLine(line);

// ripgrep's JSON: a name with a line break in it is one string, and each line comes whole (its --max-columns cut would run before the screen).
function rgArgs(o: RunOptions): string[] {
  return [
    '--json',
    '--no-messages',
    '--no-require-git',
    '--sort',
    'path',
    ...(o.literal ? ['--fixed-strings'] : []),
    ...SKIP_DIRS.flatMap((dir) => ['--glob', `!${dir}/`]),
    ...(o.glob ? ['--glob', o.glob] : []),
    '--regexp',
    o.pattern,
    '--',
    ...o.paths,
  ];
}

function gitArgs(o: RunOptions): string[] {
  const globbed = o.glob ? o.paths.map((p) => `:(glob)${p === '.' ? '' : `${p.replace(/\/$/, '')}/`}**/${o.glob}`) : o.paths;
  return [
    '--no-pager',
    'grep',
    '--line-number',
    '-I',
    '--null',
    '--no-color',
    '--untracked',
    o.literal ? '--fixed-strings' : '--extended-regexp',
    '-e',
    o.pattern,
    '--',
    ...globbed,
    ...SKIP_DIRS.map((dir) => `:(exclude,glob)**/${dir}/**`),
  ];
}

const keyOf = (reported: string) => reported.replace(/^\.\//, '').split('\\').join('/');
const rawLine = (text: string) => text.replace(/\r?\n$/, '').slice(0, RAW_LINE_CHARS);

/** ripgrep's text or, for bytes that are not UTF-8, their base64. */
const rgText = (field: { text?: string; bytes?: string } | undefined) =>
  field?.text ?? (field?.bytes === undefined ? undefined : Buffer.from(field.bytes, 'base64').toString('utf8'));

/** Whether one record of `rg --json` is a match; counting needs no more. */
const isRgMatch = (record: string) => record.startsWith('{"type":"match"');

/** ripgrep's submatches (byte offsets into the line) as UTF-16 offsets into its text. */
function rgSpans(field: { text?: string; bytes?: string } | undefined, submatches: unknown): { start: number; end: number }[] {
  const bytes = field?.text !== undefined ? Buffer.from(field.text) : Buffer.from(field?.bytes ?? '', 'base64');
  const at = (offset: number) => bytes.subarray(0, offset).toString('utf8').length;
  const spans: { start: number; end: number }[] = [];
  for (const m of Array.isArray(submatches) ? (submatches as { start?: unknown; end?: unknown }[]) : [])
    if (typeof m.start === 'number' && typeof m.end === 'number') spans.push({ start: at(m.start), end: Math.max(at(m.end), at(m.start) + 1) });
  return spans.length ? spans : WHOLE_LINE;
}

interface RgRecord {
  data?: { path?: { text?: string; bytes?: string }; lines?: { text?: string; bytes?: string }; line_number?: unknown; submatches?: unknown };
}

/** The hit one `rg --json` match record holds, or undefined for anything else. */
function rgHit(parsed: RgRecord, o: RunOptions): RawHit | undefined {
  const file = rgText(parsed.data?.path);
  const text = rgText(parsed.data?.lines);
  const line = parsed.data?.line_number;
  if (!file || text === undefined || typeof line !== 'number' || !Number.isInteger(line)) return undefined;
  return { path: keyOf(file), line, text: rawLine(text), spans: isRegex(o) ? WHOLE_LINE : rgSpans(parsed.data?.lines, parsed.data?.submatches) };
}

/**
 * A match record's hit, or undefined when it holds none; past `max` (not `kept`), true (counted
 * only) unless its line may hold a credential, which the screen must judge. The line is tested as
 * ripgrep decoded it: the record's own text escapes it and holds more than the line.
 */
function rgMatch(record: string, kept: boolean, o: RunOptions): RawHit | true | undefined {
  let parsed: RgRecord;
  try {
    parsed = JSON.parse(record);
  } catch {
    return undefined;
  }
  if (!kept) {
    const text = rgText(parsed.data?.lines);
    if (text !== undefined && !mayHide(rawLine(text))) return true;
  }
  return rgHit(parsed, o);
}

/** Text that is a regex, in ripgrep's syntax or git's extended one: without any of these a pattern matches as literal text. */
export const REGEX_SYNTAX = /[\\^$.|?*+()[\]{}]/;

const WHOLE_LINE = [{ start: 0, end: Number.MAX_SAFE_INTEGER }];

/**
 * A regex's match is taken to be its whole line: whether it matched at all may hang on a
 * credential its match does not touch (`ghp_x[A-M].*|"$` matches at the line's end exactly when
 * the token's next letter is not A-M), so a regex's hit on a line holding a credential says
 * something of it wherever it matched.
 */
const isRegex = (o: RunOptions) => !o.literal && REGEX_SYNTAX.test(o.pattern);

/** Where a pattern matched a line, for a program that does not say (git grep): each occurrence of literal text; a regex, the whole line. */
function textSpans(o: RunOptions, text: string): { start: number; end: number }[] {
  if (isRegex(o)) return WHOLE_LINE;
  const spans: { start: number; end: number }[] = [];
  for (let at = text.indexOf(o.pattern); at >= 0 && o.pattern; at = text.indexOf(o.pattern, at + o.pattern.length))
    spans.push({ start: at, end: at + o.pattern.length });
  return spans.length ? spans : WHOLE_LINE;
}

/**
 * `git grep --null` writes `path\0line\0text\n`: a name may hold a line break, a line never does.
 * Read as NUL-separated records, a text record runs on to the next path (`text\npath`); this
 * tells each record what it is. Fed the last record too, it returns the last hit.
 */
function gitHits(o: RunOptions): (record: string) => RawHit | undefined {
  let file: string | undefined;
  let line: number | undefined;
  return (record) => {
    if (file === undefined) {
      file = record;
      return undefined;
    }
    if (line === undefined) {
      const number = Number(record);
      if (Number.isInteger(number) && record !== '') line = number;
      else file = undefined;
      return undefined;
    }
    const newline = record.indexOf('\n');
    const text = rawLine(newline < 0 ? record : record.slice(0, newline));
    const hit = { path: keyOf(file), line, text, spans: textSpans(o, text) };
    file = newline < 0 || newline === record.length - 1 ? undefined : record.slice(newline + 1);
    line = undefined;
    return hit;
  };
}

/** How a program's run ended, as runLines reports it. */
export interface LinesRun {
  code: number | null;
  timedOut: boolean;
  /** `take` asked to stop, or the signal aborted the run. */
  stopped: boolean;
  /** The end of what the program wrote on stderr. */
  stderr: string;
  /** Why the program could not run at all. */
  failure?: string;
}

/**
 * Runs a program in `root` and hands `take` each record of its output (lines, or NUL-separated
 * records), in order, until `take` returns false, the deadline passes or the signal aborts.
 * Never throws: a program that cannot start reports a failure.
 */
export function runLines(
  file: string,
  args: readonly string[],
  root: string,
  options: { timeoutMs: number; signal?: AbortSignal; separator?: string; launch?: Launch; take: (record: string) => boolean },
): Promise<LinesRun> {
  return new Promise((resolve) => {
    const separator = options.separator ?? '\n';
    const run: LinesRun = { code: null, timedOut: false, stopped: false, stderr: '' };
    let pending = '';
    let finished = false;
    const take = (record: string) => {
      if (!run.stopped && !options.take(record)) stop();
    };
    const finish = (code: number | null, failure?: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (pending) take(pending);
      resolve({ ...run, code, failure });
    };
    const child = (options.launch ?? spawnDirectly)(file, args, root, {
      out: (chunk) => {
        const records = (pending + chunk).split(separator);
        pending = records.pop() ?? '';
        for (const record of records) take(record);
      },
      err: (chunk) => {
        if (run.stderr.length < STDERR_CHARS) run.stderr += chunk.slice(0, STDERR_CHARS - run.stderr.length);
      },
      end: finish,
    });
    function stop() {
      run.stopped = true;
      child.kill();
    }
    const timer = setTimeout(() => {
      run.timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = () => stop();
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function runSearch(program: SearchProgram, root: string, options: RunOptions): Promise<RunResult> {
  const result: RunResult = { hits: [], total: 0, totalIsLowerBound: false, timedOut: false, suspect: [] };
  const rg = program.kind === 'rg';
  const git = gitHits(options);
  const run = await runLines(program.path, rg ? rgArgs(options) : gitArgs(options), root, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    launch: program.launch,
    separator: rg ? '\n' : '\0',
    take: (record) => {
      const kept = result.hits.length < options.max;
      const hit = rg ? (isRgMatch(record) ? rgMatch(record, kept, options) : undefined) : git(record);
      if (!hit) return true;
      if (!kept && hit !== true && mayHide(hit.text)) {
        if (result.suspect.length >= SUSPECT_LIMIT) {
          result.totalIsLowerBound = true;
          return true;
        }
        result.suspect.push(hit);
      }
      result.total++;
      if (kept && hit !== true) {
        result.hits.push(hit);
        options.onHit?.(hit);
      }
      if (result.total < COUNT_LIMIT) return true;
      result.totalIsLowerBound = true;
      return false;
    },
  });
  result.timedOut = run.timedOut;
  // rg exits 1 and git grep 1 for "no matches"; more means the program failed (a bad pattern, a bad path).
  if (run.failure) result.error = run.failure;
  else if (!run.stopped && run.code !== null && run.code > 1 && result.total === 0)
    result.error = run.stderr.trim().split('\n').slice(-6).join('\n') || `${program.kind} exited with status ${run.code}`;
  return result;
}
