/**
 * The time one outline may work (structural/bounds), shared by its parse, its queries and every
 * part parsed again: the time spent in its own slices of work, not the time since it began, so
 * that outlines interleaved in one thread (a worker serving several documents) do not spend each
 * other's. Stopped at once by `signal` (a process ending, a document's newer version).
 */
export class Budget {
  private used = 0;

  constructor(
    readonly ms: number,
    readonly signal?: AbortSignal,
  ) {}

  /** Milliseconds left, never below 0. */
  remainingMs(): number {
    return Math.max(0, this.ms - this.used);
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

  /** Runs one slice of work, counting its time; throws the signal's reason once it is aborted. */
  run<T>(work: () => T): T {
    this.signal?.throwIfAborted();
    const start = performance.now();
    try {
      return work();
    } finally {
      this.used += performance.now() - start;
    }
  }
}
