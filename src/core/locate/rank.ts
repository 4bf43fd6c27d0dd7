import { Question } from './question';
import { Unit } from './units';
import { terms } from './words';

/**
 * Locate's ranking, BM25F-like: each stem of the question weighs by how few of the tree's files
 * and how few of the functions outlined hold it (the mean of the two inverse document
 * frequencies: a word in every function of the files reached tells none of them apart), and
 * counts most in a function's name, then in its signature, doc comment and path, then in its body
 * (long bodies normalized); a function the question names outright (`parse_header`,
 * `Bytes::slice`) is lifted above the rest; the files the words reach most lend their functions a
 * share; tests, examples and docs count less unless the question is about them. That score is
 * fused with plain BM25 over each function's whole text (name, signature, path and body alike,
 * weighed by the functions outlined only), which lifts a short function whose every line is
 * about the question.
 */

const K1 = 1.2;
const BODY_B = 0.6;
const NAME_WEIGHT = 3;
const HEAD_WEIGHT = 1.5;
const PATH_WEIGHT = 1;
/** How much a function the question names outright gains, in units of the question's mean stem weight. */
const NAMED_BONUS = 3;
/** The share of the file's own standing (how much of the question its text holds) a function gains. */
const FILE_SHARE = 0.35;
const ASIDE_FACTOR = 0.2;
/** Plain BM25's share in the fused score, both scaled to their best function's. */
const PLAIN_SHARE = 0.25;
const PLAIN_B = 0.75;
/** The share of a stem's weight that comes from the functions outlined, the rest from the tree's files. */
const UNIT_IDF_SHARE = 0.5;

/** Paths of tests, examples, benchmarks and docs: what a question is seldom about. */
export const ASIDE =
  /(^|\/)(tests?|testing|testsuite|spec|specs|__tests__|testdata|docs?|examples?|benches|bench|benchmarks?|fixtures|samples?)\/|_test\.|\.test\.|\.spec\.|(^|\/)test_|(^|\/)tests?\.\w+$|_spec\.rb$|Tests?\.java$/i;
/** A question that opens on tests, docs or examples (`test: …`, `Tests for …`) is about them; one that only mentions a failing test is about the code. */
const ABOUT_ASIDE = /^\W*(tests?|testing|specs?|examples?|docs?|documentation|benchmarks?)\b/i;

/** A stem's weight from the files that hold it (BM25's, never below a small positive floor). */
export const idf = (files: number, holding: number) => Math.max(0.05, Math.log(1 + (files - holding + 0.5) / (holding + 0.5)));

export interface Scored {
  unit: Unit;
  score: number;
  /** The question's words it matched, as the question wrote them. */
  matched: string[];
  /** What the score is made of (locate/withHistory): the words', and each signal's share before its weight. */
  signals?: Signals;
}

export interface Signals {
  words: number;
  namedFile: number;
  similar: number;
  cochange: number;
  prior: number;
  messages: number;
}

export interface FileStanding {
  /** Per file, how much of the question its text and path hold (BM25 over files). */
  score: Map<string, number>;
}

/** The path's stems, by the question's stem index. */
export function pathTerms(filePath: string, index: ReadonlyMap<string, number>): number[] {
  return terms(filePath.replace(/\.[^./]+$/, '')).flatMap((t) => (index.has(t) ? [index.get(t) as number] : []));
}

export function fileScores(
  counts: ReadonlyMap<string, ReadonlyMap<number, number>>,
  paths: Iterable<string>,
  weights: readonly number[],
  index: ReadonlyMap<string, number>,
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const file of new Set([...counts.keys(), ...paths])) {
    let score = 0;
    for (const [t, n] of counts.get(file) ?? []) score += weights[t] * ((n * (K1 + 1)) / (n + K1));
    for (const t of new Set(pathTerms(file, index))) score += 2 * weights[t];
    if (score > 0) scores.set(file, score);
  }
  return scores;
}

export function rankUnits(
  question: Question,
  units: readonly Unit[],
  weights: readonly number[],
  files: ReadonlyMap<string, number>,
  index: ReadonlyMap<string, number>,
): Scored[] {
  const holding = weights.map(() => 0);
  for (const unit of units) for (const t of new Set([...unit.name.keys(), ...unit.head.keys(), ...unit.body.keys()])) holding[t]++;
  const unitWeights = holding.map((n) => idf(units.length, n));
  const blended = weights.map((w, t) => (1 - UNIT_IDF_SHARE) * w + UNIT_IDF_SHARE * unitWeights[t]);
  const meanWeight = weights.reduce((a, b) => a + b, 0) / Math.max(1, weights.length);
  const averageLength = units.reduce((a, u) => a + u.length, 0) / Math.max(1, units.length) || 1;
  const topFile = Math.max(1e-9, ...files.values());
  const aboutAside = ABOUT_ASIDE.test(question.text);
  const stems = question.terms;
  const pathCache = new Map<string, number[]>();
  const scored = units
    .map((unit) => {
      let paths = pathCache.get(unit.path);
      if (!paths) pathCache.set(unit.path, (paths = pathTerms(unit.path, index)));
      const norm = 1 - BODY_B + (BODY_B * unit.length) / averageLength;
      let score = 0;
      let plain = 0;
      const matched: string[] = [];
      stems.forEach((_, t) => {
        const tf =
          NAME_WEIGHT * (unit.name.get(t) ?? 0) +
          HEAD_WEIGHT * (unit.head.get(t) ?? 0) +
          PATH_WEIGHT * (paths.includes(t) ? 1 : 0) +
          (unit.body.get(t) ?? 0) / norm;
        if (tf <= 0) return;
        score += (blended[t] * tf * (K1 + 1)) / (tf + K1);
        const whole = (unit.name.get(t) ?? 0) + (unit.head.get(t) ?? 0) + (paths.includes(t) ? 1 : 0) + (unit.body.get(t) ?? 0);
        plain += (unitWeights[t] * whole * (K1 + 1)) / (whole + K1 * (1 - PLAIN_B + (PLAIN_B * unit.length) / averageLength));
        matched.push(question.words.get(stems[t]) ?? stems[t]);
      });
      const own = unit.region.name.split(/\.|::|#|\s/).map((p) => p.replace(/\(.*$/, '').toLowerCase());
      const named = own.filter((p) => p.length >= 3 && question.identifiers.has(p)).length;
      if (named) score += NAMED_BONUS * meanWeight * (own.at(-1) && question.identifiers.has(own.at(-1) as string) ? 1 : 0.5) * Math.min(2, named);
      score += FILE_SHARE * meanWeight * ((files.get(unit.path) ?? 0) / topFile) * Math.min(4, stems.length);
      const factor = !aboutAside && ASIDE.test(unit.path) ? ASIDE_FACTOR : 1;
      return { unit, score: score * factor, plain: plain * factor, matched };
    })
    .filter((s) => s.score > 0);
  const topScore = scored.reduce((top, s) => Math.max(top, s.score), 1e-9);
  const topPlain = scored.reduce((top, s) => Math.max(top, s.plain), 1e-9);
  return scored
    .map(({ unit, score, plain, matched }) => ({ unit, score: score / topScore + (PLAIN_SHARE * plain) / topPlain, matched }))
    .sort((a, b) => b.score - a.score || (a.unit.path < b.unit.path ? -1 : a.unit.path > b.unit.path ? 1 : a.unit.region.start - b.unit.region.start));
}
