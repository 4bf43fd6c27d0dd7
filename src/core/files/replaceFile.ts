import { closeSync, constants, fsyncSync, openSync, promises as fs, renameSync, rmSync, writeSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The one way Skim puts a file's new bytes in place: written whole to a temp file beside it, made
 * new (never through a link), then renamed over it, so a reader sees the old bytes or the new,
 * never half. Every temp file is named `<file>.<pid>.<hex>.tmp`, the one name the sweep knows.
 */
export interface ReplaceOptions {
  /** The new file's mode. Default 0o600: Skim's own files are the user's alone. */
  mode?: number;
  /** The bytes, then the rename, reach the disk before the call returns. */
  fsync?: boolean;
  /** Refuse to open the temp file through a link (O_NOFOLLOW). */
  noFollow?: boolean;
  /** Run on the temp file's descriptor before anything is written (an owner or mode to keep). */
  prepare?: (fd: number) => void;
}

/** A temp file of ours: `<file>.<pid>.<hex>.tmp`. */
const TEMP = /^(.*)\.(\d+)\.[0-9a-f]+\.tmp$/;

/** Math.random, not node:crypto: the name need only differ between writers, and O_EXCL refuses one that does not. */
const tempBeside = (file: string) => `${file}.${process.pid}.${Math.floor(Math.random() * 0x100000000).toString(16)}.tmp`;

const flagsOf = (options: ReplaceOptions) => constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);

/** Replaces `file` with `data`; the temp file is gone whether it succeeds or throws. */
export async function replaceFile(file: string, data: string | Uint8Array, options: ReplaceOptions = {}): Promise<void> {
  const temp = tempBeside(file);
  try {
    const handle = await fs.open(temp, flagsOf(options), options.mode ?? 0o600);
    try {
      options.prepare?.(handle.fd);
      await handle.writeFile(data);
      if (options.fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  if (options.fsync) await syncFolder(path.dirname(file));
}

/** replaceFile for a caller that cannot wait: a person's settings file, a bundle's code cache. */
export function replaceFileSync(file: string, data: string | Uint8Array, options: ReplaceOptions = {}): void {
  const temp = tempBeside(file);
  try {
    const fd = openSync(temp, flagsOf(options), options.mode ?? 0o600);
    try {
      options.prepare?.(fd);
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      if (options.fsync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  if (options.fsync) syncFolderSync(path.dirname(file));
}

/** A folder's entries reach the disk (the rename in it); where a folder cannot be opened or synced, nothing more can be done. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

function syncFolderSync(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // As syncFolder.
  }
}

/** Whether a process with this pid runs on this machine (one of another user's counts as running). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `name` is a temp file that a process killed mid-write left (beside the file named `base`, when given). */
export function isAbandonedTemp(name: string, base?: string): boolean {
  const match = TEMP.exec(name);
  return !!match && (base === undefined || match[1] === base) && !processAlive(Number(match[2]));
}

/** Removes the temp files beside `file` that a process killed mid-write left. */
export async function removeAbandonedTemps(file: string): Promise<void> {
  const names = await fs.readdir(path.dirname(file)).catch(() => [] as string[]);
  for (const name of names) if (isAbandonedTemp(name, path.basename(file))) await fs.rm(path.join(path.dirname(file), name), { force: true });
}
