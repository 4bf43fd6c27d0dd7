import { readRegularFile } from '../files/open';
import { looksBinary } from '../files/scan';
import { sha256Hex } from '../files/sha256';
import { decideRead, LedgerDecision } from './decide';
import { FileKnowledge, lineHash } from './knowledge';
import { SessionLedger } from './sessionLedger';

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

/**
 * Records the read in the context's ledger and returns the note to give, if any. `held` lets go of
 * what the host says the model no longer holds (the transcript check). Nothing is recorded for a
 * context the host never said began.
 */
export function recordRead(ledger: SessionLedger, seen: ReadSeen, oneSpan: boolean, held = (known?: FileKnowledge) => known): Promise<Noted | undefined> {
  return ledger.exclusive(async () => {
    const state = ledger.state(seen.real);
    if (!state.open) return undefined;
    const read = state.reads + 1;
    if (!seen.lines?.length) {
      ledger.record(seen.real, read);
      return undefined;
    }
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
    ledger.record(seen.real, read, decision.knowledge);
    return decision.kind === 'note' ? { decision, read } : undefined;
  });
}
