import { readRegularTextSync } from '../files/open';
import * as path from 'node:path';
import { SearchProgram } from './program';
import { runLines, SKIP_DIRS } from './run';

/**
 * The files a search would look in, by the same rules: ripgrep's own listing (`rg --files`:
 * .gitignore respected, hidden files and SKIP_DIRS left out), else git's (tracked and untracked
 * files that are not ignored, SKIP_DIRS left out). In path order, at most `max`, within a deadline.
 */
export interface FileList {
  /** Paths relative to the root, with forward slashes. */
  files: string[];
  /** Files listed before the run stopped: more than `files` when `max` cut the list. */
  total: number;
  /** More than `max` files: the listing stopped there. */
  truncated: boolean;
  timedOut: boolean;
  /** Why the program failed, when it did. */
  error?: string;
}

/** Whether a skipped folder lies on the way from `scope` down to `file`: a folder named outright (`node_modules/x`) is the caller's choice. */
const skipped = (file: string, scope: string) =>
  (scope === '.' ? file : file.slice(scope.length + 1)).split('/').some((part) => (SKIP_DIRS as readonly string[]).includes(part));

/**
 * Whether an ignore file between the root and `scope` (the root's own included, the scope's
 * excluded) holds a pattern anchored to its folder (`/gen`, `src/x.js`): ripgrep, started on
 * a folder below, applies a parent folder's unanchored patterns but not those, so the listing
 * then starts at the root and keeps what lies in the scope.
 */
function anchoredAbove(root: string, scope: string): boolean {
  if (scope === '.') return false;
  const parts = scope.split('/');
  for (let depth = 0; depth < parts.length; depth++) {
    for (const name of IGNORE_FILES) {
      let text: string;
      try {
        text = readRegularTextSync(path.join(root, ...parts.slice(0, depth), name), 8 * 1024 * 1024);
      } catch {
        continue;
      }
      if (text.split('\n').some((line) => /\/./.test(line.trim()) && !line.startsWith('#'))) return true;
    }
  }
  return false;
}

const IGNORE_FILES = ['.gitignore', '.ignore', '.rgignore'];

export async function listFiles(
  program: SearchProgram,
  root: string,
  scope: string,
  options: { max: number; timeoutMs: number; signal?: AbortSignal },
): Promise<FileList> {
  if (program.kind !== 'rg' || !anchoredAbove(root, scope) || skipped(scope, '.')) return listRun(program, root, scope, false, options);
  // From the root, a folder named outright that the patterns above ignore lists nothing: it is then listed as named.
  const whole = await listRun(program, root, scope, true, options);
  return whole.total > 0 || whole.timedOut || whole.error ? whole : listRun(program, root, scope, false, options);
}

async function listRun(
  program: SearchProgram,
  root: string,
  scope: string,
  fromRoot: boolean,
  options: { max: number; timeoutMs: number; signal?: AbortSignal },
): Promise<FileList> {
  const list: FileList = { files: [], total: 0, truncated: false, timedOut: false };
  const inScope = (file: string) => !fromRoot || file.startsWith(`${scope}/`);
  // Paths end in NUL, not a line break: a file name may hold one.
  const args =
    program.kind === 'rg'
      ? [
          '--files',
          '--null',
          '--no-messages',
          '--no-require-git',
          '--sort',
          'path',
          ...SKIP_DIRS.flatMap((dir) => ['--glob', `!${dir}/`]),
          '--',
          fromRoot ? '.' : scope,
        ]
      : ['--no-pager', 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', scope];
  const run = await runLines(program.path, args, root, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    separator: '\0',
    launch: program.launch,
    take: (record) => {
      const file = record.replace(/^\.\//, '').split('\\').join('/');
      if (!file || !inScope(file) || skipped(file, scope)) return true;
      list.total++;
      if (list.files.length >= options.max) {
        list.truncated = true;
        return false;
      }
      list.files.push(file);
      return true;
    },
  });
  list.timedOut = run.timedOut;
  if (run.failure) list.error = run.failure;
  // ripgrep's 2 with files listed means some path could not be read as it walked (a folder removed meanwhile): the rest stands.
  else if (!run.stopped && run.code !== null && run.code > 1 && !(program.kind === 'rg' && run.code === 2 && list.total > 0))
    list.error = run.stderr.trim().split('\n').slice(-3).join('\n') || `exit status ${run.code}`;
  // git lists a file twice while it has merge conflicts, and in index order: made unique and in path order like ripgrep's.
  if (program.kind === 'git') list.files = [...new Set(list.files)].sort();
  return list;
}
