import { constants, promises as fs, Stats } from 'node:fs';

/**
 * The one way Skim opens a file to read it. Only regular files: a FIFO would block the read for
 * as long as nobody writes to it, and a device such as /dev/zero never ends. The file is opened
 * without blocking and without following a final symbolic link, and checked on the descriptor it
 * was opened as, so nothing swapped in between a check and the open is read.
 */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

export async function openRegularFile(file: string): Promise<{ handle: fs.FileHandle; stat: Stats }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, FLAGS);
  } catch (error) {
    // O_NOFOLLOW answers ELOOP for a link: callers hand in real paths, so a link here was swapped in.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new NotRegularFileError(`${file} became a symbolic link while Skim was reading it`);
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw Object.assign(new Error(`${file} is a folder`), { code: 'EISDIR' });
    if (!stat.isFile()) throw new NotRegularFileError(`${file} is not a regular file (a FIFO, a device or a socket)`);
    return { handle, stat };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
