import { closeSync, fstatSync, read } from 'node:fs';
import { promisify } from 'node:util';
import { describeFileError } from '../files/errors';
import { openRegularFile } from '../files/open';
import { Sha256 } from '../files/sha256';

/**
 * What the edit gate knows of a file on disk: which file it is, by device and inode (a hard link
 * is another name for the same file; a file renamed over it is a different one), and its content
 * hash. The hash is streamed, so no file is too large to hash; a deadline bounds it instead, and
 * running out of time is said as such, never taken for "no file".
 */
export interface FileState {
  /** `device:inode`. */
  id: string;
  hash: string;
  size: number;
}

/** A file's state now; `unknown` names the file (`id`) where it was opened before its content could not be had. */
export type StateNow = { kind: 'file'; state: FileState } | { kind: 'absent' } | { kind: 'unknown'; why: string; id?: string };

const readAsync = promisify(read);
const CHUNK = 1024 * 1024;

/** Device and inode of an open file's stat, as stamps record them. */
export const fileId = (stat: { dev: number; ino: number }): string => `${stat.dev}:${stat.ino}`;

/** `real` as it is now: its identity and hash, absent, or why it cannot be told (not a regular file, unreadable, out of time). */
export async function fileState(real: string, deadline: number): Promise<StateNow> {
  let opened;
  try {
    opened = openRegularFile(real);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'absent' };
    return { kind: 'unknown', why: describeFileError(error, real) };
  }
  const { fd, stat } = opened;
  try {
    const hasher = new Sha256();
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, stat.size)));
    for (let position = 0; position < stat.size;) {
      if (Date.now() > deadline)
        return { kind: 'unknown', why: `${real} (${stat.size} bytes) could not be hashed within Skim's hook deadline`, id: fileId(stat) };
      const { bytesRead } = await readAsync(fd, buffer, 0, Math.min(buffer.length, stat.size - position), position);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    const after = fstatSync(fd);
    if (after.size !== stat.size || after.mtimeMs !== stat.mtimeMs)
      return { kind: 'unknown', why: `${real} changed while Skim was hashing it`, id: fileId(stat) };
    return { kind: 'file', state: { id: fileId(stat), hash: hasher.digest(), size: stat.size } };
  } catch (error) {
    return { kind: 'unknown', why: describeFileError(error, real), id: fileId(stat) };
  } finally {
    closeSync(fd);
  }
}
