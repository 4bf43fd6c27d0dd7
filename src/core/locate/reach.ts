import { SearchProgram } from '../search/program';
import { LINE_CHARS, runLines, SKIP_DIRS } from '../search/run';

/**
 * Which files the question's words reach: one ripgrep run (git grep where there is none) for
 * every stem at once, case-insensitive, reporting each match, so that a first locate on a tree
 * never seen outlines only the files its words are in. Per file, how often each stem occurs (a
 * line counted at most MAX_LINES_PER_FILE times); per stem, in how many files (what its weight
 * in the ranking comes from).
 */

/** Lines of one file counted: a generated table that names a word on every line says no more than a hundred lines of it. */
const MAX_LINES_PER_FILE = 200;

export interface Reached {
  /** Per file reached (relative to the root), the count of each stem's matches, by the stem's index. */
  files: Map<string, Map<number, number>>;
  /** Per stem, the files it occurs in. */
  fileCounts: number[];
  timedOut: boolean;
  error?: string;
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function reach(
  program: SearchProgram,
  root: string,
  scope: string,
  stems: readonly string[],
  options: { timeoutMs: number; signal?: AbortSignal; wholeParts?: ReadonlyMap<string, readonly string[]> },
): Promise<Reached> {
  const reached: Reached = { files: new Map(), fileCounts: stems.map(() => 0), timedOut: false };
  if (!stems.length) return reached;
  // Longest first, so that a stem that begins another (`read`, `readable`) does not take its matches.
  const order = stems.map((s, i) => ({ s, i })).sort((a, b) => b.s.length - a.s.length);
  const index = new Map(stems.map((s, i) => [s, i]));
  // An identifier's whole form is found however it is joined: `maxRedirects` and `max_redirects`.
  const pattern = order.map(({ s }) => options.wholeParts?.get(s)?.map(escape).join('_?') ?? escape(s)).join('|');
  const args =
    program.kind === 'rg'
      ? [
          '--only-matching',
          '--ignore-case',
          '--line-number',
          '--with-filename',
          '--no-heading',
          '--color',
          'never',
          '--null',
          '--no-messages',
          '--no-require-git',
          '--max-count',
          String(MAX_LINES_PER_FILE),
          '--max-columns',
          String(LINE_CHARS),
          ...SKIP_DIRS.flatMap((dir) => ['--glob', `!${dir}/`]),
          '--regexp',
          pattern,
          '--',
          scope,
        ]
      : [
          '--no-pager',
          'grep',
          '--only-matching',
          '--ignore-case',
          '-I',
          '--null',
          '--no-color',
          '--untracked',
          '--extended-regexp',
          '-e',
          pattern,
          '--',
          scope,
        ];
  const run = await runLines(program.path, args, root, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    launch: program.launch,
    take: (line) => {
      const nul = line.indexOf('\0');
      if (nul <= 0) return true;
      const file = line.slice(0, nul).replace(/^\.\//, '').split('\\').join('/');
      const match = line.slice(nul + 1).replace(/^\d+[:\0]/, '');
      const at = index.get(match.toLowerCase().replace(/_/g, ''));
      if (at === undefined) return true;
      let counts = reached.files.get(file);
      if (!counts) reached.files.set(file, (counts = new Map()));
      if (!counts.has(at)) reached.fileCounts[at]++;
      counts.set(at, (counts.get(at) ?? 0) + 1);
      return true;
    },
  });
  reached.timedOut = run.timedOut;
  if (run.failure) reached.error = run.failure;
  return reached;
}
