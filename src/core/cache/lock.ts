import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import { readRegularFile } from '../files/open';
import { processAlive } from '../files/replaceFile';
import { pause } from '../time/deadline';

/**
 * A lock file two processes writing one database take turns with. It names its holder (pid, host
 * and a token of its own), and its holder refreshes its time while it holds it, so that:
 * - a lock whose holder died (same host, no such process) is broken at once, one breaker at a time;
 * - a lock its holder has stopped refreshing is broken once LOCK_STALE_MS old, even when a process
 *   runs under its pid (the pid reused after a crash, or a hung holder): a waiter never waits on it
 *   for ever; from another host (a shared folder, clocks apart) only after REMOTE_STALE_MS;
 * - a holder removes the lock only while it is still its own.
 */

/** How often a holder refreshes its lock's time. */
const HEARTBEAT_MS = 1_000;
/** A lock not refreshed for this long is abandoned: ten heartbeats, more than any stall of a holder's event loop a save can cause. */
export const LOCK_STALE_MS = 10_000;
const REMOTE_STALE_MS = 60_000;
/** How long a save waits for the lock before it keeps its writes for later: a read waits on no lock for longer. */
export const DEFAULT_LOCK_WAIT_MS = 2_000;

const HOST = os.hostname();

/**
 * A holder's own token, 64 random bits in hex: it tells this holder's lock from a later one under
 * the same pid. Not a secret, so not node:crypto's (which a hook taking the lock would load for it).
 */
const token = () =>
  Array.from({ length: 2 }, () =>
    Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

interface Owner {
  pid: number;
  host: string;
  token: string;
}

function parseOwner(text: string | undefined): Owner | undefined {
  const match = text ? /^(\d+) (\S+) ([0-9a-f]+)\n$/.exec(text) : null;
  return match ? { pid: Number(match[1]), host: match[2], token: match[3] } : undefined;
}

/** The lock file's text, undefined when it is gone; throws LockUnusableError for anything but a regular file (never waiting on a FIFO). */
async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readRegularFile(file, 4096)).bytes?.toString('utf8') ?? '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LockUnusableError(file);
  }
}

/**
 * How far the file's last write or refresh is from now, either way (a time in the future, set by
 * hand or left by a clock that jumped back, must not keep a lock for ever); 0 when it is gone.
 */
const ageOf = (file: string) =>
  fs.stat(file).then(
    (s) => Math.abs(Date.now() - s.mtimeMs),
    () => 0,
  );

/** Whether the lock with this text and age was abandoned by its holder. */
function abandoned(text: string, age: number): boolean {
  const owner = parseOwner(text);
  // A lock just created may not hold its owner's line yet: only its age can tell it was abandoned.
  if (!owner) return age > LOCK_STALE_MS;
  if (owner.host !== HOST) return age > REMOTE_STALE_MS;
  return !processAlive(owner.pid) || age > LOCK_STALE_MS;
}

/** A breaker that died mid-break leaves its mark; one this old is taken to be abandoned (a break takes microseconds). */
const BREAK_STALE_MS = 10_000;

/**
 * Breaks the lock when its holder is gone or has stopped refreshing it; returns whether it is
 * worth trying to take it again now. Breakers take turns through a second lock file, and remove
 * the lock only if, with their turn taken, it still has the same holder and is still abandoned:
 * between reading it and removing it nobody can have replaced it, and a holder that refreshed it
 * meanwhile keeps it.
 */
async function breakIfAbandoned(lockFile: string): Promise<boolean> {
  const text = await readText(lockFile);
  if (text === undefined) return true; // released meanwhile
  if (!abandoned(text, await ageOf(lockFile))) return false;
  const breaking = `${lockFile}.break`;
  try {
    await fs.writeFile(breaking, `${process.pid}\n`, { flag: 'wx' });
  } catch {
    if ((await ageOf(breaking)) > BREAK_STALE_MS) await fs.rm(breaking, { force: true });
    return false; // another breaker is at it: wait and look again
  }
  try {
    if ((await readText(lockFile)) === text && abandoned(text, await ageOf(lockFile))) await fs.rm(lockFile, { force: true });
  } finally {
    await fs.rm(breaking, { force: true });
  }
  return true;
}

/** The cache's lock is held by another process that is alive and refreshing it: try again later. */
export class LockBusyError extends Error {}

/** The cache's lock file is not a regular file (a FIFO, a device, a socket, a link, a folder): nobody can take it until it is removed. */
export class LockUnusableError extends LockBusyError {
  constructor(file: string) {
    super(`the cache's lock file ${file} is not a regular file; remove it`);
  }
}

/**
 * Runs `work` while holding `lockFile`, refreshing the lock's time every HEARTBEAT_MS. Gives up
 * after `waitMs` (LockBusyError) rather than hold up a read; the caller keeps its pending writes
 * and tries again later.
 */
export async function withFileLock<T>(lockFile: string, work: () => Promise<T>, waitMs = DEFAULT_LOCK_WAIT_MS): Promise<T> {
  const line = `${process.pid} ${HOST} ${token()}\n`;
  const deadline = Date.now() + waitMs;
  let delay = 5;
  let handle: fs.FileHandle;
  for (;;) {
    try {
      handle = await fs.open(lockFile, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await breakIfAbandoned(lockFile)) continue;
    if (Date.now() > deadline) throw new LockBusyError(`the cache is locked by another process (${lockFile})`);
    await pause(delay);
    delay = Math.min(delay * 2, 100);
  }
  // Refreshed through the open handle: the file this process created, even if a breaker has since put another in its place.
  const heartbeat = setInterval(() => {
    const now = new Date();
    handle.utimes(now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let named = false;
  try {
    await handle.writeFile(line);
    named = true;
    return await work();
  } finally {
    clearInterval(heartbeat);
    await handle.close();
    // Only while it is still ours (or ours half-written): a lock broken and taken by another process is left to it.
    const text = await readText(lockFile);
    if (text === line || (!named && text !== undefined && line.startsWith(text))) await fs.rm(lockFile, { force: true });
  }
}
