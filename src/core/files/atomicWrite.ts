import { fchmodSync, fchownSync, fstatSync, lchownSync, lstatSync, mkdirSync, readlinkSync, realpathSync, Stats } from 'node:fs';
import * as path from 'node:path';
import { replaceFileSync } from './replaceFile';

/**
 * Writing a person's own files (hook settings, git's exclude list) so that they stay theirs: a crash
 * leaves the old text or the new, never half of either; a link is followed, so a settings file kept
 * elsewhere (a dotfiles folder) is updated where it lives; an existing file keeps its owner, group
 * and mode; and what Skim creates while running as root in someone's folder belongs to that
 * folder's owner, not to root.
 */

/** A file Skim will not write (or read for an edit): the message names it and says what to do. */
export class UnsafeFileError extends Error {}

const runningAsRoot = () => process.getuid?.() === 0;

/** The stat of `file` without following a link, or undefined when nothing is there. */
function lstatOrNothing(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Where writing `file` lands (the file, or where its link leads) and what stands there now:
 * undefined for a new file. A dangling link is refused rather than replaced by a file, and so is
 * anything that is not a regular file, or one with other hard links.
 */
export function writeTarget(file: string): { target: string; stat?: Stats } {
  const named = lstatOrNothing(file);
  if (!named) return { target: file };
  let target = file;
  let stat = named;
  if (named.isSymbolicLink()) {
    try {
      target = realpathSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new UnsafeFileError(`${file} is a link that leads to itself (a loop); Skim leaves it alone. Fix the link, then try again.`);
      throw new UnsafeFileError(
        `${file} is a link to ${readlinkSync(file)}, which does not exist; Skim will not replace the link with a file. Create the file it leads to (or remove the link), then try again.`,
      );
    }
    stat = lstatSync(target);
  }
  if (stat.isDirectory()) throw new UnsafeFileError(`${file} is a folder, not a file; Skim leaves it alone. Move it away, then try again.`);
  if (!stat.isFile())
    throw new UnsafeFileError(`${file} is not a regular file (a FIFO, a device or a socket); Skim edits regular files only. Move it away, then try again.`);
  // A file put in its place would leave its other names with the old text.
  if (stat.nlink > 1)
    throw new UnsafeFileError(
      `${file} has ${stat.nlink} hard links; replacing it would leave the others with the old text, so Skim leaves it alone. Make it a single file (or a symbolic link), then try again.`,
    );
  return { target, stat };
}

/** The owner a new file or folder in `folder` gets: the folder's, when root makes it; else the default. */
function ownerFor(folder: string): { uid: number; gid: number } | undefined {
  if (!runningAsRoot()) return undefined;
  const { uid, gid } = lstatSync(folder);
  return { uid, gid };
}

/**
 * Makes `dir` and any missing folders above it; each new one belongs to the owner of the folder it was made in (see ownerFor),
 * so that a person's own settings folder stays theirs when root runs Skim. Skim's own folders are made by files/makeFolder.
 */
export function makeFoldersKeepingOwner(dir: string): void {
  const missing: string[] = [];
  let existing = path.resolve(dir);
  while (!lstatOrNothing(existing)) {
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  for (const folder of missing) {
    const owner = ownerFor(path.dirname(folder));
    mkdirSync(folder);
    if (owner) lchownSync(folder, owner.uid, owner.gid);
  }
}

/** Replaces `file` (or where its link leads) with `text`, synced, keeping the target's owner, group and mode. */
export function writeFileAtomic(file: string, text: string): void {
  const { target, stat } = writeTarget(file);
  const mode = stat ? stat.mode & 0o7777 : 0o644;
  const owner = stat ? { uid: stat.uid, gid: stat.gid } : ownerFor(path.dirname(target));
  replaceFileSync(target, text, {
    mode,
    fsync: true,
    prepare: (fd) => {
      if (owner) keepOwner(fd, file, owner);
      // The mode as asked, whatever the umask took from it at open.
      fchmodSync(fd, mode);
    },
  });
}

/** Gives the temp file the owner the file must keep; refuses (leaving the file as it was) where this user may not. */
function keepOwner(fd: number, file: string, owner: { uid: number; gid: number }): void {
  const made = fstatSync(fd);
  if (made.uid === owner.uid && made.gid === owner.gid) return;
  try {
    fchownSync(fd, owner.uid, owner.gid);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    throw new UnsafeFileError(
      `${file} belongs to uid ${owner.uid}, gid ${owner.gid}, which this user (uid ${process.getuid?.()}) cannot give a rewritten file; Skim left it as it was. Edit it as its owner, then try again.`,
    );
  }
}
