import { existsSync, lstatSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from '../core/files/errors';
import { isWithin, LinkLoopError, OutsideProjectError, Project, withinProject } from '../core/files/project';
import { nameOnOneLine } from '../core/map/controls';
import { CommandFailed } from './io';

/**
 * Whether `dir` holds a `.git` this user owns (the entry and what it leads to). Another user's
 * `.git` in a folder anyone can write to (/tmp, a shared /home) would otherwise make every
 * folder below it one project: its reads, its cache, its hook. Windows has no owner to compare.
 */
function ownGit(dir: string): boolean {
  const git = path.join(dir, '.git');
  try {
    if (typeof process.getuid !== 'function') return existsSync(git);
    const uid = process.getuid();
    return lstatSync(git).uid === uid && statSync(git).uid === uid;
  } catch {
    return false;
  }
}

/**
 * The project a command works in when not told: the nearest folder above `from` holding a .git
 * this user owns, else `from` itself.
 */
export function defaultRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (ownGit(dir)) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}

/** What a command's path argument names: a file, a folder (the project's root included), or either. */
export type PathKind = 'file' | 'folder' | 'file or folder';

/**
 * The project a command works in, and the boundary it keeps: `--root` when named (a folder), else
 * the current folder's (`defaultRoot`), whatever the path argument names, as the README promises
 * (only project files). The path must lie inside that project, a link out of it refused, and be no
 * FIFO, device or socket, which would hold the command until its deadline: refused at once, in one
 * line.
 */
export function commandRoot(target: { path: string; is: PathKind } | undefined, named: string | undefined, cwd: string): string {
  // A root that is no folder would fail later as a program that cannot start there (spawn ENOENT): said here, with the folder.
  if (named !== undefined && !isFolder(path.resolve(cwd, named)))
    throw new CommandFailed(nameOnOneLine(`--root ${named}: there is no folder ${path.resolve(cwd, named)}`));
  const root = named === undefined ? defaultRoot(cwd) : path.resolve(cwd, named);
  if (!target) return root;
  let file;
  try {
    file = withinProject(new Project(root), target.path, cwd, target.is !== 'file');
  } catch (error) {
    if (error instanceof LinkLoopError) throw new CommandFailed(nameOnOneLine(error.message));
    if (!(error instanceof OutsideProjectError)) throw error;
    // A path named outside the current project (not a link out of it) is most likely a file of another project: say how to name that one.
    const elsewhere = named === undefined && !isWithin(root, path.resolve(cwd, target.path));
    throw new CommandFailed(nameOnOneLine(elsewhere ? `${error.message}; pass --root DIR to work in another project` : error.message));
  }
  const stat = statOf(file.real);
  if (stat && !stat.isFile() && !stat.isDirectory()) throw new CommandFailed(describeFileError({ code: 'ENOTREG' }, nameOnOneLine(target.path)));
  return root;
}

/** What `file` is, or undefined where it cannot be looked at (missing, unreadable): the command then says why. */
function statOf(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

const isFolder = (dir: string) => statOf(dir)?.isDirectory() === true;
