import type { ChangedFile, CommitRecord } from './patchLog';

/**
 * Each commit's changed files under the path they have today: records are newest first, so a
 * rename seen maps the older path to the newer one for every older commit.
 */
export function forEachChange(records: readonly CommitRecord[], visit: (commit: number, path: string, file: ChangedFile) => void): void {
  const today = new Map<string, string>();
  records.forEach((record, c) => {
    for (const file of record.files) {
      const now = today.get(file.path) ?? file.path;
      if (file.from && file.from !== file.path) today.set(file.from, now);
      visit(c, now, file);
    }
  });
}

/** A change's weight halves every this many commits back: what changed years ago says less of where work goes now. */
export const HALF_LIFE_COMMITS = 500;

/** How much each file (today's path) has changed, recent changes counting most, on a scale where the most changed file is 1. */
export function fileChanges(records: readonly CommitRecord[]): Map<string, number> {
  const weights = new Map<string, number>();
  forEachChange(records, (c, path) => weights.set(path, (weights.get(path) ?? 0) + 0.5 ** (c / HALF_LIFE_COMMITS)));
  let top = 0;
  for (const w of weights.values()) top = Math.max(top, Math.log1p(w));
  for (const [path, w] of weights) weights.set(path, top > 0 ? Math.log1p(w) / top : 0);
  return weights;
}
