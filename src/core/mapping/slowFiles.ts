import { readRegularTextSync, writeKeptFile } from '../files/open';
import * as path from 'node:path';
import { sha256Hex } from '../files/sha256';
import { makeFolder } from '../files/makeFolder';
import { SlowParseError } from '../structural/parser';
import { lateRetryMs } from '../structural/slowTexts';

/** What a marker says: slow (the bytes had their time and used it), or late `times` times, next tried at `retryAt`. */
type Marked = { slow: true } | { slow: false; times: number; retryAt: number };

/**
 * The bytes tree-sitter ran out of time on (structural/bounds), kept beside a project's map
 * database as one file per content hash and rules (`<name>.slow/`), so that no process of the
 * project (the extension, a hook, the command line) spends the time on them again too soon. An
 * empty file marks slow bytes, never parsed again; a late one (out of time on a busy machine)
 * holds when it is tried again, `{"late":N,"retryAt":ms}`, each late try doubling the wait. A
 * marker only ever saves a parse: one that cannot be read, written or understood costs that
 * parse, nothing else.
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

  /** What the marker of these bytes says, or undefined when there is none (or none understood: a marker half written is no verdict). */
  private marked(hash: string, rules: string): Marked | undefined {
    const file = this.marker(hash, rules);
    try {
      const text = readRegularTextSync(file, 4096);
      if (text === '') return { slow: true };
      const { late, retryAt } = JSON.parse(text) as { late?: unknown; retryAt?: unknown };
      return Number.isSafeInteger(late) && (late as number) > 0 && Number.isFinite(retryAt)
        ? { slow: false, times: late as number, retryAt: retryAt as number }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** Why the bytes with this hash are not to be parsed now under these rules, if they are not: found slow before, or late and not yet due. */
  has(hash: string, rules: string, now = Date.now()): SlowParseError | undefined {
    const marked = this.marked(hash, rules);
    if (!marked) return undefined;
    if (marked.slow) return new SlowParseError();
    return now < marked.retryAt ? new SlowParseError(true) : undefined;
  }

  /** Marks the bytes as found slow (for good), or late (tried again after a wait that doubles each time they are late again). */
  add(hash: string, rules: string, late = false, now = Date.now()): void {
    const before = this.marked(hash, rules);
    // A slow marker stays: the bytes had their time once, and used it.
    if (before?.slow) return;
    const times = (before?.times ?? 0) + 1;
    try {
      makeFolder(this.folder, 0o700);
      writeKeptFile(this.marker(hash, rules), late ? JSON.stringify({ late: times, retryAt: now + lateRetryMs(times) }) : '');
    } catch {
      // Only a saving: the next process parses these bytes once more and finds them slow (or late) again.
    }
  }
}
