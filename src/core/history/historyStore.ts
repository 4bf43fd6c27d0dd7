import * as path from 'node:path';
import { readRegularFile } from '../files/open';
import { makeFolder } from '../files/makeFolder';
import { replaceFile } from '../files/replaceFile';
import { CommitRecord } from './patchLog';

/**
 * A project's history as Skim keeps it, beside its outline store: the commits read (newest first,
 * each with its message and the functions it changed), the head they were read to, and what was
 * learned from them. One JSON file, replaced whole: a reader sees the old history or the new. It
 * is a file any process of this user can write, and its messages are nobody's word: a file that
 * does not parse, or of another version, is no history; nothing read from it is shown.
 */

export const HISTORY_VERSION = 1;
/** The largest history file read: 50,000 commits of a few hundred bytes each, with room. */
const MAX_HISTORY_BYTES = 256 * 1024 * 1024;

export interface StoredHistory {
  version: number;
  /** The commit the history was read to. */
  head: string;
  /** Newest first. */
  commits: CommitRecord[];
  /** Whether every commit the head reaches was read (or the most that are kept): else the oldest are missing. */
  complete: boolean;
  /** What was learned from the commits about weighing them (locate's weights), once learned. */
  learned?: Record<string, number>;
  /** Why git could give no history at this head (then `commits` is empty): it is not asked again until the head moves. */
  failure?: string;
}

/** The history file beside an outline store: `maps-1a2b.outlines.sqlite` → `maps-1a2b.outlines.history.json`. */
export function historyFileBeside(outlineFile: string): string {
  return `${outlineFile.replace(/\.sqlite$/, '')}.history.json`;
}

const isRecord = (c: unknown): c is CommitRecord => {
  const r = c as CommitRecord;
  return (
    typeof r?.sha === 'string' &&
    typeof r.time === 'number' &&
    typeof r.message === 'string' &&
    Array.isArray(r.files) &&
    r.files.every((f) => typeof f?.path === 'string' && Array.isArray(f.names) && f.names.every((n) => typeof n === 'string'))
  );
};

/** The stored history, or undefined where there is none or it cannot be used. */
export async function readHistory(file: string): Promise<StoredHistory | undefined> {
  try {
    // Only a regular file is read: a FIFO put in its place would block the read for as long as nobody writes to it.
    const { bytes } = await readRegularFile(file, MAX_HISTORY_BYTES);
    if (!bytes) return undefined;
    const stored = JSON.parse(bytes.toString('utf8')) as StoredHistory;
    if (
      stored?.version !== HISTORY_VERSION ||
      typeof stored.head !== 'string' ||
      !Array.isArray(stored.commits) ||
      !stored.commits.every(isRecord) ||
      (stored.failure !== undefined && typeof stored.failure !== 'string')
    )
      return undefined;
    return stored;
  } catch {
    return undefined;
  }
}

/** Puts the history in place; a failure to write only loses it (it is read again from git). */
export async function writeHistory(file: string, history: StoredHistory): Promise<boolean> {
  try {
    makeFolder(path.dirname(file));
    await replaceFile(file, JSON.stringify(history));
    return true;
  } catch {
    return false;
  }
}
