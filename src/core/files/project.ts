import { realpathSync } from 'node:fs';
import * as path from 'node:path';

/** A file as Skim knows it: where it is on disk and the key its map is stored under. */
export interface ProjectFile {
  /** The path as named, made absolute. */
  absolute: string;
  /** Where it really is, every link resolved: the path Skim opens (never following a link at open). */
  real: string;
  /** Path relative to the project root with forward slashes; the absolute path when outside it. */
  key: string;
  /** Whether its real path lies inside the project's real root: the one containment check every surface uses. */
  inside: boolean;
  /** Set when its links lead back to themselves: nothing to read, and not outside either. */
  loop?: true;
}

/**
 * The real path of `file`: links resolved. A path that does not exist (yet) resolves through its
 * nearest existing folder, so a missing file inside the project is still inside it.
 */
export function realPath(file: string): string {
  try {
    return realpathSync.native(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const parent = path.dirname(file);
    if ((code === 'ENOENT' || code === 'ENOTDIR') && parent !== file) return path.join(realPath(parent), path.basename(file));
    throw error;
  }
}

/** Whether `inner` is `outer` itself or lies below it (both absolute and normalized, as path.resolve leaves them). */
export function isWithin(outer: string, inner: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}

/** `inner` relative to `outer`, with forward slashes, for a path known to lie below it. */
function below(outer: string, inner: string): string {
  return inner
    .slice(outer.endsWith(path.sep) ? outer.length : outer.length + 1)
    .split(path.sep)
    .join('/');
}

/** A path outside the project, a link that leads out of it included: refused by every surface, in these words. */
export class OutsideProjectError extends Error {
  readonly code = 'EOUTSIDE';
}

/** A path whose links lead back to themselves: no file to read, whichever project it is in. */
export class LinkLoopError extends Error {
  readonly code = 'ELOOP';
}

/** The tree a cache belongs to: maps are shared within it and nothing leaks between projects. */
export class Project {
  readonly root: string;
  private realRootCache?: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The root with every link resolved, found once. */
  get realRoot(): string {
    this.realRootCache ??= realPath(this.root);
    return this.realRootCache;
  }

  /**
   * Resolves an absolute path, or one relative to `base` (default: the root). A file is inside
   * only when its real path is below the real root: a link in the project that leads out of it
   * is outside, whatever its name says.
   */
  file(input: string, base = this.root): ProjectFile {
    const absolute = path.resolve(base, input);
    let real: string;
    try {
      real = realPath(absolute);
    } catch (error) {
      // A link loop or an unreadable folder: nothing Skim can read, so nothing inside.
      const loop = (error as NodeJS.ErrnoException).code === 'ELOOP' ? { loop: true as const } : {};
      return { absolute, real: absolute, key: absolute, inside: false, ...loop };
    }
    const inside = real !== this.realRoot && isWithin(this.realRoot, real);
    if (!inside) return { absolute, real, key: absolute, inside };
    const key = absolute !== this.root && isWithin(this.root, absolute) ? below(this.root, absolute) : below(this.realRoot, real);
    return { absolute, real, key, inside };
  }
}

/**
 * The boundary every surface keeps: `input` as a file of `project`, or OutsideProjectError when its
 * real path is not inside it. With `folder`, the root itself counts as inside too. (A function, not
 * a method: the hook's small bundle carries Project and has no use for it.)
 */
export function withinProject(project: Project, input: string, base = project.root, folder = false): ProjectFile {
  const file = project.file(input, base);
  if (file.inside || (folder && file.real === project.realRoot)) return file;
  if (file.loop) throw new LinkLoopError(`${input} is a link loop: its links lead back to themselves, never to a file`);
  throw new OutsideProjectError(`${input} is outside the project (${project.root}); Skim reads only files inside it`);
}
