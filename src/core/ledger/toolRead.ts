import { regionsInSpan } from '../map/tree';
import { Region } from '../map/types';
import { Span } from './decide';
import { ledgerNote } from './note';
import { checkedLines, fileNow, pendingRead } from './recordRead';
import { SessionLedger } from './sessionLedger';

/**
 * Skim's own read through the session ledger: `skim read --session ID` (what a host's guarded shell
 * read runs, and a script may) records its reads in the session's context and, where the context
 * holds lines of a read unchanged, says so in a note and shows only the other lines. The context is
 * the one the host's hooks opened and reset; a session Skim never saw begin is read in full.
 */
export interface LedgerSeat {
  session: string;
  /** The agent context in the session (MAIN_CONTEXT, or a subagent's id). */
  context: string;
  env: NodeJS.ProcessEnv;
}

/** The note and the spans to show in full; undefined: show the read as it is. `regions` gives the map's regions of the file as it is now (none: not placed). */
export async function ownReadNote(
  seat: LedgerSeat,
  real: string,
  start: number,
  lines: readonly string[],
  regions?: (version: string, size: number) => Promise<readonly Region[] | undefined>,
): Promise<{ note: string; fresh: Span[] } | undefined> {
  const pending = await pendingOwnRead(seat, real, start, lines, regions);
  await pending?.commit();
  return pending?.shown;
}

/**
 * The same, recorded only by `commit` (once what it decided reached the model: `skim lines`
 * after its output was written whole); undefined when the read is not recorded at all.
 */
export async function pendingOwnRead(
  seat: LedgerSeat,
  real: string,
  start: number,
  lines: readonly string[],
  regions?: (version: string, size: number) => Promise<readonly Region[] | undefined>,
): Promise<{ shown?: { note: string; fresh: Span[] }; commit(): Promise<void> } | undefined> {
  const ledger = SessionLedger.of(seat.session, seat.context, seat.env);
  const file = typeof ledger === 'string' ? undefined : await fileNow(real);
  if (typeof ledger === 'string' || !file) return undefined;
  const pending = await pendingRead(ledger, { real, file, start, lines: checkedLines({ start, lines: [...lines] }, file.lines) }, false);
  if (!pending) return undefined;
  const noted = pending.noted;
  if (!noted) return { commit: pending.commit };
  const placed = noted.decision.changed && regions ? await regions(file.version, file.size) : undefined;
  const note = ledgerNote({
    ...noted.decision,
    read: noted.read,
    freshAs: 'follow',
    ...(placed ? { regionsOf: (span: Span) => regionsInSpan(placed, span.start, span.end) } : {}),
  });
  return { shown: { note, fresh: noted.decision.fresh }, commit: pending.commit };
}
