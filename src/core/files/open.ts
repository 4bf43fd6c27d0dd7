import { closeSync, constants, fstatSync, openSync, Stats } from 'node:fs';

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
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new NotRegularFileError(`${file} became a symbolic link while Skim was reading it`);
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
