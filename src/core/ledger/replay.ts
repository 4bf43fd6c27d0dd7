import { sha256Hex } from '../files/sha256';
import { decideRead, Reuse, Span } from './decide';
import { FileKnowledge, lineHash } from './knowledge';
import { ledgerNote } from './note';
import { MAIN_CONTEXT } from './sessionLedger';

/**
 * The session ledger's decisions over a recorded session, as a pure function: the session's events
 * in order, and for each read what the model would have been shown with the ledger on. No file,
 * log or clock: what a read showed is the event's own lines, so a bench (`npm run bench:sessions`)
 * replays recorded sessions through exactly the decision the hook makes.
 */

export type SessionEvent =
  /**
   * A read: the lines the host showed (after its own cut), from line `start` of `file`, in the
   * agent context `context` (default the main one). `version`, the file's content hash where the
   * replay knows it (the same version lets held lines outside this read keep their place); `whole`,
   * every line of the file now, where known.
   */
  | { kind: 'read'; context?: string; file: string; start: number; lines: readonly string[]; version?: string; whole?: readonly string[] }
  /** The host compacted, cleared or resumed the conversation: every context forgets what it was shown. */
  | { kind: 'reset' };

export interface ReplayedRead {
  /** The read's index among the events. */
  event: number;
  /** `whole`: the read as the host showed it; `note`: the note and only `fresh`'s lines. */
  shown: 'whole' | 'note';
  /** The lines the note stands for (now, when read, and which read of the context showed them). */
  reused: Reuse[];
  /** The lines shown in full. */
  fresh: Span[];
  /** What the model reads in place of the read's lines: the note, then each span of lines under its numbers (as the Copilot CLI's replaced result). */
  text?: string;
}

export interface ReplayOptions {
  /** The host numbers a result's lines from one start (Claude Code's Read): one span shown in full. */
  oneSpan?: boolean;
}

/** Each read of `events`, replayed through the ledger's decision. */
export function replayLedger(events: readonly SessionEvent[], options: ReplayOptions = {}): ReplayedRead[] {
  const known = new Map<string, Map<string, FileKnowledge>>();
  const reads = new Map<string, number>();
  const out: ReplayedRead[] = [];
  events.forEach((event, index) => {
    if (event.kind === 'reset') {
      known.clear();
      return;
    }
    const context = event.context ?? MAIN_CONTEXT;
    const files = known.get(context) ?? new Map<string, FileKnowledge>();
    known.set(context, files);
    const read = (reads.get(context) ?? 0) + 1;
    reads.set(context, read);
    // Without a known version each read is compared line by line, as a read of a changed file is.
    const version = event.version ?? sha256Hex(`replay read ${index}`);
    const decision = decideRead(
      files.get(event.file),
      {
        version,
        start: event.start,
        hashes: event.lines.map(lineHash),
        bytes: event.lines.map((line) => Buffer.byteLength(line) + 1),
        ...(event.whole ? { file: event.whole.map(lineHash) } : {}),
      },
      read,
      undefined,
      options,
    );
    files.set(event.file, decision.knowledge);
    if (decision.kind === 'full') {
      out.push({ event: index, shown: 'whole', reused: [], fresh: [{ start: event.start, end: event.start + event.lines.length - 1 }] });
      return;
    }
    const note = ledgerNote({ ...decision, read, freshAs: 'follow' });
    const spans = decision.fresh.flatMap((span) => [
      `[skim] Lines ${span.start}-${span.end}:`,
      ...event.lines.slice(span.start - event.start, span.end - event.start + 1),
    ]);
    out.push({ event: index, shown: 'note', reused: decision.reused, fresh: decision.fresh, text: [note, ...spans].join('\n') });
  });
  return out;
}
