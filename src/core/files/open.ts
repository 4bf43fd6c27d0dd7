import { closeSync, constants, existsSync, fstatSync, openSync, Stats, writeFileSync } from 'node:fs';
import { readWhole, readWholeAsync } from './readWhole';

/**
 * The one way Skim opens a file to read it. Only regular files: a FIFO would block the read for
 * as long as nobody writes to it, and a device such as /dev/zero never ends. The file is opened
 * without blocking (so the open itself is safe to make synchronously: a FIFO returns at once)
 * and without following a final symbolic link, then checked on the descriptor it was opened as,
 * so nothing swapped in between a check and the open is read.
 */
class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** An open regular file: its descriptor (the caller closes it) and its stat at open. */
export function openRegularFile(file: string): { fd: number; stat: Stats } {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (error) {
    // O_NOFOLLOW answers ELOOP for a link: callers hand in real paths, so a link here was swapped in.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      // A link left unresolved because what it names does not exist.
      if (!existsSync(file)) throw Object.assign(new Error(`${file} is a link to a file that does not exist`), { code: 'ENOENT' });
      throw new NotRegularFileError(`${file} became a symbolic link while Skim was reading it`);
    }
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error(`${file} is a folder`), { code: 'EISDIR' });
    if (!stat.isFile()) throw new NotRegularFileError(`${file} is not a regular file (a FIFO, a device or a socket)`);
    return { fd, stat };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Files up to this size are read synchronously. */
const SYNC_READ_MAX = 1024 * 1024;

/**
 * A regular file's bytes, no more than it held when it was opened; `bytes` is undefined (and
 * nothing is read) when it is larger than `maxBytes`.
 */
export async function readRegularFile(file: string, maxBytes: number): Promise<{ bytes?: Buffer; size: number }> {
  const { fd, stat } = openRegularFile(file);
  try {
    if (stat.size > maxBytes) return { size: stat.size };
    const bytes = Buffer.alloc(stat.size);
    // A small file is read in one synchronous call: a round trip through the thread pool costs more than the read itself.
    const length = bytes.length <= SYNC_READ_MAX ? readWhole(fd, bytes) : await readWholeAsync(fd, bytes);
    return { bytes: bytes.subarray(0, length), size: stat.size };
  } finally {
    closeSync(fd);
  }
}

/** A regular file's text, read as readRegularFileSync reads; throws when it is not one or holds more than `maxBytes`. */
export function readRegularTextSync(file: string, maxBytes: number): string {
  const { bytes, size } = readRegularFileSync(file, maxBytes);
  if (!bytes) throw new Error(`${file} holds ${size} bytes, more than the ${maxBytes} read`);
  return bytes.toString('utf8');
}

const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Writes (or, with `append`, adds to) a file Skim keeps (a marker, a log) without ever waiting:
 * a FIFO put in its place fails the open (no reader) instead of holding the process, and a link
 * is not followed. Throws as the open or the write fails.
 */
export function writeKeptFile(file: string, text: string, append = false): void {
  const fd = openSync(file, WRITE_FLAGS | (append ? constants.O_APPEND : constants.O_TRUNC), 0o600);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** readRegularFile for a process that cannot wait: a bundle's code cache, read before anything else runs. */
export function readRegularFileSync(file: string, maxBytes: number): { bytes?: Buffer; size: number } {
  const { fd, stat } = openRegularFile(file);
  try {
    if (stat.size > maxBytes) return { size: stat.size };
    const bytes = Buffer.alloc(stat.size);
    return { bytes: bytes.subarray(0, readWhole(fd, bytes)), size: stat.size };
  } finally {
    closeSync(fd);
  }
}
