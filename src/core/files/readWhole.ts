import { read, readSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * The one loop that reads a descriptor whole: from its start into `bytes` until they are full or
 * the file ends (a read may return fewer bytes than asked). How many bytes it read.
 */
export function readWhole(fd: number, bytes: Buffer): number {
  let length = 0;
  while (length < bytes.length) {
    const n = readSync(fd, bytes, length, bytes.length - length, length);
    if (n === 0) break;
    length += n;
  }
  return length;
}

const readAsync = promisify(read);

/** readWhole through the thread pool: for a file large enough that one synchronous read would hold the event loop. */
export async function readWholeAsync(fd: number, bytes: Buffer): Promise<number> {
  let length = 0;
  while (length < bytes.length) {
    const { bytesRead } = await readAsync(fd, bytes, length, bytes.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return length;
}
