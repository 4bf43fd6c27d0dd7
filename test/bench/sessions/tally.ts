import { EventReplay, SessionReplay } from './replay';

/**
 * A later part of Skim's saving on one replayed session, in tokens: the session ledger's on reads
 * (issue 38: a re-read of lines the session still holds answered by a note) and the listing
 * guard's on listings (issue 39). Each is a function of the replay, so that it plugs in here.
 */
export type Saving = (replay: SessionReplay) => number;

export interface Savings {
  ledger: Saving;
  listing: Saving;
}

/** Neither the ledger nor the listing guard exists yet: they save nothing. */
export const SAVINGS_TODAY: Savings = { ledger: () => 0, listing: () => 0 };

/** One harness's figures over a set of its sessions. Shares are fractions; tokens are o200k. */
export interface HarnessFigures {
  sessions: number;
  /** Reads the sessions made (events that read a file). */
  reads: number;
  observationTokens: number;
  readTokens: number;
  listingTokens: number;
  /** Reads' share of everything the model was shown. */
  readShare: number;
  /** What the 200-line cap with the map saves, extra reads charged: a share of read tokens. */
  capSaving: number;
  /** The same with no extra read charged: what the cap saves if every withheld line the session used later came back for free. */
  capSavingUncharged: number;
  /** The session ledger's saving, a share of read tokens. */
  ledgerSaving: number;
  /** The listing guard's saving, a share of listing tokens. */
  listingSaving: number;
  /** All of Skim's savings, a share of all observation tokens. */
  combinedSaving: number;
  /** The share of read tokens in reads replayed from estimates (their file could not be rebuilt), and in reads replayed on rebuilt files. */
  estimatedShare: number;
  rebuiltShare: number;
  /** The share of read tokens in reads the guard declines (prose, notes, generated files): never shortened. */
  declinedShare: number;
  /** The cap's saving within each of those parts, a share of that part's read tokens. */
  capSavingRebuilt: number;
  capSavingEstimated: number;
  /** Reads Skim shortened; over the limit but left as the host shows them (no room for the map); over the limit with no map. */
  capped: number;
  leftToHost: number;
  unmapped: number;
  /** Reads made again for withheld lines the session used later, and their tokens' share of read tokens. */
  extraReads: number;
  extraShare: number;
  /** On the reads replayed on rebuilt files and shortened, how far the estimate from their recordings alone lands from the replay: (estimated − replayed) / replayed tokens. */
  estimateBias: number;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const sum = (events: EventReplay[], f: (event: EventReplay) => number) => events.reduce((total, event) => total + f(event), 0);

/** The figures of a set of one harness's replayed sessions. */
export function tally(replays: readonly SessionReplay[], savings: Savings = SAVINGS_TODAY): HarnessFigures {
  const events = replays.flatMap((replay) => replay.events);
  const reads = events.filter((event) => event.read);
  const part = (basis: string) => reads.filter((event) => event.read?.basis === basis);
  const saved = (list: EventReplay[]) => sum(list, (event) => event.host - event.skim);
  const host = (list: EventReplay[]) => sum(list, (event) => event.host);
  const outcomes = (outcome: string) => reads.filter((event) => event.read?.outcome === outcome).length;
  const checked = reads.filter((event) => event.read?.estimated !== undefined && event.read.outcome !== 'small');
  const observationTokens = host(events);
  const readTokens = host(reads);
  const listingTokens = host(events.filter((event) => event.cls === 'listing'));
  const ledger = replays.reduce((total, replay) => total + savings.ledger(replay), 0);
  const listing = replays.reduce((total, replay) => total + savings.listing(replay), 0);
  return {
    sessions: replays.length,
    reads: reads.length,
    observationTokens,
    readTokens,
    listingTokens,
    readShare: share(readTokens, observationTokens),
    capSaving: share(saved(reads), readTokens),
    capSavingUncharged: share(saved(reads) + sum(reads, (event) => event.read?.extra ?? 0), readTokens),
    ledgerSaving: share(ledger, readTokens),
    listingSaving: share(listing, listingTokens),
    combinedSaving: share(saved(reads) + ledger + listing, observationTokens),
    estimatedShare: share(host(part('estimated')), readTokens),
    rebuiltShare: share(host(part('rebuilt')), readTokens),
    declinedShare: share(host(reads.filter((event) => event.read?.outcome === 'declined')), readTokens),
    capSavingRebuilt: share(saved(part('rebuilt')), host(part('rebuilt'))),
    capSavingEstimated: share(saved(part('estimated')), host(part('estimated'))),
    capped: outcomes('capped'),
    leftToHost: outcomes('host'),
    unmapped: outcomes('unmapped'),
    extraReads: sum(reads, (event) => event.read?.extraReads ?? 0),
    extraShare: share(
      sum(reads, (event) => event.read?.extra ?? 0),
      readTokens,
    ),
    estimateBias: share(
      sum(checked, (event) => (event.read?.estimated ?? 0) - event.skim),
      sum(checked, (event) => event.skim),
    ),
  };
}
