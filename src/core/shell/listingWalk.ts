import { Dirent, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { ListingProgram, ListingShape } from './listing';

/** How far the walk that counts a listing's lines may go: entries looked at, and milliseconds. */
export interface WalkBounds {
  entries: number;
  ms: number;
}

/** A folder still to walk: its path, and how deep below the listed folder it is (the folder itself is 0). */
interface Pending {
  dir: string;
  depth: number;
}

/** Whether an entry is a link to a folder: tree -d lists those too (without walking them). */
function leadsToFolder(dir: string, entry: Dirent): boolean {
  try {
    return entry.isSymbolicLink() && statSync(path.join(dir, entry.name)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether a recursive listing of `folder` prints more than `limit` lines, counted by walking the
 * folder as the program lists it (what it leaves out skipped: names that start with a dot,
 * entries deeper than its depth, the kind it does not print; links never followed), and stopping
 * as soon as the count passes the limit; undefined when the bounds stop it first. The order does
 * not matter to a count, so the folders are walked in any. A folder that cannot be read counts
 * as empty: the command itself then says so on stderr, and Skim's command steps aside for it.
 */
export function listsMoreThan(folder: string, program: ListingProgram, shape: ListingShape, limit: number, bounds: WalkBounds): boolean | undefined {
  const until = Date.now() + bounds.ms;
  const maxDepth = shape.maxDepth ?? Infinity;
  // Lines printed whatever the folder holds: find's line for the folder itself, tree's and its report.
  let lines = program === 'find' ? (shape.only === 'files' ? 0 : 1) : program === 'tree' ? 1 + (shape.report ? 2 : 0) : -1;
  let seen = 0;
  const pending: Pending[] = [{ dir: folder, depth: 0 }];
  while (pending.length) {
    const { dir, depth } = pending.pop() as Pending;
    // ls -R: each folder's header, its total, its . and .., and the blank line before it (the first has none: -1 above).
    if (program === 'ls') lines += 2 + (shape.totals ? 1 : 0) + (shape.dots ? 2 : 0);
    if (depth + 1 > maxDepth) continue;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      entries = [];
    }
    for (const entry of entries) {
      if (++seen > bounds.entries || (seen % 256 === 0 && Date.now() > until)) return undefined;
      if (!shape.hidden && entry.name.startsWith('.')) continue;
      const isFolder = entry.isDirectory();
      if (shape.only === undefined || (shape.only === 'files' ? entry.isFile() : isFolder || (program === 'tree' && leadsToFolder(dir, entry)))) lines++;
      if (lines > limit) return true;
      if (isFolder && depth + 1 < maxDepth) pending.push({ dir: path.join(dir, entry.name), depth: depth + 1 });
    }
    if (lines > limit) return true;
  }
  return lines > limit;
}
