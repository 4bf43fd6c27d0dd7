import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Replaces a person's file so that a crash leaves either the old text or the new, never half of
 * either: a temp file beside it, synced, then renamed over it. A link is followed, so a settings
 * file kept elsewhere (a dotfiles folder) is updated where it lives; its mode is kept.
 */
export function writeFileAtomic(file: string, text: string): void {
  let target = file;
  let mode = 0o644;
  try {
    target = realpathSync(file);
    mode = statSync(target).mode & 0o7777;
  } catch {
    // A new file: written where it was named.
  }
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.skim-${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    fchmodSync(fd, mode);
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
