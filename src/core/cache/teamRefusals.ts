import { closeSync, constants, promises as fs, read } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { openRegularFile } from '../files/open';
import { makeFolder } from '../files/makeFolder';

/** A team row's key: the bytes' hash and size, and the producer (model and prompt version). */
export interface TeamKey {
  hash: string;
  size: number;
  producer: string;
}

/** The newest refusals read back: far more than a team ever refuses, and a bounded read whatever the file holds. */
const READ_TAIL_BYTES = 1024 * 1024;
const REASON_MAX_CHARS = 500;
const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const readAsync = promisify(read);
const NEWLINE = 0x0a;

/** A key as one string, for maps and sets. */
export const teamKeyId = (key: TeamKey) => JSON.stringify([key.hash, key.size, key.producer]);

/** A refusal's reason as stored and shown: one line, capped. */
export const refusalReason = (reason: string) => reason.replace(/\s+/g, ' ').trim().slice(0, REASON_MAX_CHARS);

/**
 * The team rows this user's readers refused, so that none is fetched again: in this process at
 * once, and in every process of the user that shares `file` (a JSON line per refusal, appended).
 * A refusal names a file version (hash, size, producer), so it is kept for good; only the newest
 * READ_TAIL_BYTES are read back, and a refusal older than that costs one more lookup, refused again.
 * Kept apart from the local SQLite cache on purpose: that cache is one database per project, keyed
 * by path, set aside whole when its schema changes; a refusal belongs to the team database and is
 * the same in every project. Never throws: a file it cannot use is said once, and memory serves.
 */
export class RefusalMemory {
  private readonly refused = new Map<string, string>();
  private stamp = '';
  private warned = false;

  constructor(
    /** Where the refusals are kept; undefined: in this process only. */
    private readonly file: string | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  /** Why a reader of this user refused the row with this key, or undefined when none did. */
  async reasonFor(key: TeamKey): Promise<string | undefined> {
    await this.reload();
    return this.refused.get(teamKeyId(key));
  }

  /** Remembers a refusal here at once; the returned promise settles once other processes can see it. */
  remember(key: TeamKey, reason: string): Promise<void> {
    const line = refusalReason(reason);
    this.refused.set(teamKeyId(key), line);
    return this.append({ hash: key.hash, size: key.size, producer: key.producer, reason: line, refused: new Date().toISOString() });
  }

  private async reload(): Promise<void> {
    if (!this.file) return;
    const stat = await fs.stat(this.file).catch(() => undefined);
    const stamp = stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : 'none';
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    if (!stat) return;
    try {
      for (const line of (await readTail(this.file, READ_TAIL_BYTES)).split('\n')) {
        const entry = parse(line);
        if (entry) this.refused.set(teamKeyId(entry), entry.reason);
      }
    } catch (error) {
      this.failed('read', error);
    }
  }

  private async append(entry: TeamKey & { reason: string; refused: string }): Promise<void> {
    if (!this.file) return;
    try {
      makeFolder(path.dirname(this.file));
      // One write of one line to a file opened for appending: lines from two processes never interleave.
      const handle = await fs.open(this.file, APPEND_FLAGS, 0o600);
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error('it is not a regular file');
        // A line a killed process left unfinished would swallow this one: it starts a line of its own.
        const last = stat.size > 0 ? (await handle.read(Buffer.alloc(1), 0, 1, stat.size - 1)).buffer[0] : NEWLINE;
        await handle.write(`${last === NEWLINE ? '' : '\n'}${JSON.stringify(entry)}\n`);
      } finally {
        await handle.close();
      }
    } catch (error) {
      this.failed('write to', error);
    }
  }

  private failed(action: string, error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.warn(
      `Skim could not ${action} ${this.file} (${(error as Error).message}), where it remembers the team rows it refused; this process still remembers them, and another may fetch one again`,
    );
  }
}

/** The last `max` bytes of a regular file, from the first whole line among them. */
async function readTail(file: string, max: number): Promise<string> {
  const { fd, stat } = openRegularFile(file);
  try {
    const start = Math.max(0, stat.size - max);
    const bytes = Buffer.alloc(stat.size - start);
    let length = 0;
    while (length < bytes.length) {
      const { bytesRead } = await readAsync(fd, bytes, length, bytes.length - length, start + length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const text = bytes.subarray(0, length).toString('utf8');
    return start === 0 ? text : text.slice(text.indexOf('\n') + 1);
  } finally {
    closeSync(fd);
  }
}

function parse(line: string): (TeamKey & { reason: string }) | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const { hash, size, producer, reason } = (value ?? {}) as Record<string, unknown>;
  if (typeof hash !== 'string' || typeof size !== 'number' || typeof producer !== 'string' || typeof reason !== 'string') return undefined;
  return { hash, size, producer, reason: refusalReason(reason) };
}
