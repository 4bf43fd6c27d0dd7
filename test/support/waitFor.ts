import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';

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

/** Linux's /proc counts a thread's CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;

/**
 * The CPU time, in ms, of the busiest thread of process `pid` other than its main one (/proc/PID/task/TID/stat):
 * how far work handed to a worker thread (a parse, an outline) has got. Counted in CPU time, not time passed, so a
 * loaded machine makes it slower to come, never sooner. 0 once the process has ended.
 */
export function workerCpuMs(pid: number): number {
  try {
    const threads = readdirSync(`/proc/${pid}/task`).filter((tid) => tid !== String(pid));
    const ticks = threads.map((tid) => {
      // The fields after the command's name, which may itself hold spaces and parentheses: state is the first, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ');
      return Number(fields[11]) + Number(fields[12]);
    });
    return Math.max(0, ...ticks) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The processes `pid` started that run `program` now (its children, by /proc/PID/task/PID/children, after any exec). */
export function childrenRunning(pid: number, program: string): number[] {
  try {
    const target = realpathSync(program);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return children.filter((child) => {
      try {
        return readlinkSync(`/proc/${child}/exe`) === target;
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/** Whether process `pid` has opened its standard input again through another descriptor (as the hook reopens a pipe without blocking to read it). */
export function reopenedStdin(pid: number): boolean {
  try {
    const stdin = readlinkSync(`/proc/${pid}/fd/0`);
    return readdirSync(`/proc/${pid}/fd`).some((fd) => fd !== '0' && readlinkSync(`/proc/${pid}/fd/${fd}`) === stdin);
  } catch {
    return false;
  }
}

/** The bytes process `pid` has read so far, from any descriptor (Linux's /proc/PID/io). */
export function bytesRead(pid: number): number {
  return Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
}
