import { readRegularFile } from '../files/open';
import { looksBinary } from '../files/scan';
import { sha256Hex } from '../files/sha256';
import { decideRead, LedgerDecision } from './decide';
import { FileKnowledge, lineHash } from './knowledge';
import { LedgerState, SessionLedger } from './sessionLedger';

/**
 * One read through the ledger, whoever shows it (a host's result replaced by the hook, or Skim's
 * own read tool): under the session's lock, the context's record of the file, the decision, and
 * the record of what the model holds after it.
 */

/** Files larger than this are never noted: their lines are not hashed within a read's time. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** A file as it is now: its content hash, size and lines (no line terminators; a final newline ends the last line). */
export interface FileNow {
  version: string;
  size: number;
  lines: string[];
}

/** The file now, or undefined when it is too large, binary or cannot be read: then no read of it is noted. */
export async function fileNow(real: string): Promise<FileNow | undefined> {
  try {
    const { bytes } = await readRegularFile(real, MAX_FILE_BYTES);
    if (!bytes || looksBinary(bytes)) return undefined;
    const lines = bytes.toString('utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    return { version: sha256Hex(bytes), size: bytes.length, lines: lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)) };
  } catch {
    return undefined;
  }
}

/**
 * The lines shown that are the file's lines as they are now: all of them but a last one the host
 * cut short (shown in part, so not held whole) and an empty one past the end (a host's view of a
 * final newline). Undefined when any other line is not the file's: the file changed since the
 * host read it, or the result is not what it seems.
 */
export function checkedLines(shown: { start: number; lines: readonly string[] }, file: readonly string[]): string[] | undefined {
  const lines = shown.lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (lines.length && shown.start + lines.length - 1 > file.length && lines.at(-1) === '') lines.pop();
  const kept: string[] = [];
  for (const [i, line] of lines.entries()) {
    const actual = file[shown.start - 1 + i];
    if (actual === line) kept.push(line);
    else if (i === lines.length - 1 && actual?.startsWith(line)) break;
    else return undefined;
  }
  return kept;
}

/** What a read showed: lines of `file` from `start`, checked to be the file's own (`checkedLines`); none when they were not. */
export interface ReadSeen {
  real: string;
  file: FileNow;
  start: number;
  lines?: string[];
  /** The host's id of the call, for the transcript check. */
  call?: string;
}

export type Noted = { decision: Extract<LedgerDecision, { kind: 'note' }>; read: number };

/** The decision on one read given what the context holds (`state`): its number, what the context holds of the file after it, the note to give. */
function decided(state: LedgerState, seen: ReadSeen, oneSpan: boolean, held: (known?: FileKnowledge) => FileKnowledge | undefined) {
  const read = state.reads + 1;
  if (!seen.lines?.length) return { read };
  const known = held(state.knowledge);
  const { version, lines: file } = seen.file;
  const decision = decideRead(
    known,
    {
      version,
      start: seen.start,
      hashes: seen.lines.map(lineHash),
      bytes: seen.lines.map((line) => Buffer.byteLength(line) + 1),
      ...(known && known.version !== version ? { file: file.map(lineHash) } : {}),
    },
    read,
    seen.call,
    { oneSpan },
  );
  return { read, knowledge: decision.knowledge, noted: decision.kind === 'note' ? { decision, read } : undefined };
}

/**
 * Records the read in the context's ledger and returns the note to give, if any. `held` lets go of
 * what the host says the model no longer holds (the transcript check). Nothing is recorded for a
 * context the host never said began.
 */
export function recordRead(ledger: SessionLedger, seen: ReadSeen, oneSpan: boolean, held = (known?: FileKnowledge) => known): Promise<Noted | undefined> {
  return ledger.exclusive(async () => {
    const state = ledger.state(seen.real);
    if (!state.open) return undefined;
    const now = decided(state, seen, oneSpan, held);
    ledger.record(seen.real, now.read, now.knowledge);
    return now.noted;
  });
}

/** A read decided on but not recorded yet: the note to give, and how to record the read once what was decided has reached the model. */
export interface PendingRead {
  noted?: Noted;
  /**
   * Records the read as decided; where the context changed meanwhile (another read recorded, a
   * compaction forgot), only that a read was made: what the context holds then stays as it is.
   */
  commit(): Promise<void>;
}

/**
 * The read's decision, recorded only by `commit`: Skim's own print of a read (`skim lines`)
 * records what it showed once its output was written whole, never for output that was lost (a
 * closed pipe, a full disk), so that no note ever stands for lines the model did not get.
 */
export async function pendingRead(ledger: SessionLedger, seen: ReadSeen, oneSpan: boolean): Promise<PendingRead | undefined> {
  const before = await ledger.exclusive(async () => {
    const state = ledger.state(seen.real);
    return state.open ? { state, ...decided(state, seen, oneSpan, (known) => known) } : undefined;
  });
  if (!before) return undefined;
  const held = JSON.stringify(before.state.knowledge);
  return {
    noted: before.noted,
    commit: () =>
      ledger.exclusive(async () => {
        const state = ledger.state(seen.real);
        if (!state.open) return;
        if (state.reads === before.state.reads && JSON.stringify(state.knowledge) === held) ledger.record(seen.real, before.read, before.knowledge);
        else ledger.record(seen.real, state.reads + 1);
      }),
  };
}
