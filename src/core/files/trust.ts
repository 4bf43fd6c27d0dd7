import { lstatSync, realpathSync } from 'node:fs';
import * as path from 'node:path';

/** Why `dir` cannot be trusted to hold this user's own files (sockets, stamps), or undefined when it can: a real folder, this user's, mode 0700. */
export function untrustedDirectory(dir: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    return `${dir} cannot be checked (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  if (!stat.isDirectory()) return `${dir} is not a folder (a link or a file stands there)`;
  if (stat.uid !== process.getuid?.()) return `${dir} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0) return `${dir} can be entered by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/**
 * Why another user could change what `dir` holds by changing a folder on its way from the root
 * (renaming `dir` away and putting their own in its place, say), or undefined when none can: every
 * folder and link on the way, as written and as resolved, is root's or this user's, and none that
 * others may write to lets them rename what it holds (only the sticky bit, as on /tmp, stops
 * that). OpenSSH's rule for the files it runs code from; Skim's for the code it caches.
 */
export function untrustedPath(dir: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const written = path.resolve(dir);
  const why = untrustedAncestry(written);
  if (why) return why;
  let real;
  try {
    real = realpathSync(written);
  } catch (error) {
    return `${written} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return real === written ? undefined : untrustedAncestry(real);
}

function untrustedAncestry(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    let stat;
    try {
      stat = lstatSync(at);
    } catch (error) {
      return `${at} cannot be checked (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
    }
    if (stat.uid !== 0 && stat.uid !== process.getuid?.()) return `${at} belongs to another user (uid ${stat.uid})`;
    const othersWrite = (stat.mode & 0o022) !== 0 && (stat.mode & 0o1000) === 0;
    if (!stat.isSymbolicLink() && othersWrite) return `${at} can be changed by other users (mode ${(stat.mode & 0o7777).toString(8)})`;
    if (path.dirname(at) === at) return undefined;
  }
}
