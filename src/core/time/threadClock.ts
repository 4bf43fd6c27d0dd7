import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * Two clocks for work that must be bounded: the wall's (how long it took), and the CPU time this
 * thread spent (how much work it was). On a busy machine the first runs on while the second does
 * not: only the second says what the work costs on an idle one. `cpu()` is undefined where the
 * platform does not tell a thread's own time.
 */
export interface WorkClock {
  /** Milliseconds, monotonic. */
  wall(): number;
  /** This thread's CPU time in milliseconds (user and system), or undefined where it cannot be had. */
  cpu(): number | undefined;
}

/** Node 23.9 and later: the calling thread's own CPU time, in microseconds. */
type ThreadCpuUsage = () => { user: number; system: number };

/** Linux gives every thread its time on the CPU in nanoseconds, the first field of /proc/thread-self/schedstat. */
function schedstatMs(): number | undefined {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ', 1)[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How this thread's CPU time is read here, tried once: Node's own where it has one; Linux's
 * schedstat; in the main thread, the process's time (its other threads, the garbage collector's,
 * add a little); in a worker elsewhere, none (the process's time would count the other threads').
 */
function threadCpu(): () => number | undefined {
  const own = (process as unknown as { threadCpuUsage?: ThreadCpuUsage }).threadCpuUsage;
  if (typeof own === 'function') {
    return () => {
      const { user, system } = own.call(process);
      return (user + system) / 1000;
    };
  }
  if (schedstatMs() !== undefined) return schedstatMs;
  if (isMainThread) {
    return () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
  }
  return () => undefined;
}

let cpuOfThread: (() => number | undefined) | undefined;

/** This thread's clocks. */
export const threadClock: WorkClock = {
  wall: () => performance.now(),
  cpu: () => (cpuOfThread ??= threadCpu())(),
};
