import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { sha256Hex } from '../files/sha256';
import { makeFolder } from '../files/makeFolder';
import { SlowParseError } from '../structural/parser';
import { lateRetryMs } from '../structural/slowTexts';

/**
 * The bytes tree-sitter ran out of time on (structural/bounds), kept beside a project's map
 * database as one file per content hash and rules (`<name>.slow/`), so that no process of the
 * project (the extension, a hook, the command line) spends the time on them again too soon. An
 * empty file marks slow bytes, never parsed again; a late one (out of time on a busy machine)
 * holds when it is tried again, `{"late":N,"retryAt":ms}`, each late try doubling the wait. A
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

  /** A late marker's count of late tries and when the next one may be, or undefined for a slow marker or none. */
  private lateOf(file: string): { late: number; retryAt: number } | undefined {
    try {
      const text = readFileSync(file, 'utf8');
      if (text === '') return undefined;
      const marked = JSON.parse(text) as { late?: unknown; retryAt?: unknown };
      return typeof marked.late === 'number' && typeof marked.retryAt === 'number' ? { late: marked.late, retryAt: marked.retryAt } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Why the bytes with this hash are not to be parsed now under these rules, if they are not: found slow before, or late and not yet due. */
  has(hash: string, rules: string, now = Date.now()): SlowParseError | undefined {
    const file = this.marker(hash, rules);
    try {
      if (!lstatSync(file).isFile()) return undefined;
    } catch {
      return undefined;
    }
    const late = this.lateOf(file);
    if (!late) return new SlowParseError();
    return now < late.retryAt ? new SlowParseError(true) : undefined;
  }

  /** Marks the bytes as found slow (for good), or late (tried again after a wait that doubles each time). */
  add(hash: string, rules: string, late = false, now = Date.now()): void {
    const file = this.marker(hash, rules);
    try {
      makeFolder(this.folder, 0o700);
      let text = '';
      if (late) {
        // A slow marker stays: the bytes had their time once.
        let exists = false;
        try {
          exists = lstatSync(file).isFile();
        } catch {
          exists = false;
        }
        const before = this.lateOf(file);
        if (exists && !before) return;
        const times = (before?.late ?? 0) + 1;
        text = JSON.stringify({ late: times, retryAt: now + lateRetryMs(times) });
      }
      writeFileSync(file, text, { mode: 0o600 });
    } catch {
      // Only a saving: the next process parses these bytes once more and finds them slow again.
    }
  }
}
