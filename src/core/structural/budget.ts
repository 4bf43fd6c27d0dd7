import { threadClock, WorkClock } from '../time/threadClock';

/** The wall-clock time an outline may take at most, as a multiple of its CPU time: a machine busy enough to stretch it further only delays the outline to a later try. */
export const WALL_FACTOR = 6;
/** How much more than it has so far a busy machine may stretch the next slice of work before its timeout cuts it. */
const STRETCH_MARGIN = 1.5;
/** The share of its CPU time an outline must have used for the time it ran out of to be its own: less, and the machine was too busy to tell. */
const OWN_SHARE = 0.9;

/**
 * The time one outline may work (structural/bounds), shared by its parse, its queries and every
 * part parsed again: the time spent in its own slices of work, not the time since it began, so
 * that outlines interleaved in one thread (a worker serving several documents) do not spend each
 * other's. Counted in this thread's CPU time where the platform gives it (time/threadClock), so
 * that a slice the machine was too busy to run is not counted as work, within `WALL_FACTOR`
 * times as long on the wall's clock; in the wall's time alone where it does not. Stopped at once
 * by `signal` (a process ending, a document's newer version).
 */
export class Budget {
  private wall = 0;
  private cpu = 0;
  /** Whether the last slice was given all the time that was left and took it (a query stopped at its timeout). */
  private cut = false;
  /** Whether this thread's CPU time could be read for every slice so far. */
  private byCpu = true;

  constructor(
    readonly ms: number,
    readonly signal?: AbortSignal,
    private readonly clock: WorkClock = threadClock,
  ) {}

  /**
   * The most wall-clock time the next slice of work may take, in milliseconds, never below 0 (a
   * query's timeout is on the wall's clock): the CPU time left, stretched as far as the machine
   * has stretched this work so far and half that stretch again, within the wall time left.
   */
  remainingMs(): number {
    if (this.cut) return 0;
    if (!this.byCpu) return Math.max(0, this.ms - this.wall);
    const cpuLeft = this.ms - this.cpu;
    const wallLeft = this.ms * WALL_FACTOR - this.wall;
    if (cpuLeft <= 0 || wallLeft <= 0) return 0;
    const stretch = this.cpu > 0 ? Math.max(1, this.wall / this.cpu) : 1;
    return Math.min(wallLeft, cpuLeft * (1 + (stretch - 1) * STRETCH_MARGIN));
  }

  /** What is left as tree-sitter's query timeout: in microseconds, at least 1 (its 0 means no limit). */
  remainingMicros(): number {
    return Math.max(1, Math.floor(this.remainingMs() * 1000));
  }

  /**
   * Whether less than tree-sitter's least timeout (a microsecond) is left: so a query given
   * remainingMicros() that stopped at its timeout always leaves the budget spent, and what it
   * returned (only the matches found by then) is known to be cut.
   */
  get spent(): boolean {
    return this.remainingMs() * 1000 < 1;
  }

  /**
   * Whether the budget, spent, ran out while the work had not had its own time: the machine was
   * busy (or the platform gives no thread's CPU time, and no one can tell). Such bytes are not
   * slow, only late: worth another try once the machine may be idle.
   */
  get late(): boolean {
    return !this.byCpu || this.cpu < this.ms * OWN_SHARE;
  }

  /** Runs one slice of work, counting its time; throws the signal's reason once it is aborted. */
  run<T>(work: () => T): T {
    this.signal?.throwIfAborted();
    const given = this.remainingMs();
    const wall = this.clock.wall();
    const cpu = this.byCpu ? this.clock.cpu() : undefined;
    try {
      return work();
    } finally {
      const took = this.clock.wall() - wall;
      const cpuAfter = cpu === undefined ? undefined : this.clock.cpu();
      this.wall += took;
      if (cpu === undefined || cpuAfter === undefined) this.byCpu = false;
      else this.cpu += cpuAfter - cpu;
      // Work given all that was left and taking it may have been stopped by its timeout: what it returned is no whole.
      if (took >= given) this.cut = true;
    }
  }
}
