/**
 * Which lines of an earlier version of a file are the same lines in the version now, from the
 * lines' hashes alone: lines that occur exactly once on each side anchor the match (the longest
 * chain of them in the same order on both sides), and each anchor reaches out to its equal
 * neighbours on both sides. Linear in the lines, however far the file grew; a line is matched only
 * in order, so a block moved against the rest counts as changed (a full read of it, never a wrong
 * note). The earlier side may have gaps (lines the model was never shown): `before` gives each
 * line's number, and a match never reaches across a gap.
 */

/** Index pairs (before, now), increasing on both sides. */
export type Pairs = [number, number][];

/** Positions of the longest increasing subsequence of `values` (patience sorting). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]] < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1];
    tails[low] = i;
  });
  const chain: number[] = [];
  for (let i = tails.at(-1) ?? -1; i !== -1; i = previous[i]) chain.push(i);
  return chain.reverse();
}

function counts(hashes: readonly string[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const hash of hashes) seen.set(hash, (seen.get(hash) ?? 0) + 1);
  return seen;
}

/**
 * The pairs of equal lines, `before[i]` with `now[j]`. `beforeLines[i]` is the line number of
 * `before[i]` (a match extends only to the next line, never across a gap in the numbers).
 */
export function alignLines(before: readonly string[], beforeLines: readonly number[], now: readonly string[]): Pairs {
  const inBefore = counts(before);
  const inNow = counts(now);
  const nowAt = new Map<string, number>();
  now.forEach((hash, j) => {
    if (inNow.get(hash) === 1) nowAt.set(hash, j);
  });
  const candidates: Pairs = [];
  before.forEach((hash, i) => {
    const j = nowAt.get(hash);
    if (j !== undefined && inBefore.get(hash) === 1) candidates.push([i, j]);
  });
  const anchors = longestIncreasing(candidates.map(([, j]) => j)).map((k) => candidates[k]);
  const next = (i: number) => i + 1 < before.length && beforeLines[i + 1] === beforeLines[i] + 1;
  const pairs: Pairs = [];
  let doneI = -1;
  let doneJ = -1;
  anchors.forEach(([ai, aj], k) => {
    const back: Pairs = [];
    for (let i = ai, j = aj; i - 1 > doneI && j - 1 > doneJ && next(i - 1) && before[i - 1] === now[j - 1]; i--, j--) back.push([i - 1, j - 1]);
    pairs.push(...back.reverse(), [ai, aj]);
    const [limitI, limitJ] = anchors[k + 1] ?? [before.length, now.length];
    let [i, j] = [ai, aj];
    while (i + 1 < limitI && j + 1 < limitJ && next(i) && before[i + 1] === now[j + 1]) pairs.push([++i, ++j]);
    [doneI, doneJ] = [i, j];
  });
  return pairs;
}
