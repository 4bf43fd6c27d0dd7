import { execFile } from 'node:child_process';

/**
 * What git says changed in a working tree against a commit: each file's status and hunks (with no
 * lines of context, so each hunk is exactly the lines that changed), and the files git does not
 * track yet, as added whole. Git runs within a deadline and an output bound, never through a
 * shell, and the revision is checked to be one commit before it is handed to git.
 */

/** Lines `oldStart`.. (`oldCount` of them) became lines `newStart`.. (`newCount`); a count of 0 is a pure insertion or removal, after the line named. */
export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

export type ChangeStatus = 'modified' | 'added' | 'deleted' | 'binary';

export interface FileChange {
  /** Relative to the repository's top, with forward slashes. */
  path: string;
  status: ChangeStatus;
  hunks: Hunk[];
}

/** A request git cannot answer, said as what to do instead. */
export class ChangesRequestError extends Error {}

const GIT_TIMEOUT_MS = 10_000;
const GIT_MAX_BYTES = 32 * 1024 * 1024;
/** The most untracked files listed as added. */
const MAX_UNTRACKED = 500;

interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

function git(cwd: string, args: string[], signal?: AbortSignal): Promise<GitRun> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: GIT_MAX_BYTES, signal, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code as number) : -1) : 0;
        resolve({ code, stdout, stderr: stderr || (error && code === -1 ? error.message : '') });
      },
    );
  });
}

/** A path as git writes it in a diff: bare, or in C quotes with escapes and octal bytes. */
export function unquotePath(text: string): string {
  if (!text.startsWith('"') || !text.endsWith('"')) return text;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };
  const body = Buffer.from(text.slice(1, -1), 'utf8');
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== 92) {
      bytes.push(body[i]);
      continue;
    }
    const next = String.fromCharCode(body[++i]);
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.subarray(i, i + 3).toString('latin1'), 8));
      i += 2;
    } else bytes.push(escapes[next] ?? body[i]);
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The path a `---` or `+++` line names: git ends it with a tab when the name holds a space (a
 * name holding a tab or a line break is quoted, so a tab at the end is never the name's).
 */
const namedOn = (line: string) => unquotePath(line.slice(4).replace(/\t$/, ''));

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The files and hunks of `git diff -U0` output. */
export function parseDiff(text: string): FileChange[] {
  const files: FileChange[] = [];
  let file: FileChange | undefined;
  let oldPath: string | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = { path: '', status: 'modified', hunks: [] };
      files.push(file);
      oldPath = undefined;
    } else if (!file) continue;
    else if (line.startsWith('new file mode')) file.status = 'added';
    else if (line.startsWith('deleted file mode')) file.status = 'deleted';
    else if (line.startsWith('Binary files ')) file.status = 'binary';
    else if (line.startsWith('--- ')) oldPath = line === '--- /dev/null' ? undefined : namedOn(line).replace(/^a\//, '');
    else if (line.startsWith('+++ ')) file.path = line === '+++ /dev/null' ? (oldPath ?? '') : namedOn(line).replace(/^b\//, '');
    else {
      const hunk = HUNK.exec(line);
      if (hunk) file.hunks.push({ oldStart: Number(hunk[1]), oldCount: Number(hunk[2] ?? 1), newStart: Number(hunk[3]), newCount: Number(hunk[4] ?? 1) });
    }
  }
  // A binary file's diff names it on its "diff --git a/x b/x" line only.
  for (const [i, f] of files.entries()) if (!f.path) f.path = binaryPath(text, i);
  return files.filter((f) => f.path !== '');
}

/** The new path of the `index`th file of a diff, from its header line, where no ---/+++ lines named it. */
function binaryPath(text: string, index: number): string {
  const header = text.split('\n').filter((line) => line.startsWith('diff --git '))[index] ?? '';
  const match = / "b\/((?:[^"\\]|\\.)*)"$| b\/(.*)$/.exec(header);
  if (!match) return '';
  return match[1] !== undefined ? unquotePath(`"${match[1]}"`) : match[2];
}

/** The repository's top folder holding `root`, or why there is none. */
async function topOf(root: string, signal?: AbortSignal): Promise<string> {
  const top = await git(root, ['rev-parse', '--show-toplevel'], signal);
  if (top.code !== 0) throw new ChangesRequestError(`${root} is not in a git repository: the changes are a git diff, so there is nothing to compare`);
  return top.stdout.trim();
}

/** What changed in the working tree of `root`'s repository against `rev` (default HEAD), under `scope` (a path relative to `root`). */
export async function gitChanges(root: string, rev = 'HEAD', scope?: string, signal?: AbortSignal): Promise<{ top: string; files: FileChange[] }> {
  if (!rev || rev.startsWith('-') || /[\s\0]/.test(rev) || rev.length > 200)
    throw new ChangesRequestError(`"${rev.slice(0, 80)}" is not a revision: give a commit, branch or tag, such as HEAD or main`);
  const top = await topOf(root, signal);
  const commit = await git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], signal);
  if (commit.code !== 0) throw new ChangesRequestError(`${rev} names no commit in this repository: give a commit, branch or tag, such as HEAD or main`);
  const paths = ['--', scope ?? '.'];
  const diff = await git(root, ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '-U0', commit.stdout.trim(), ...paths], signal);
  if (diff.code !== 0) throw new ChangesRequestError(`git diff failed: ${diff.stderr.trim().split('\n')[0] || `exit ${diff.code}`}`);
  const untracked = await git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--full-name', ...paths], signal);
  const added = untracked.code === 0 ? untracked.stdout.split('\0').filter(Boolean).slice(0, MAX_UNTRACKED) : [];
  return { top, files: [...parseDiff(diff.stdout), ...added.map((path): FileChange => ({ path, status: 'added', hunks: [] }))] };
}
