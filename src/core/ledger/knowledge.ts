import { sha256Hex } from '../files/sha256';

/**
 * What one agent context holds of one file: the lines its reads were shown, in the numbering of
 * the file's version it last saw, each line kept as a hash of its text (never the text), grouped
 * in runs by the read whose result showed them. A re-read is compared with this, line by line.
 */
export interface Held {
  /** First line of the run, 1-based, in the numbering of `FileKnowledge.version`. */
  start: number;
  /** One hash per line from `start` (`lineHash`). */
  hashes: string[];
  /** The read, counted in the context, whose result showed these lines. */
  read: number;
  /** The host's id of that tool call, where it gives one: the transcript check looks for it. */
  call?: string;
}

export interface FileKnowledge {
  /** The file's content hash (SHA-256) when these lines were last checked against it. */
  version: string;
  /** Sorted by start, disjoint. */
  held: Held[];
}

/** One line as the context holds it. */
export interface HeldLine {
  hash: string;
  read: number;
  call?: string;
}

/**
 * Hex digits of a line's SHA-256 kept per line: 64 bits, so that no one who can write the file
 * finds a different line that passes for one the model already holds (a second preimage).
 */
export const LINE_HASH_CHARS = 16;

/** The most lines kept per file: at 16 hex digits a line, 64 kB; past it the oldest reads' lines are let go (a full read, never a wrong note). */
export const MAX_HELD_LINES = 4000;

/** A line's hash as the ledger keeps it: a trailing CR is no part of the line (hosts show lines without it). */
export const lineHash = (text: string): string => sha256Hex(text.endsWith('\r') ? text.slice(0, -1) : text).slice(0, LINE_HASH_CHARS);

/** The held lines by line number. */
export function heldLines(knowledge: FileKnowledge | undefined): Map<number, HeldLine> {
  const lines = new Map<number, HeldLine>();
  for (const run of knowledge?.held ?? []) run.hashes.forEach((hash, i) => lines.set(run.start + i, { hash, read: run.read, call: run.call }));
  return lines;
}

/** Lines by number as runs: consecutive lines of one read (and call) make one run. At most MAX_HELD_LINES: the most recent read's lines first, then an earlier read's from its first line. */
export function knowledgeOf(version: string, lines: ReadonlyMap<number, HeldLine>): FileKnowledge {
  let kept = [...lines].sort((a, b) => a[0] - b[0]);
  if (kept.length > MAX_HELD_LINES) {
    const newest = [...kept].sort((a, b) => b[1].read - a[1].read || a[0] - b[0]).slice(0, MAX_HELD_LINES);
    kept = newest.sort((a, b) => a[0] - b[0]);
  }
  const held: Held[] = [];
  for (const [line, { hash, read, call }] of kept) {
    const last = held.at(-1);
    if (last && last.start + last.hashes.length === line && last.read === read && last.call === call) last.hashes.push(hash);
    else held.push({ start: line, hashes: [hash], read, ...(call === undefined ? {} : { call }) });
  }
  return { version, held };
}
