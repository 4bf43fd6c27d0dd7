import { existsSync, lstatSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { isWithin, realPath } from '../core/files/project';

/**
 * Whether `dir` holds a `.git` this user owns (the entry and what it leads to). Another user's
 * `.git` in a folder anyone can write to (/tmp, a shared /home) would otherwise make every
 * folder below it one project: its reads, its cache, its hook. Windows has no owner to compare.
 */
function ownGit(dir: string): boolean {
  const git = path.join(dir, '.git');
  try {
    if (typeof process.getuid !== 'function') return existsSync(git);
    const uid = process.getuid();
    return lstatSync(git).uid === uid && statSync(git).uid === uid;
  } catch {
    return false;
  }
}

/**
 * The project a command works in when not told: the nearest folder above `from` holding a .git
 * this user owns, else `from` itself.
 */
export function defaultRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (ownGit(dir)) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}

/**
 * The project for a file named on the command line: the current one when the file lies inside
 * it, else the file's own (its git root, else its folder), so that its map is cached where it
 * belongs rather than asked for again on every call.
 */
export function rootForFile(target: string, cwd: string): string {
  const here = defaultRoot(cwd);
  const file = path.resolve(cwd, target);
  try {
    if (isWithin(realPath(here), realPath(file))) return here;
  } catch {
    return here;
  }
  return defaultRoot(path.dirname(file));
}
