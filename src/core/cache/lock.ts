import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';

/**
 * A lock file two processes writing one database take turns with. It names its holder (pid, host
 * and a token of its own), so that:
 * - a lock whose holder died (same host, no such process) is broken at once, one breaker at a time;
 * - a holder removes the lock only while it is still its own;
 * - a lock from another host (a shared folder) counts as abandoned only after STALE_MS.
 */
const STALE_MS = 60_000;
export const DEFAULT_LOCK_WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOST = os.hostname();

interface Owner {
  pid: number;
  host: string;
  token: string;
}

function parseOwner(text: string | undefined): Owner | undefined {
  const match = text ? /^(\d+) (\S+) ([0-9a-f]+)\n$/.exec(text) : null;
  return match ? { pid: Number(match[1]), host: match[2], token: match[3] } : undefined;
}

/** Whether a process with this pid runs on this machine (one of another user's counts as running). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readText = (file: string) => fs.readFile(file, 'utf8').catch(() => undefined);

/** A breaker that died mid-break leaves its mark; one this old is taken to be abandoned (a break takes microseconds). */
const BREAK_STALE_MS = 10_000;

/**
 * Breaks the lock when its holder is gone; returns whether it is worth trying to take it again now.
 * Breakers take turns through a second lock file, so that between reading the dead holder's line
 * and removing it nobody else can have replaced it: only a breaker removes another's lock, and a
 * live holder's lock is never one a breaker would remove.
 */
async function breakIfAbandoned(lockFile: string): Promise<boolean> {
  const text = await readText(lockFile);
  if (text === undefined) return true; // released meanwhile
  const owner = parseOwner(text);
  const age = await fs.stat(lockFile).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  );
  // A lock just created may not hold its owner's line yet: only its age can tell it was abandoned.
  const abandoned = owner && owner.host === HOST ? !processAlive(owner.pid) : age > STALE_MS;
  if (!abandoned) return false;
  const breaking = `${lockFile}.break`;
  try {
    await fs.writeFile(breaking, `${process.pid}\n`, { flag: 'wx' });
  } catch {
    const breakAge = await fs.stat(breaking).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (breakAge > BREAK_STALE_MS) await fs.rm(breaking, { force: true });
    return false; // another breaker is at it: wait and look again
  }
  try {
    if ((await readText(lockFile)) === text) await fs.rm(lockFile, { force: true });
  } finally {
    await fs.rm(breaking, { force: true });
  }
  return true;
}

/**
 * Runs `work` while holding `lockFile`. Gives up after `waitMs` rather than hang a read; the
 * caller keeps its pending writes and tries again later.
 */
export async function withFileLock<T>(lockFile: string, work: () => Promise<T>, waitMs = DEFAULT_LOCK_WAIT_MS): Promise<T> {
  const line = `${process.pid} ${HOST} ${randomBytes(8).toString('hex')}\n`;
  const deadline = Date.now() + waitMs;
  let delay = 5;
  for (;;) {
    try {
      await fs.writeFile(lockFile, line, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await breakIfAbandoned(lockFile)) continue;
    if (Date.now() > deadline) throw new Error(`the cache is locked by another process (${lockFile})`);
    await sleep(delay);
    delay = Math.min(delay * 2, 100);
  }
  try {
    return await work();
  } finally {
    // Only while it is still ours: a lock broken and taken by another process is left to it.
    if ((await readText(lockFile)) === line) await fs.rm(lockFile, { force: true });
  }
}
