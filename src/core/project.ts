import * as path from 'node:path';

/** A file as Skim knows it: where it is on disk and the key its map is stored under. */
export interface ProjectFile {
  absolute: string;
  /** Path relative to the project root with forward slashes; the absolute path when outside it. */
  key: string;
  inside: boolean;
}

/** The tree a cache belongs to: maps are shared within it and nothing leaks between projects. */
export class Project {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Resolves an absolute path, or one relative to `base` (default: the root). */
  file(input: string, base = this.root): ProjectFile {
    const absolute = path.resolve(base, input);
    const relative = path.relative(this.root, absolute);
    const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    return { absolute, key: inside ? relative.split(path.sep).join('/') : absolute, inside };
  }
}
