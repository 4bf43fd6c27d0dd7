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
 * Walks `folder` as a recursive listing lists it (names that start with a dot skipped unless it
 * shows them, nothing deeper than its depth, links never followed), calling `folderSeen` for each
 * folder listed and `entry` for each entry shown, until one of them says stop (true) or the
 * bounds are passed (undefined). A folder that cannot be read counts as empty: the command itself
 * then says so on stderr, and Skim's command steps aside for it. The order does not matter to
 * what the callers ask, so the folders are walked in any.
 */
function walk(
  folder: string,
  shape: ListingShape,
  bounds: WalkBounds,
  visit: { folderSeen?(): boolean; entry(dir: string, entry: Dirent): boolean },
): boolean | undefined {
  const until = Date.now() + bounds.ms;
  const maxDepth = shape.maxDepth ?? Infinity;
  let seen = 0;
  const pending: Pending[] = [{ dir: folder, depth: 0 }];
  while (pending.length) {
    const { dir, depth } = pending.pop() as Pending;
    if (visit.folderSeen?.()) return true;
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
      if (visit.entry(dir, entry)) return true;
      if (entry.isDirectory() && depth + 1 < maxDepth) pending.push({ dir: path.join(dir, entry.name), depth: depth + 1 });
    }
  }
  return false;
}

/**
 * Whether a recursive listing of `folder` prints more than `limit` lines, counted by walking the
 * folder as the program lists it (the kind it does not print skipped), and stopping as soon as
 * the count passes the limit; undefined when the bounds stop it first.
 */
export function listsMoreThan(folder: string, program: ListingProgram, shape: ListingShape, limit: number, bounds: WalkBounds): boolean | undefined {
  // Lines printed whatever the folder holds: find's line for the folder itself, tree's and its report.
  let lines = program === 'find' ? (shape.only === 'files' ? 0 : 1) : program === 'tree' ? 1 + (shape.report ? 2 : 0) : -1;
  const more = walk(folder, shape, bounds, {
    // ls -R: each folder's header, its total, its . and .., and the blank line before it (the first has none: -1 above).
    folderSeen: () => program === 'ls' && (lines += 2 + (shape.totals ? 1 : 0) + (shape.dots ? 2 : 0)) > limit,
    entry: (dir, entry) => {
      const shown =
        shape.only === undefined || (shape.only === 'files' ? entry.isFile() : entry.isDirectory() || (program === 'tree' && leadsToFolder(dir, entry)));
      return shown && ++lines > limit;
    },
  });
  return more === undefined ? undefined : more || lines > limit;
}

/**
 * Whether a name the listing shows holds a newline: ls and find print it as it is, one entry on
 * two lines, which no reading of their output can tell from two entries (tree escapes it).
 * Undefined when the bounds stop the walk first.
 */
export function showsNewlineName(folder: string, shape: ListingShape, bounds: WalkBounds): boolean | undefined {
  return walk(folder, shape, bounds, { entry: (_dir, entry) => entry.name.includes('\n') });
}
