import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { isWithin, realPath } from '../core/files/project';

/** The project a command works in when not told: the nearest folder above `from` holding .git, else `from` itself. */
export function defaultRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
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
