import { HALF_LIFE_COMMITS } from '../history/changes';
import { CommitHistory, MAX_COMMIT_FILES } from './commitHistory';

/**
 * What a project's history says of a question, as scores locate adds to its words' (never a model
 * call): the functions and files past commits like the question changed (each commit's score
 * spread over what it changed), what changed together with the leading functions (co-change, as
 * ROSE mines it: of the commits that changed a leading function, the share that changed this one
 * too), and how often and how recently a function changed, a small prior.
 */

/** The past commits whose messages are most like the question that lend their changes a score. */
const SIMILAR_COMMITS = 30;
/** A commit's score is shared by what it changed: by the square root of how many, so that a wide change lends each part less. */
const SPREAD = 0.5;
/** Co-change counts only for a pair seen in at least this many commits. */
const MIN_SUPPORT = 2;

export interface SimilarScores {
  /** Per function id, its share of the similar commits' scores, the best 1. */
  functions: Map<number, number>;
  /** Per today's path, the same for files. */
  files: Map<string, number>;
  /** How many commits lent scores, and the best one's BM25. */
  commits: number;
}

const normalized = <K>(scores: Map<K, number>) => {
  let top = 0;
  for (const v of scores.values()) top = Math.max(top, v);
  if (top > 0) for (const [k, v] of scores) scores.set(k, v / top);
  return scores;
};

/** The functions and files the commits most like the question changed. */
export function similarScores(history: CommitHistory, stems: readonly string[], after = -1): SimilarScores {
  const functions = new Map<number, number>();
  const fileScores = new Map<number, number>();
  const similar = history.similar(stems, SIMILAR_COMMITS, after);
  for (const { commit, score } of similar) {
    const changed = history.functionsOf[commit];
    const files = history.filesOf[commit];
    if (files.length > MAX_COMMIT_FILES) continue;
    for (const f of changed) functions.set(f, (functions.get(f) ?? 0) + score / Math.max(1, changed.length) ** SPREAD);
    for (const f of files) fileScores.set(f, (fileScores.get(f) ?? 0) + score / Math.max(1, files.length) ** SPREAD);
  }
  const files = new Map([...normalized(fileScores)].map(([f, s]) => [history.paths[f], s]));
  return { functions: normalized(functions), files, commits: similar.length };
}

/**
 * Of the commits that changed the seeds, per other function, the best share that changed it too
 * (ROSE's confidence), where the pair changed together at least MIN_SUPPORT times.
 */
export function coChanged(history: CommitHistory, seeds: readonly number[], after = -1): Map<number, number> {
  const confidence = new Map<number, number>();
  for (const seed of seeds) {
    const commits = history.commitsOfFunction[seed].filter((c) => c > after && history.filesOf[c].length <= MAX_COMMIT_FILES);
    if (commits.length < MIN_SUPPORT) continue;
    const together = new Map<number, number>();
    for (const c of commits) for (const f of history.functionsOf[c]) if (f !== seed) together.set(f, (together.get(f) ?? 0) + 1);
    for (const [f, n] of together) if (n >= MIN_SUPPORT) confidence.set(f, Math.max(confidence.get(f) ?? 0, n / commits.length));
  }
  return confidence;
}

/** How much a function has changed (before commit `after`, where given), recent changes counting most, on a scale where the most changed function is 1. */
export function changePriors(history: CommitHistory, after = -1): Float64Array {
  const weight = history.commitsOfFunction.map((commits) =>
    commits.reduce((sum, c) => (c > after ? sum + 0.5 ** ((c - after - 1) / HALF_LIFE_COMMITS) : sum), 0),
  );
  const logs = Float64Array.from(weight, (w) => Math.log1p(w));
  const top = logs.reduce((a, b) => Math.max(a, b), 0);
  return top > 0 ? logs.map((w) => w / top) : logs;
}

/** The most recent commits of a function whose messages make its history's words. */
const MESSAGES_PER_FUNCTION = 40;

/**
 * BM25 of the question against each function's history: the messages of the commits that changed
 * it, taken as one more text of the function (what its changes were said to be about), normalized
 * to the best of `ids`.
 */
export function messageScores(history: CommitHistory, stems: readonly string[], ids: readonly (number | undefined)[], after = -1): Float64Array {
  const n = history.size;
  const unique = [...new Set(stems)];
  const idf = unique.map((t) => {
    const holding = history.holding(t);
    return holding ? Math.log(1 + (n - holding + 0.5) / (holding + 0.5)) : 0;
  });
  const docs = ids.map((id) => (id === undefined ? [] : history.commitsOfFunction[id].filter((c) => c > after).slice(0, MESSAGES_PER_FUNCTION)));
  const lengths = docs.map((commits) => commits.reduce((sum, c) => sum + history.termsOf[c].size, 0));
  const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.filter((l) => l > 0).length) || 1;
  const scores = new Float64Array(ids.length);
  docs.forEach((commits, i) => {
    if (!commits.length) return;
    let score = 0;
    unique.forEach((t, k) => {
      if (!idf[k]) return;
      let tf = 0;
      for (const c of commits) tf += history.termsOf[c].get(t) ?? 0;
      if (tf) score += (idf[k] * tf * (1.2 + 1)) / (tf + 1.2 * (0.25 + (0.75 * lengths[i]) / average));
    });
    scores[i] = score;
  });
  const top = scores.reduce((a, b) => Math.max(a, b), 0);
  return top > 0 ? scores.map((s) => s / top) : scores;
}
