import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readRegularFile } from '../files/open';
import { replaceFile } from '../files/replaceFile';
import { sha256Hex } from '../files/sha256';
import { untrustedDirectory } from '../files/trust';
import { rawRegions, storedEntry } from '../map/normalize';
import { MapEntry } from '../map/types';
import { makeFolder } from '../files/makeFolder';

/**
 * Each path's current map, also kept as one small JSON file beside the project's database, so that
 * a hook (a process that lives for one read) can answer a fresh hit without loading SQLite: a third
 * of its time. The database stays the record: the files are written with it, under its lock, and a
 * file that is missing, torn, foreign or stale only sends the reader to the database.
 */

/** A change to the maps, as the database applies it and as the entry files follow it. */
export type EntryWrite = { op: 'put'; entry: MapEntry } | { op: 'forget'; path: string } | { op: 'clear' };

/** The largest entry file read: a map of 20,000 regions is about 2 MB. */
const MAX_ENTRY_FILE_BYTES = 8 * 1024 * 1024;

/** The folder of entry files beside a map database (`<name>.entries` beside `<name>.sqlite`). */
export function entryFolderBeside(databaseFile: string): string {
  return `${databaseFile.replace(/\.sqlite$/, '')}.entries`;
}

const fileFor = (folder: string, key: string) => path.join(folder, `${sha256Hex(key).slice(0, 32)}.json`);

/**
 * The entry stored for a project path, normalized as a database row is on the way out; undefined
 * when there is no file, or it cannot be read, is too large, is not whole JSON of an entry, or is
 * another path's. Never throws.
 */
export async function readEntryFile(folder: string, key: string): Promise<MapEntry | undefined> {
  if (untrustedDirectory(folder)) return undefined;
  let text: string;
  try {
    // Never through a link, never waiting on a FIFO: only a regular file of a sane size is read.
    const { bytes } = await readRegularFile(fileFor(folder, key), MAX_ENTRY_FILE_BYTES);
    if (!bytes) return undefined;
    text = bytes.toString('utf8');
  } catch {
    return undefined;
  }
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isStoredRow(row) || row.path !== key) return undefined;
  return storedEntry({ ...row, regions: rawRegions(row.regions) });
}

type StoredRow = Omit<MapEntry, 'status' | 'regions'> & { status: string; regions: unknown[] };

function isStoredRow(row: unknown): row is StoredRow {
  if (!row || typeof row !== 'object') return false;
  const r = row as Record<string, unknown>;
  const strings = ['path', 'hash', 'status', 'producer', 'prose'].every((k) => typeof r[k] === 'string');
  const numbers = ['size', 'lines', 'created'].every((k) => typeof r[k] === 'number' && Number.isFinite(r[k]));
  return strings && numbers && Array.isArray(r.regions);
}

/**
 * Makes the entry files say what the database now says after `writes`. Called under the database's
 * lock, after it is saved. Only into a folder of this user's own (not a link, not shared); each file
 * is written new beside its place and renamed over it, so that nothing standing there (a link, a
 * FIFO) is written through or waited on. A write that fails leaves no file for its path (the reader
 * then asks the database); never throws.
 */
export async function writeEntryFiles(folder: string, writes: readonly EntryWrite[]): Promise<void> {
  if (writes.some((w) => w.op === 'clear')) await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  const last = new Map<string, EntryWrite>();
  for (const write of writes) {
    if (write.op === 'clear') last.clear();
    else last.set(write.op === 'put' ? write.entry.path : write.path, write);
  }
  if (!last.size) return;
  try {
    makeFolder(folder, 0o700);
  } catch {
    // Said by the write that follows, which cannot make its file there.
  }
  if (untrustedDirectory(folder)) return;
  for (const [key, write] of last) {
    const file = fileFor(folder, key);
    if (write.op === 'put') await writeInPlace(file, entryText(write.entry));
    else await fs.rm(file, { force: true }).catch(() => undefined);
  }
}

function entryText(entry: MapEntry): string {
  const { path: entryPath, size, hash, lines, status, producer, prose, created, regions } = entry;
  return JSON.stringify({ path: entryPath, size, hash, lines, status, producer, prose, created, regions });
}

/** `text` as the new file at `file`: written to a file of its own made new (never through a link) and renamed over whatever stood there. */
async function writeInPlace(file: string, text: string): Promise<void> {
  await replaceFile(file, text, { noFollow: true }).catch(() => fs.rm(file, { force: true }).catch(() => undefined));
}
