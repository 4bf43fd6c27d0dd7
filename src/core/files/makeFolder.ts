import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Makes a folder and the folders above it that are missing, one level at a time. Node's own
 * recursive mkdir loops for ever where a folder cannot be made under one that exists (`/proc/x`
 * answers ENOENT, and its parent EEXIST): here the first level that cannot be made throws.
 */
export function makeFolder(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, mode === undefined ? undefined : { mode });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
