import { lastPart } from '../facts/facts';
import { CommitHistory } from './commitHistory';
import { changePriors, coChanged, messageScores, SimilarScores } from './historyScores';
import { Scored } from './rank';
import { LocateWeights } from './weights';

/**
 * Locate's words' ranking with what else points at a function added, each a share of the best
 * words' score: the file the question names (locate/namedFiles), then, where the project's
 * history is indexed, what the commits most like the question changed, what changed together with
 * the functions that lead, and how often and how recently it changed. The words stay the ranking;
 * these lift among what they found.
 */

export interface LocateHistory {
  history: CommitHistory;
  weights: LocateWeights;
  /** changePriors(history), made once per history. */
  priors?: Float64Array;
}

/** The leading functions whose co-changes are lent a score. */
const SEEDS = 5;
/** What a function in a file the question names gains, as a share of the best words' score. */
const NAMED_FILE_SHARE = 0.3;

/** The bare name history knows a function by: `Server.ServeHTTP` → ServeHTTP. */
const bareName = (name: string) => lastPart(name).replace(/\(.*$/, '');

export function withHistory(
  scored: readonly Scored[],
  named: ReadonlyMap<string, number>,
  located: LocateHistory | undefined,
  similar: SimilarScores | undefined,
  stems: readonly string[],
): Scored[] {
  const top = scored.reduce((best, s) => Math.max(best, s.score), 0) || 1;
  const none = { similar: 0, messages: 0, cochange: 0, prior: 0 };
  const lifted = scored.map((s) => {
    const namedFile = named.get(s.unit.path) ?? 0;
    return { ...s, score: s.score + NAMED_FILE_SHARE * top * namedFile, signals: { words: s.score, namedFile, ...none } };
  });
  if (!located || !similar) return sortScored(lifted);
  const { history, weights } = located;
  const ids = scored.map((s) => history.functionOf(s.unit.path, bareName(s.unit.region.name)));
  const messages = messageScores(history, stems, ids);
  const withText = lifted.map((s, i) => {
    const id = ids[i];
    if (id === undefined) return s;
    const signals = { ...s.signals, similar: similar.functions.get(id) ?? 0, messages: messages[i] };
    return { ...s, score: s.score + top * (weights.similar * signals.similar + weights.messages * signals.messages), signals };
  });
  // What changed with the functions that now lead, and how much each has changed: priors, after the words and the similar commits.
  const seeds = sortScored(withText)
    .slice(0, SEEDS)
    .flatMap((s) => history.functionOf(s.unit.path, bareName(s.unit.region.name)) ?? []);
  const together = coChanged(history, seeds);
  const priors = (located.priors ??= changePriors(history));
  return sortScored(
    withText.map((s, i) => {
      const id = ids[i];
      if (id === undefined) return s;
      const signals = { ...s.signals, cochange: together.get(id) ?? 0, prior: priors[id] };
      return { ...s, score: s.score + top * (weights.cochange * signals.cochange + weights.prior * signals.prior), signals };
    }),
  );
}

const sortScored = (scored: Scored[]) =>
  [...scored].sort((a, b) => b.score - a.score || (a.unit.path < b.unit.path ? -1 : a.unit.path > b.unit.path ? 1 : a.unit.region.start - b.unit.region.start));
