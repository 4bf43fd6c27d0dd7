import { promises as fs } from 'node:fs';

/** A lock older than this is taken to belong to a process that died holding it. */
const STALE_MS = 30_000;
const WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while holding `lockFile`, created exclusively so that two processes writing one
 * database take turns. Gives up after a while rather than hang a read; the caller keeps its
 * pending writes and tries again at the next flush.
 */
export async function withFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let delay = 5;
  for (;;) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await fs.stat(lockFile).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_MS) {
        await fs.rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`the cache is locked by another process (${lockFile})`);
      await sleep(delay);
      delay = Math.min(delay * 2, 100);
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lockFile, { force: true });
  }
}
