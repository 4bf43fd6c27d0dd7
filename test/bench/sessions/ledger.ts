import { replayLedger, SessionEvent } from '../../../src/core/ledger/replay';
import { RecordedEvent, RecordedRead } from './corpus';
import { LINE_LIMIT, ReadWay } from './harnesses';
import { observation } from './observation';
import { EventReplay, SessionReplay } from './replay';
import { tokens } from './workspace';

/** The lines a read showed with Skim's cap, by number: a capped read's span, else the recording's lines; only the run that follows on from the first, as a ledger records one span a read. */
function shownLines(replayed: EventReplay, read: RecordedRead): [number, string][] {
  const capped = replayed.read?.outcome === 'capped';
  const [from, to] = capped ? (replayed.read?.shown ?? [read.lines[0][0], read.lines[0][0] + LINE_LIMIT - 1]) : [-Infinity, Infinity];
  const lines = read.lines.filter(([n]) => n >= from && n <= to);
  const run = lines.findIndex(([n], i) => i > 0 && n !== lines[i - 1][0] + 1);
  return run < 0 ? lines : lines.slice(0, run);
}

interface Seen {
  event: RecordedEvent;
  read: RecordedRead;
  way: ReadWay;
  lines: [number, string][];
}

/**
 * The session ledger's saving on one replayed session, in o200k tokens, through the ledger's own
 * decision (replayLedger): every read Skim's path sees (not one it passes by: a compound command,
 * several files) is recorded in its context (the main one or a subagent's) as the lines it showed
 * with the cap; a re-read the ledger answers with a note is charged the note and the lines it still
 * shows, in the read's own frame, against the same read shown whole. The recordings hold no
 * compaction, so no context forgets; a read whose lines changed is compared line by line.
 */
export function ledgerSaving(replay: SessionReplay): number {
  const seen: Seen[] = [];
  const events: SessionEvent[] = [];
  replay.events.forEach((replayed, at) => {
    const event = replay.session.events[at];
    const [read] = event.reads;
    const way = replay.harness.ways[event.tool];
    if (!replayed.read || replayed.read.outcome === 'passed' || !way || !read || read.lines.length === 0) return;
    const lines = shownLines(replayed, read);
    if (lines.length === 0) return;
    seen.push({ event, read, way, lines });
    events.push({ kind: 'read', context: event.ctx, file: read.file, start: lines[0][0], lines: lines.map(([, text]) => text) });
  });
  const oneSpan = replay.harness.ways.Read?.path === 'hook';
  return replayLedger(events, { oneSpan }).reduce((saved, replayed) => {
    if (replayed.shown !== 'note' || replayed.text === undefined) return saved;
    const { event, read, way, lines } = seen[replayed.event];
    const { before, after } = way.frame(event, read);
    return saved + tokens(observation(way, event, read, lines)) - tokens(before + replayed.text + after);
  }, 0);
}
