import { withFileLock } from '../cache/lock';
import { stampDirectory, StampLog } from '../gate/stamps';
import { FileKnowledge, Held, LINE_HASH_CHARS } from './knowledge';

/**
 * The ledger of one agent context (a session's main agent, or one of its subagents, each with its
 * own context): what its reads were shown, kept in the session's stamp log (`gate/stamps`, the
 * edit gate's: one private append-only file per session, swept a week after its last line) as
 * lines of their own:
 *
 * - `open`: the host said the context began (a session's or a subagent's start): its hooks tell
 *   Skim when the context is compacted, so from then on its reads may be answered by a note;
 * - `reset`: everything every context of the session was shown is forgotten (compaction, clear,
 *   resume);
 * - `read`: one read, numbered in its context, and what the context holds of that file after it.
 *
 * A context never opened, a log past MAX_LOG_BYTES, and a record that cannot be read mean no note
 * (full reads); nothing here ever makes a read fail.
 */

/** The context of a session's main agent. */
export const MAIN_CONTEXT = 'main';
/** The context name a reset of every context of the session is written with. */
const EVERY_CONTEXT = '*';
/** Past this size the log takes no more of the ledger's records, and reads are shown in full. */
export const MAX_LOG_BYTES = 16 * 1024 * 1024;
/** How long one read waits for another hook process of the same session to record its own. */
const LOCK_WAIT_MS = 1_000;

export interface LedgerState {
  /** The context was opened (and the log is not full): its reads may be noted. */
  open: boolean;
  /** How many reads the context made before this one. */
  reads: number;
  /** What the context holds of the file; none: nothing (never read, forgotten, or its record unreadable). */
  knowledge?: FileKnowledge;
}

const HASH_CHUNK = new RegExp(`^(?:[0-9a-f]{${LINE_HASH_CHARS}})+$`);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** One run as the log keeps it: `[start, read, call or null, the line hashes end to end]`. */
function heldOf(value: unknown): Held | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [start, read, call, hashes] = value as unknown[];
  if (!isCount(start) || start < 1 || !isCount(read) || !(call === null || typeof call === 'string')) return undefined;
  if (typeof hashes !== 'string' || !HASH_CHUNK.test(hashes)) return undefined;
  const lines = hashes.match(new RegExp(`.{${LINE_HASH_CHARS}}`, 'g')) as string[];
  return { start, hashes: lines, read, ...(call === null ? {} : { call }) };
}

/** A read record's knowledge, or undefined when any part of it is not what the ledger writes (then the file is read in full). */
function knowledgeOf(record: Record<string, unknown>): FileKnowledge | undefined {
  if (typeof record.v !== 'string' || !/^[0-9a-f]{64}$/.test(record.v) || !Array.isArray(record.held)) return undefined;
  const held: Held[] = [];
  for (const value of record.held) {
    const run = heldOf(value);
    const last = held.at(-1);
    if (!run || (last && run.start < last.start + last.hashes.length)) return undefined;
    held.push(run);
  }
  return { version: record.v, held };
}

export class SessionLedger {
  private constructor(
    private readonly log: StampLog,
    readonly ctx: string,
  ) {}

  /** The ledger of context `ctx` of `session`; a string saying why there is none (its folder cannot be trusted). */
  static of(session: string, ctx: string, env: NodeJS.ProcessEnv): SessionLedger | string {
    const log = StampLog.open(stampDirectory(env), session);
    return typeof log === 'string' ? log : new SessionLedger(log, ctx);
  }

  private write(record: Record<string, unknown>): void {
    if (this.log.size() < MAX_LOG_BYTES) this.log.append({ ledger: record.ledger, ctx: this.ctx, ...record, at: Date.now() });
  }

  /** The host said this context began: it holds nothing yet, whatever a context of the same id was shown before. */
  begin(): void {
    this.write({ ledger: 'open' });
  }

  /** Every context of the session forgets what it was shown (`why`: the host's event). */
  forget(why: string): void {
    this.write({ ledger: 'reset', ctx: EVERY_CONTEXT, why });
  }

  /** Read number `read` of the context was of `file`; `knowledge`, what the context holds of the file after it (none: it is unchanged by this read). */
  record(file: string, read: number, knowledge?: FileKnowledge): void {
    const held = knowledge?.held.map((run) => [run.start, run.read, run.call ?? null, run.hashes.join('')]);
    this.write({ ledger: 'read', n: read, file, ...(knowledge ? { v: knowledge.version, held } : {}) });
  }

  /** What the context holds of `file`, and how many reads it made. */
  state(file: string): LedgerState {
    if (this.log.size() >= MAX_LOG_BYTES) return { open: false, reads: 0 };
    let open = false;
    let reads = 0;
    let knowledge: FileKnowledge | undefined;
    for (const record of this.log.records(['ledger'])) {
      const mine = record.ctx === this.ctx;
      if (record.ledger === 'open' && mine) {
        open = true;
        knowledge = undefined;
      } else if (record.ledger === 'reset' && (mine || record.ctx === EVERY_CONTEXT)) knowledge = undefined;
      else if (record.ledger === 'read' && mine && isCount(record.n)) {
        reads = Math.max(reads, record.n);
        if (record.file === file && 'v' in record) knowledge = knowledgeOf(record);
      }
    }
    return { open, reads, knowledge };
  }

  /** Runs `work` while no other hook process of the session decides on a read: two reads at once each see the other's record, or neither. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return withFileLock(`${this.log.file}.lock`, work, LOCK_WAIT_MS);
  }
}
