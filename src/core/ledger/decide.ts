import { alignLines } from './align';
import { FileKnowledge, HeldLine, heldLines, knowledgeOf } from './knowledge';

/**
 * The ledger's decision on one read: given what the context holds of the file and what the host
 * showed now, which of the lines shown the model already holds unchanged (a note stands for them)
 * and which it must see in full. A pure function: no clock, no file, no host.
 */

/** What a host showed of a file in one read, checked against the file. */
export interface ShownRead {
  /** The file's content hash now; a read of another version is compared line by line. */
  version: string;
  /** The first line shown, 1-based. */
  start: number;
  /** Each line shown, from `start`, by its hash (`lineHash`). */
  hashes: string[];
  /** Each line's size in bytes: what a note saves is weighed in them. */
  bytes: number[];
  /** Every line of the file now, by its hash, where known: held lines outside the ones shown keep their place across a change. */
  file?: string[];
}

export interface Span {
  start: number;
  end: number;
}

/** Lines the model holds from an earlier read: lines `start`..`end` now, `was`.. when it read them, shown by read number `read`. */
export interface Reuse extends Span {
  was: number;
  read: number;
}

export type LedgerDecision =
  | { kind: 'full'; knowledge: FileKnowledge }
  | {
      kind: 'note';
      /** The lines shown that the model holds, unchanged. */
      reused: Reuse[];
      /** The lines shown that it must see in full: new to it, or changed. */
      fresh: Span[];
      /** The file changed where the model looked: lines it holds moved, or a line it held is another now. */
      changed: boolean;
      knowledge: FileKnowledge;
    };

export interface DecideOptions {
  /** The host numbers a result's lines itself from one start, so what is shown in full is one span. */
  oneSpan?: boolean;
}

/** After a change, fewer lines than this matched in a row are shown again: a lone blank line or brace that matched tells nothing. */
export const MIN_MATCHED_RUN = 3;
/** A note must stand for at least this many bytes of lines; less is not worth a note the model must follow. */
export const MIN_SAVED_BYTES = 200;

interface Carried extends HeldLine {
  /** The line's number when it was read. */
  was: number;
}

/** The held lines, placed in the version shown now: as they are when it is the same version, else where each run of them still stands unchanged. */
function carry(known: FileKnowledge | undefined, shown: ShownRead): Map<number, Carried> {
  const out = new Map<number, Carried>();
  const lines = heldLines(known);
  if (known?.version === shown.version) {
    for (const [line, held] of lines) out.set(line, { ...held, was: line });
    return out;
  }
  const numbers = [...lines.keys()].sort((a, b) => a - b);
  const now = shown.file ?? shown.hashes;
  const first = shown.file ? 1 : shown.start;
  let run: [number, number][] = [];
  const flush = () => {
    if (run.length >= MIN_MATCHED_RUN) for (const [i, j] of run) out.set(first + j, { ...(lines.get(numbers[i]) as HeldLine), was: numbers[i] });
    run = [];
  };
  for (const pair of alignLines(
    numbers.map((line) => (lines.get(line) as HeldLine).hash),
    numbers,
    now,
  )) {
    const last = run.at(-1);
    if (last && !(pair[0] === last[0] + 1 && pair[1] === last[1] + 1 && numbers[pair[0]] === numbers[last[0]] + 1)) flush();
    run.push(pair);
  }
  flush();
  return out;
}

function someLine(span: Span, test: (line: number) => boolean): boolean {
  for (let line = span.start; line <= span.end; line++) if (test(line)) return true;
  return false;
}

/** The lines (from `start`) where `mark` is true, as spans. */
function spans(mark: readonly boolean[], start: number): Span[] {
  const out: Span[] = [];
  mark.forEach((on, i) => {
    if (!on) return;
    const last = out.at(-1);
    if (last && last.end === start + i - 1) last.end++;
    else out.push({ start: start + i, end: start + i });
  });
  return out;
}

/**
 * The decision on read number `read` (the host's call id `call`), and what the context holds of
 * the file after it: every line shown in full now is this read's; a line a note stands for stays
 * the earlier read's, whose result holds it.
 */
export function decideRead(known: FileKnowledge | undefined, shown: ShownRead, read: number, call?: string, options: DecideOptions = {}): LedgerDecision {
  const carried = carry(known, shown);
  const holds = shown.hashes.map((hash, i) => {
    const held = carried.get(shown.start + i);
    return held?.hash === hash ? held : undefined;
  });
  let fresh = spans(
    holds.map((held) => !held),
    shown.start,
  );
  if (options.oneSpan && fresh.length > 1) fresh = [{ start: fresh[0].start, end: (fresh.at(-1) as Span).end }];
  const inFresh = (line: number) => fresh.some((span) => span.start <= line && line <= span.end);
  const reused: Reuse[] = [];
  let saved = 0;
  holds.forEach((held, i) => {
    const line = shown.start + i;
    if (!held || inFresh(line)) return;
    saved += shown.bytes[i];
    const last = reused.at(-1);
    if (last && last.end === line - 1 && last.read === held.read && last.was + (line - last.start) === held.was) last.end = line;
    else reused.push({ start: line, end: line, was: held.was, read: held.read });
  });
  const note = reused.length > 0 && saved >= MIN_SAVED_BYTES;
  const next = new Map<number, HeldLine>();
  for (const [line, held] of carried) next.set(line, { hash: held.hash, read: held.read, ...(held.call === undefined ? {} : { call: held.call }) });
  shown.hashes.forEach((hash, i) => {
    const line = shown.start + i;
    if (!note || inFresh(line)) next.set(line, { hash, read, ...(call === undefined ? {} : { call }) });
  });
  const knowledge = knowledgeOf(shown.version, next);
  if (!note) return { kind: 'full', knowledge };
  // Changed, as the model sees it: lines it holds moved, or a line shown in full is not the line it held there.
  const before = known?.version === shown.version ? undefined : heldLines(known);
  const differs = (line: number) => {
    const held = before?.get(line);
    return held !== undefined && held.hash !== shown.hashes[line - shown.start];
  };
  const changed = !!before && (reused.some((r) => r.was !== r.start) || fresh.some((span) => someLine(span, differs)));
  return { kind: 'note', reused, fresh, changed, knowledge };
}
