import { WALL_FACTOR } from './budget';

/**
 * The bounds on outlining one file. tree-sitter parses in time that grows with how confused its
 * grammar gets, not with the file's size: 100 KB of `a"a"a"…` lines takes TypeScript's grammar
 * a minute and a half, spent recovering from errors. So the parse of a file, the outline query
 * and every block parsed again after errors (structural/recover) share one time limit, and a
 * parse never holds its thread for more than a slice at a time: between slices the event loop
 * runs, so a signal is handled and a timer fires while a large file is being parsed.
 */

/** How long outlining one file may take in all: its parse (a 6 MB bundle parses in 2–4 s), the query, and the blocks parsed again. */
export const OUTLINE_MS = 10_000;

/** The longest a parse holds its thread at once; tree-sitter resumes where it left off. */
export const PARSE_SLICE_MS = 50;

/** An outline worker (structural/outlineWorker) idle this long is ended: it holds tree-sitter's memory. */
export const OUTLINE_WORKER_IDLE_MS = 30_000;

/**
 * How long an outline worker may leave a job unanswered before it is ended, its jobs failed: only
 * a fault gets near it. A job works OUTLINE_MS of CPU at most, which a busy machine may stretch
 * WALL_FACTOR times on the wall's clock, and it may wait behind another job and the worker's
 * start: twice that (at exactly that, a slow file's outline on a loaded machine lost to it).
 */
export const OUTLINE_WORKER_STALL_MS = 2 * OUTLINE_MS * WALL_FACTOR;
