import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Database } from 'sql.js';
import { readRegularFile } from '../files/open';
import { removeAbandonedTemps, replaceFile } from '../files/replaceFile';
import { withFileLock } from './lock';
import { MAX_DATABASE_BYTES } from './schema';
import { makeFolder } from '../files/makeFolder';

/**
 * What the map cache and the outline store share about their SQLite files: the stamp that tells
 * whether another process wrote one since, reading one, and saving one merged with what another
 * process saved meanwhile, under the lock two writers take turns with.
 */

/** Size, time and inode: changed by any save, since a save puts a new file in place. */
export function stampOf(file: string): Promise<string> {
  return fs.stat(file).then(
    (s) => `${s.size}:${s.mtimeMs}:${s.ino}`,
    () => 'none',
  );
}

/**
 * The database file's bytes; an empty buffer when there is none. Throws when it cannot be read or
 * is larger than a cache Skim reads. Only a regular file is read: a FIFO put in its place would
 * block the read for as long as nobody writes to it.
 */
export async function readDatabaseFile(file: string): Promise<Buffer> {
  try {
    const read = await readRegularFile(file, MAX_DATABASE_BYTES);
    if (!read.bytes) throw new Error(`it is ${read.size} bytes, larger than a cache Skim reads (${MAX_DATABASE_BYTES / 1024 / 1024} MB)`);
    return read.bytes;
  } catch (error) {
    // No database yet (ENOTDIR: something in the way of its folder, which the first save will say).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return Buffer.alloc(0);
    throw error;
  }
}

export interface MergedSave {
  /** How long to wait for another writer's lock. */
  lockWaitMs: number;
  /** The bytes and the rename reach the disk before the save returns. */
  fsync?: boolean;
  /** The database to write, with this process's changes applied; `unchanged` when no other process saved since `stamp`. */
  merge(unchanged: boolean): Promise<Database>;
  /** The stamp this process last saw. */
  stamp: string;
  /** Under the lock, once the new file is in place. */
  written?(db: Database): Promise<void> | void;
  /** The merged database could not be written. */
  failed(db: Database): void;
}

/** Saves a database file merged with what another process saved since; the new file's stamp. */
export async function saveMerged(file: string, save: MergedSave): Promise<string> {
  makeFolder(path.dirname(file));
  return withFileLock(
    `${file}.lock`,
    async () => {
      await removeAbandonedTemps(file);
      const db = await save.merge((await stampOf(file)) === save.stamp);
      try {
        await replaceFile(file, db.export(), { fsync: save.fsync });
      } catch (error) {
        save.failed(db);
        throw error;
      }
      await save.written?.(db);
      return stampOf(file);
    },
    save.lockWaitMs,
  );
}
