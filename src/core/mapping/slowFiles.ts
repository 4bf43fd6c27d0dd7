import { lstatSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { sha256Hex } from '../files/sha256';
import { makeFolder } from '../files/makeFolder';

/**
 * The bytes tree-sitter could not outline in time (structural/bounds), kept beside a project's
 * map database as one empty file per content hash and rules (`<name>.slow/`), so that no process
 * of the project (the extension, a hook, the command line) spends the time on them again. A
 * marker only ever saves a parse: one that cannot be read or written costs that parse, nothing else.
 */
export class SlowFiles {
  private constructor(private readonly folder: string) {}

  /** The markers beside a map database (`<name>.slow` beside `<name>.sqlite`). */
  static beside(databaseFile: string): SlowFiles {
    return new SlowFiles(`${databaseFile.replace(/\.sqlite$/, '')}.slow`);
  }

  private marker(hash: string, rules: string): string {
    return path.join(this.folder, sha256Hex(`${rules}\n${hash}`).slice(0, 40));
  }

  /** Whether the bytes with this hash ran out of time under these rules before. */
  has(hash: string, rules: string): boolean {
    try {
      return lstatSync(this.marker(hash, rules)).isFile();
    } catch {
      return false;
    }
  }

  add(hash: string, rules: string): void {
    try {
      makeFolder(this.folder, 0o700);
      writeFileSync(this.marker(hash, rules), '', { mode: 0o600 });
    } catch {
      // Only a saving: the next process parses these bytes once more and finds them slow again.
    }
  }
}
