import { readdirSync, readFileSync } from 'node:fs';

/**
 * Polls `condition` every `stepMs` until it holds, for `limitMs` at most: a test waits for the state a
 * fixed sleep would only hope for, and a state that never comes fails the test saying what it waited for.
 */
export async function waitFor(condition: () => boolean, what: string, limitMs = 10_000, stepMs = 20): Promise<void> {
  for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, stepMs))) {
    if (Date.now() - started > limitMs) throw new Error(`waited ${limitMs} ms for ${what}`);
  }
}

/** The bytes process `pid` has written so far, to any descriptor (Linux's /proc/PID/io). */
export function bytesWritten(pid: number): number {
  return Number(/^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
}

/**
 * Whether process `pid` is stalled on an output nobody reads (a pipe, or the socket pair Node gives a
 * child): one of its threads blocked in a write (its kernel wait channel), or 64 kB written through a
 * non-blocking descriptor. A process that has ended counts as stalled, so the caller's own checks of its
 * exit take over.
 */
export function stalledWriting(pid: number): boolean {
  try {
    const waits = readdirSync(`/proc/${pid}/task`).map((t) => readFileSync(`/proc/${pid}/task/${t}/wchan`, 'utf8'));
    return waits.some((wait) => /pipe_write|sock_alloc_send/.test(wait)) || bytesWritten(pid) >= 64 * 1024;
  } catch {
    return true;
  }
}
