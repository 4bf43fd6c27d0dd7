import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readRegularTextSync, writeKeptFile } from '../files/open';
import * as path from 'node:path';
import { sha256Hex } from '../files/sha256';
import { stateDir } from '../files/stateDir';
import { untrustedDirectory } from '../files/trust';
import { makeFolder } from '../files/makeFolder';

/**
 * What an agent session has seen of each file: the content hash of every read and of every edit
 * it made, by real path and by the file's identity (device and inode). One append-only log per
 * session (hook processes run in parallel and each appends one line, which the OS keeps whole),
 * kept for the whole session and a week after it, in a folder only this user can enter. The last
 * line that applies to a file is its stamp. The session ledger (`core/ledger`) keeps its records
 * in the same log, as lines of their own kind.
 */
const KEEP_MS = 7 * 24 * 3600_000;
/** The largest session log read: far past what any session writes. */
const MAX_LOG_BYTES = 64 * 1024 * 1024;

/** `$XDG_STATE_HOME/skim/stamps`, else `~/.local/state/skim/stamps`. */
export const stampDirectory = (env: NodeJS.ProcessEnv = process.env) => stateDir(env, 'stamps');

interface Stamp {
  path: string;
  /** The file's device and inode when stamped (absent in logs written before Skim recorded it). */
  id?: string;
  hashes: string[];
  /** Why a read left no hash (out of time, unreadable): the session read the file, but what it saw is not known. */
  unhashed?: string;
}

/** What the session last knew of a file: the hashes it saw, or that it read it without a hash and why. */
export type LastStamp = Pick<Stamp, 'hashes' | 'unhashed'>;

export class StampLog {
  private constructor(readonly file: string) {}

  /** The session's log, in a folder made private if new; undefined (with why) when the folder cannot be trusted. */
  static open(dir: string, session: string): StampLog | string {
    makeFolder(dir, 0o700);
    const why = untrustedDirectory(dir);
    if (why) return why;
    const file = path.join(dir, `${sha256Hex(session).slice(0, 32)}.jsonl`);
    // A new session is when the logs of sessions long gone are swept.
    if (!existsSync(file)) StampLog.sweep(dir);
    return new StampLog(file);
  }

  /** Records what the session now knows `real` (the file `id`) to hold: one hash, or (after its own edit) the hashes before and after it lands. */
  stamp(real: string, id: string, ...hashes: string[]): void {
    this.append({ path: real, id, hashes, at: Date.now() });
  }

  /** Records that the session read `real` but its content could not be hashed (`why`): an edit of it cannot be shown to be from a fresh view. */
  unhashed(real: string, id: string | undefined, why: string): void {
    this.append({ path: real, id, hashes: [], unhashed: why, at: Date.now() });
  }

  /** Appends one record (a stamp, or the ledger's of its own kind): one line, kept whole by the OS. */
  append(record: object): void {
    writeKeptFile(this.file, `${JSON.stringify(record)}\n`, true);
  }

  /** The log's size in bytes (0 when it has none yet). */
  size(): number {
    try {
      return statSync(this.file).size;
    } catch {
      return 0;
    }
  }

  /**
   * The log's lines in order that are JSON objects, each parsed once; with `mentioning`, lines that
   * hold none of those strings (as JSON writes them) are passed over unparsed. A line cut short by
   * a crash is skipped; the lines around it still count.
   */
  records(mentioning?: string[]): Record<string, unknown>[] {
    let text: string;
    try {
      text = readRegularTextSync(this.file, MAX_LOG_BYTES);
    } catch {
      return [];
    }
    const needles = mentioning?.map((m) => JSON.stringify(m));
    const records: Record<string, unknown>[] = [];
    for (const line of text.split('\n')) {
      if (!line || (needles !== undefined && !needles.some((needle) => line.includes(needle)))) continue;
      try {
        const record = JSON.parse(line) as unknown;
        if (record && typeof record === 'object' && !Array.isArray(record)) records.push(record as Record<string, unknown>);
      } catch {
        continue;
      }
    }
    return records;
  }

  /** The log's stamps in order. */
  private entries(mentioning?: string[]): Stamp[] {
    return this.records(mentioning).flatMap((entry) =>
      typeof entry.path === 'string' && Array.isArray(entry.hashes)
        ? [
            {
              path: entry.path,
              id: typeof entry.id === 'string' ? entry.id : undefined,
              hashes: entry.hashes.filter((h): h is string => typeof h === 'string'),
              ...(typeof entry.unhashed === 'string' && { unhashed: entry.unhashed }),
            },
          ]
        : [],
    );
  }

  /**
   * The session's last stamp that applies to the file now at `real`, whose identity is `id` (its
   * hashes, or why a read left none); undefined when it never read or wrote it. A stamp applies when it was taken at this
   * path (the session saw what stood there; if another file was put there since, its content
   * decides), or taken of this same file under another name that still names it (`stillNames`):
   * a hard link. A file renamed here from elsewhere, or a reused inode, is another file.
   */
  last(real: string, id: string, stillNames: (path: string) => boolean): LastStamp | undefined {
    const entry = this.entries([real, id])
      .filter((stamp) => stamp.path === real || (stamp.id === id && stillNames(stamp.path)))
      .at(-1);
    return entry && { hashes: entry.hashes, ...(entry.unhashed !== undefined && { unhashed: entry.unhashed }) };
  }

  /** The files this session read or wrote, most recent last (at most `count`). */
  recentPaths(count = 20): string[] {
    const newestFirst = this.entries()
      .map((entry) => entry.path)
      .reverse();
    return [...new Set(newestFirst)].slice(0, count).reverse();
  }

  /** Removes the logs of sessions idle for a week. */
  static sweep(dir: string, now = Date.now()): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
      const file = path.join(dir, name);
      try {
        if (now - statSync(file).mtimeMs > KEEP_MS) rmSync(file, { force: true });
      } catch {
        // Another sweeper took it first.
      }
    }
  }
}
