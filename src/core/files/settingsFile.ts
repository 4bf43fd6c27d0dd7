import { closeSync } from 'node:fs';
import { writeTarget, UnsafeFileError } from './atomicWrite';
import { openRegularFile } from './open';
import { readWhole } from './readWhole';

/**
 * A person's settings file, read whole for a surgical edit. Only what Skim can write back exactly
 * is read: a regular file (a FIFO would hang the read; a dangling link would become a file), of a
 * settings file's size, in UTF-8 (a replacement character written back would change bytes the
 * person wrote).
 */
const MAX_BYTES = 4 * 1024 * 1024;

export interface SettingsText {
  exists: boolean;
  text: string;
}

export function readSettingsFile(file: string): SettingsText {
  const { target, stat } = writeTarget(file);
  if (!stat) return { exists: false, text: '' };
  let opened;
  try {
    opened = openRegularFile(target);
  } catch (error) {
    // Swapped for a link or something else between the check and the open.
    throw new UnsafeFileError(`${file} changed while Skim was opening it (${(error as Error).message}); nothing was changed. Try again.`);
  }
  const { fd, stat: atOpen } = opened;
  try {
    if (atOpen.size > MAX_BYTES)
      throw new UnsafeFileError(`${file} holds ${atOpen.size} bytes, more than a settings file Skim will edit (${MAX_BYTES}); it leaves it alone.`);
    const bytes = Buffer.alloc(atOpen.size);
    const length = readWhole(fd, bytes);
    try {
      return { exists: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, length)) };
    } catch {
      throw new UnsafeFileError(`${file} is not UTF-8 text, so Skim cannot edit it without changing bytes it does not own. Save it as UTF-8, then try again.`);
    }
  } finally {
    closeSync(fd);
  }
}
