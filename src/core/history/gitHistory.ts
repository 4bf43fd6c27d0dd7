import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runLines } from '../search/run';
import { LANGUAGES } from '../structural/languages';
import { COMMIT_FORMAT, CommitRecord, PatchLogReader } from './patchLog';

/**
 * The git side of a project's history: where its repository is (none, a shallow clone, or one
 * with a history to read), its head, and its commits read newest first with the functions each
 * changed, through one `git log -p -U0` run over the source files, each hunk's header naming its
 * enclosing function by git's own per-language patterns (the drivers git ships, made to apply by
 * an attributes file of Skim's; JavaScript and TypeScript, which git has none for, by a pattern
 * of Skim's). Every run is bounded in time; nothing here throws for what git answers.
 */

export interface Repository {
  /** The git executable. */
  git: string;
  /** The project root, where git runs (paths come relative to it). */
  root: string;
  head: string;
  shallow: boolean;
}

/**
 * JavaScript's and TypeScript's function lines (POSIX extended): a `function`, a class, a `const`
 * given a function or an arrow, a property given a function, and a method one indentation deep
 * with no space before its parameters (so that `if (x) {` in a function's body is not taken for one).
 */
const JS_FUNCNAME = [
  '^[ \t]*((export[ \t]+)?(default[ \t]+)?(async[ \t]+)?function[ \t*].*',
  '(export[ \t]+)?(default[ \t]+)?(abstract[ \t]+)?class[ \t].*',
  '(export[ \t]+)?(const|let|var)[ \t]+[A-Za-z_$][A-Za-z0-9_$]*[ \t]*=[ \t]*(async[ \t]+)?(function|\\(|[A-Za-z_$][A-Za-z0-9_$]*[ \t]*=>).*',
  '[A-Za-z_$][A-Za-z0-9_$.]*[ \t]*[:=][ \t]*(async[ \t]+)?function.*)$',
  '^(  |    |\t)((static|async|get|set|public|private|protected|readonly|override)[ \t]+)*[A-Za-z_$][A-Za-z0-9_$]*(<[^>]*>)?\\(.*\\)[ \t]*(:.*)?\\{[ \t]*$',
].join('|');

/** Files read at all: the source files Skim outlines, each by its extension. */
const SOURCE_PATHSPECS = LANGUAGES.flatMap((l) => l.extensions.map((e) => `*${e}`));

/** The attributes file that makes git's drivers apply, written once per folder. */
function attributesFile(folder: string): string {
  const file = path.join(folder, 'skim-history.gitattributes');
  const text = LANGUAGES.flatMap((l) => (l.gitDriver ? l.extensions.map((e) => `*${e} diff=${l.gitDriver}`) : [])).join('\n') + '\n';
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** One short git run's output, or undefined where it failed or took longer than `timeoutMs`. */
async function gitOutput(git: string, root: string, args: string[], timeoutMs: number): Promise<string | undefined> {
  const lines: string[] = [];
  const run = await runLines(git, args, root, { timeoutMs, take: (line) => (lines.push(line), lines.length < 1_000) });
  return run.code === 0 && !run.timedOut ? lines.join('\n') : undefined;
}

/** The repository `root` is in, its head and whether it is shallow; undefined outside git or before a first commit. */
export async function repositoryOf(git: string, root: string, timeoutMs = 5_000): Promise<Repository | undefined> {
  const out = await gitOutput(git, root, ['rev-parse', '--is-shallow-repository', '--verify', '--quiet', 'HEAD'], timeoutMs);
  const [shallow, head] = out?.trim().split('\n') ?? [];
  if (!head || !/^[0-9a-f]{40,64}$/.test(head)) return undefined;
  return { git, root, head, shallow: shallow === 'true' };
}

/** Whether `ancestor` is an ancestor of `head` (a history only added to since it was read). */
export async function isAncestor(repository: Repository, ancestor: string, head: string): Promise<boolean> {
  const run = await runLines(repository.git, ['merge-base', '--is-ancestor', ancestor, head], repository.root, { timeoutMs: 10_000, take: () => true });
  return run.code === 0;
}

export interface ReadOptions {
  /** What to read: `head`, or `since..head`. */
  head: string;
  since?: string;
  /** The most commits read, newest first. */
  maxCommits: number;
  timeoutMs: number;
  /** Where the attributes file is kept. */
  scratch: string;
  signal?: AbortSignal;
  onCommit?: (commit: CommitRecord) => void;
}

export interface ReadResult {
  commits: CommitRecord[];
  /** The run ended whole; when not (its time, the signal, git failing), `commits` is what came whole before it. */
  complete: boolean;
  /** The run was ended at its time limit (the commits read whole before it are the newest). */
  timedOut: boolean;
  /**
   * Why git gave no history, in Skim's words: git's own (its stderr names refs and paths, which are
   * the repository's, not Skim's) is never passed on.
   */
  failure?: string;
}

/** The commits of `options.head` (since `options.since`), newest first, merges left out, each with the functions it changed. */
export async function readCommits(repository: Repository, options: ReadOptions): Promise<ReadResult> {
  const commits: CommitRecord[] = [];
  const reader = new PatchLogReader((commit) => {
    commits.push(commit);
    options.onCommit?.(commit);
  });
  const args = [
    '-c',
    `core.attributesFile=${attributesFile(options.scratch)}`,
    '-c',
    `diff.skimjs.xfuncname=${JS_FUNCNAME}`,
    '-c',
    'core.quotePath=false',
    'log',
    '--no-merges',
    '-p',
    '-U0',
    '-M',
    '--relative',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--diff-filter=AMDR',
    `--format=${COMMIT_FORMAT}`,
    `--max-count=${options.maxCommits}`,
    options.since ? `${options.since}..${options.head}` : options.head,
    '--',
    ...SOURCE_PATHSPECS,
  ];
  const run = await runLines(repository.git, args, repository.root, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    take: (line) => {
      reader.take(line);
      return true;
    },
  });
  const complete = !run.timedOut && !run.stopped && run.code === 0;
  if (complete) reader.end();
  const failed = run.code !== 0 && !run.timedOut && !run.stopped;
  return {
    commits,
    complete,
    timedOut: run.timedOut,
    failure: run.failure ?? (failed ? `git log could not read it (exit ${String(run.code)}); run git log in the project to see why` : undefined),
  };
}
