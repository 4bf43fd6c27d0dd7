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

const skipped = (file: string) => file.split('/').some((part) => (SKIP_DIRS as readonly string[]).includes(part));

export async function listFiles(
  program: SearchProgram,
  root: string,
  scope: string,
  options: { max: number; timeoutMs: number; signal?: AbortSignal },
): Promise<FileList> {
  const list: FileList = { files: [], total: 0, truncated: false, timedOut: false };
  const args =
    program.kind === 'rg'
      ? ['--files', '--no-messages', '--no-require-git', '--sort', 'path', ...SKIP_DIRS.flatMap((dir) => ['--glob', `!${dir}/`]), '--', scope]
      : ['--no-pager', 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', scope];
  const run = await runLines(program.path, args, root, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    separator: program.kind === 'rg' ? '\n' : '\0',
    launch: program.launch,
    take: (record) => {
      const file = record.replace(/\r$/, '').replace(/^\.\//, '').split('\\').join('/');
      if (!file || skipped(file)) return true;
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
  else if (!run.stopped && run.code !== null && run.code > 1) list.error = run.stderr.trim().split('\n').slice(-3).join('\n') || `exit status ${run.code}`;
  // git lists a file twice while it has merge conflicts, and in index order: made unique and in path order like ripgrep's.
  if (program.kind === 'git') list.files = [...new Set(list.files)].sort();
  return list;
}
