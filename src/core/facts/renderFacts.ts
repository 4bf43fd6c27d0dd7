import { hitLines } from '../search/renderSearch';
import { FactsResult } from './facts';

/** What the fallback's locations are, by op: text and outlines, never a resolution. */
const FALLBACK_ANSWERS: Record<FactsResult['op'], string> = {
  definition: 'declarations of that name',
  implementations: 'declarations of that name',
  type: 'declarations of that name',
  references: 'text matches of the name',
  callers: 'calls of the name in code',
};

/** A language-server answer as a model reads it: what was asked, where the answer came from, then the locations by file and region. */
export function renderFacts(r: FactsResult): string {
  const where = r.foundLine !== undefined && r.foundLine !== r.line ? ` (found on line ${r.foundLine}, not ${r.line})` : '';
  const source =
    r.source === 'language server'
      ? 'from the language server'
      : `from outlines and search, not a language server (${r.reason}): ${FALLBACK_ANSWERS[r.op]}, unresolved`;
  const count = `${r.total} location${r.total === 1 ? '' : 's'}${r.total > r.locations.length ? `; the first ${r.locations.length} are shown` : ''}`;
  const head = `${r.op} of ${r.symbol} at ${r.path}:${r.foundLine ?? r.line}${where}, ${source}: ${count}.`;
  const hover = r.hover ? ['', r.hover] : [];
  return [head, ...hover, ...hitLines(r.locations)].join('\n');
}
