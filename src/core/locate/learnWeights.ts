import type { CommitRecord } from '../history/patchLog';
import { CommitHistory } from './commitHistory';
import { changePriors, coChanged, messageScores, similarScores } from './historyScores';
import { DEFAULT_WEIGHTS, LocateWeights } from './weights';
import { terms } from './words';

/**
 * What a project's own history says of weighing it: its recent focused commits replayed as
 * questions (the message) with answers (the functions changed), each asked of the commits older
 * than it only. How often each history signal puts a changed function among its first five of
 * the functions similar commits changed, against how often it does over the tuning split's
 * projects (REFERENCE), scales that signal's default weight, within MAX_SCALE either way: a project
 * whose commits repeat their words and places trusts them more, one whose do not less. Too short a
 * history keeps the defaults.
 */

/** Commits replayed at most, the newest focused ones. */
const REPLAYS = 150;
/** A history shorter than this says too little of itself to learn from. */
export const MIN_HISTORY = 200;
/** Replays needed for a share that means something. */
const MIN_REPLAYS = 30;
/** A focused commit: a few files, a few functions named. */
const FOCUSED_FILES = 3;
const FOCUSED_FUNCTIONS = 10;
/** How far a learned weight may move from its default, either way. */
const MAX_SCALE = 2;
/** The leading functions whose co-changes a replay weighs, as locate/withHistory's seeds. */
const SEEDS = 5;

export type Signal = 'similar' | 'messages' | 'cochange' | 'prior';
const SIGNALS: readonly Signal[] = ['similar', 'messages', 'cochange', 'prior'];

/** Each signal's share of replays with a changed function in its first five, over the tuning split's projects (docs/measurements.md). */
export const REFERENCE: Record<Signal, number> = { similar: 0.363, messages: 0.277, cochange: 0.234, prior: 0.201 };

export interface Replayed {
  replays: number;
  /** Per signal, the share of replays with a changed function among its first five. */
  shares: Record<Signal, number>;
}

const firstFive = (pool: readonly number[], scores: (f: number, i: number) => number, targets: ReadonlySet<number>) =>
  pool
    .map((f, i) => ({ f, score: scores(f, i) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.f - b.f)
    .slice(0, 5)
    .some((x) => targets.has(x.f));

/** The newest focused commits replayed against the history older than each. */
export function replay(commits: readonly CommitRecord[]): Replayed {
  const history = new CommitHistory(commits);
  const hits: Record<Signal, number> = { similar: 0, messages: 0, cochange: 0, prior: 0 };
  let replays = 0;
  for (let c = 0; c < history.size - MIN_HISTORY && replays < REPLAYS; c++) {
    const changed = history.functionsOf[c];
    if (!changed.length || changed.length > FOCUSED_FUNCTIONS || history.filesOf[c].length > FOCUSED_FILES) continue;
    const stems = terms(commits[c].message);
    if (stems.length < 2) continue;
    replays++;
    const targets = new Set(changed);
    const similar = similarScores(history, stems, c);
    const pool = [...similar.functions.keys()];
    const bySimilar = (f: number) => similar.functions.get(f) ?? 0;
    if (firstFive(pool, bySimilar, targets)) hits.similar++;
    const messages = messageScores(history, stems, pool, c);
    if (firstFive(pool, (_, i) => messages[i], targets)) hits.messages++;
    const seeds = [...pool].sort((a, b) => bySimilar(b) - bySimilar(a) || a - b).slice(0, SEEDS);
    const together = coChanged(history, seeds, c);
    if (firstFive([...together.keys()], (f) => together.get(f) ?? 0, targets)) hits.cochange++;
    const priors = changePriors(history, c);
    if (firstFive(pool, (f) => priors[f], targets)) hits.prior++;
  }
  const shares = Object.fromEntries(SIGNALS.map((s) => [s, replays ? hits[s] / replays : 0])) as Record<Signal, number>;
  return { replays, shares };
}

export type LearnedWeights = Partial<LocateWeights>;

/** The weights a project's history earns (replay), or none where it is too short to say. */
export function learnWeights(commits: readonly CommitRecord[]): LearnedWeights {
  if (commits.length < MIN_HISTORY + MIN_REPLAYS) return {};
  const { replays, shares } = replay(commits);
  if (replays < MIN_REPLAYS) return {};
  const scale = (s: Signal) => Math.min(MAX_SCALE, Math.max(1 / MAX_SCALE, shares[s] / REFERENCE[s]));
  return {
    similar: DEFAULT_WEIGHTS.similar * scale('similar'),
    similarFile: DEFAULT_WEIGHTS.similarFile * scale('similar'),
    messages: DEFAULT_WEIGHTS.messages * scale('messages'),
    cochange: DEFAULT_WEIGHTS.cochange * scale('cochange'),
    prior: DEFAULT_WEIGHTS.prior * scale('prior'),
  };
}

/** Learned weights as stored (a file any process can write): numbers in range only, the rest the defaults. */
export function weightsFrom(learned: Record<string, number> | undefined): LocateWeights {
  const weights = { ...DEFAULT_WEIGHTS };
  for (const key of Object.keys(weights) as (keyof LocateWeights)[]) {
    const value = learned?.[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10) weights[key] = value;
  }
  return weights;
}
