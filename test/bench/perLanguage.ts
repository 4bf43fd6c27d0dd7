/**
 * Per language and set, the maps outside the corpus against the targets: recall ≥ 95% with
 * no file under 85%, the whole map's tokens at most the bare listing's (median), the guarded flow's
 * reach at least the listing's; with a second reference, what either finds and what only it finds.
 */
import * as path from 'node:path';
import { CORPUS_DIR } from '../support/corpus';
import { FileResult, median, SECOND_NAMES } from './corpus';
import { LanguageRow } from './results';

const ROOT = path.resolve(__dirname, '../../..');

/** A file as the table names it: under node_modules, the test corpus (its version left out) or the vendored fixtures by its package path, else absolute. */
export const fileLabel = (file: string) =>
  file.startsWith(path.join(ROOT, 'node_modules') + path.sep)
    ? path.relative(path.join(ROOT, 'node_modules'), file)
    : file.startsWith(CORPUS_DIR + path.sep)
      ? path.relative(CORPUS_DIR, file).replace(/^((?:@[^/]+\/)?[^/@]+)@[^/]+/, '$1')
      : file.startsWith(ROOT + path.sep)
        ? path.relative(ROOT, file)
        : file;

export function languageRows(results: FileResult[]): LanguageRow[] {
  const rows: LanguageRow[] = [];
  for (const set of ['tuning', 'held-out']) {
    for (const language of [...new Set(results.map((r) => r.language))]) {
      const files = results.filter((r) => r.language === language && r.set === set);
      if (!files.length) continue;
      rows.push(rowOf(language, set, files));
    }
  }
  return rows;
}

function rowOf(language: string, set: string, files: FileResult[]): LanguageRow {
  const tags = files.reduce((sum, r) => sum + r.tags, 0);
  const recall = files.reduce((sum, r) => sum + r.recall * r.tags, 0) / Math.max(1, tags);
  const worst = files.reduce((a, b) => (b.recall < a.recall ? b : a));
  const density = median(files.map((r) => r.mapTokens / r.listingTokens));
  const reached = files.filter((r) => r.wholeOverSkim !== undefined);
  const of = (pick: (r: FileResult) => number | undefined) => median(reached.map((r) => pick(r) as number));
  const guarded = reached.length ? of((r) => r.wholeOverSkim) / of((r) => r.wholeOverCtags) : undefined;
  const mapFirst = reached.length ? of((r) => r.wholeOverSkimFirst) / of((r) => r.wholeOverCtagsFirst) : undefined;
  const withSecond = files.filter((r) => r.second);
  let second: LanguageRow['second'];
  if (withSecond.length) {
    const only = withSecond.flatMap((r) => r.second!.onlySecond);
    const either = withSecond.reduce((sum, r) => sum + r.second!.either, 0);
    // Counted in a Map: a shape named `constructor` would find Object's own on a plain object.
    const counts = new Map<string, number>();
    for (const o of only) counts.set(o.shape, (counts.get(o.shape) ?? 0) + 1);
    const shapes = Object.fromEntries(counts);
    second = {
      reference: SECOND_NAMES[withSecond[0].second!.reference],
      either,
      recall: withSecond.reduce((sum, r) => sum + r.second!.eitherLocated, 0) / Math.max(1, either),
      onlySecond: only.length,
      onlySecondLocated: only.filter((o) => o.located).length,
      shapes,
    };
  }
  return {
    language,
    set,
    reference: files[0].reference,
    files: files.length,
    tags,
    recall,
    worstRecall: worst.recall,
    worstFile: fileLabel(worst.file),
    density,
    densityWithoutNotes: median(files.map((r) => r.mapTokensWithoutNotes / r.listingTokens)),
    densityWithoutEnds: median(files.map((r) => r.mapTokensWithoutEnds / r.listingTokens)),
    guarded,
    mapFirst,
    ok: { recall: recall >= 0.95, worst: worst.recall >= 0.85, density: density <= 1, guarded: guarded === undefined || guarded >= 1 },
    second,
  };
}
