import { lstatSync } from 'node:fs';

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
