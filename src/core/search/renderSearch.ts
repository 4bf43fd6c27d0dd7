import { counted } from '../map/counts';
import { placedLines } from '../map/render';
import { SearchHit, SearchResult } from './searchHits';

/**
 * A search result as a model reads it: one line saying what was searched and how much was found
 * (and, when not everything is shown, how to narrow it), then the hits grouped by file and by the
 * region that holds them: `2912-2990 method Server.ServeHTTP`, then `2931<TAB>line`.
 */

const what = (r: SearchResult) => (r.literal ? `"${r.pattern}"` : `/${r.pattern}/`);

function headline(r: SearchResult, files: number): string {
  const where = r.scope === '.' ? 'the project' : r.scope;
  const retried = r.retriedAsLiteral
    ? ` The regex ${r.regexError ? `did not compile (${r.regexError.split('\n').pop()})` : 'matched nothing'}, so it was searched as literal text.`
    : '';
  if (r.total === 0) {
    const stopped = r.timedOut ? ` The search stopped after ${r.timeoutMs / 1000} s, so this is not a proof of absence: narrow it with a path or a glob.` : '';
    return `No match for ${what(r)} in ${where}.${retried}${stopped}`;
  }
  const count = `${r.totalIsLowerBound ? 'more than ' : ''}${counted(r.total, 'match')}`;
  const shown = r.capped && !r.judged ? `; the first ${r.hits.length} are shown` : '';
  const stopped = r.timedOut ? ` The search stopped after ${r.timeoutMs / 1000} s: there may be more.` : '';
  const narrow = r.capped || r.timedOut ? ' Narrow it with a path, a glob or a stricter pattern.' : '';
  const judged = r.judged ? ` Shown: the ${r.hits.length} the judge ranked most likely to be what you look for, most likely first.` : '';
  return `${count} for ${what(r)} in ${where}${r.capped ? '' : `, in ${counted(files, 'file')}`}${shown}.${retried}${stopped}${judged}${narrow}`;
}

/** Hits grouped by file (a blank line, the path), each under the region that holds it: `2931<TAB>line`. */
export function hitLines(hits: readonly SearchHit[]): string[] {
  const files = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const list = files.get(hit.path);
    if (list) list.push(hit);
    else files.set(hit.path, [hit]);
  }
  const out: string[] = [];
  for (const [file, list] of files) out.push('', file, ...placedLines(list.map((hit) => ({ region: hit.region, text: `${hit.line}\t${hit.text}` }))));
  return out;
}

/** Where the hits the judge set aside are (`lib/a.js:12, 40; lib/b.js:7`), and how to see them. */
function setAsideLine(r: SearchResult): string[] {
  const aside = r.setAside ?? [];
  if (!aside.length) return [];
  const byFile = new Map<string, number[]>();
  for (const { path, line } of aside) byFile.set(path, [...(byFile.get(path) ?? []), line]);
  const places = [...byFile].map(([path, lines]) => `${path}:${lines.join(', ')}`).join('; ');
  return [
    '',
    `The judge set aside the other ${counted(aside.length, 'hit')} of the first ${aside.length + r.hits.length} found: ${places}. To see them with their lines, read those lines, or search a narrower path or glob (${counted(r.rerankedOver ?? 0, 'hit')} or fewer are shown as found).`,
  ];
}

export function renderSearch(result: SearchResult): string {
  const files = new Set(result.hits.map((hit) => hit.path)).size;
  return [headline(result, files), ...hitLines(result.hits), ...setAsideLine(result)].join('\n');
}

/** The JSON `skim search --json` prints. */
export function searchJson(result: SearchResult) {
  return {
    pattern: result.pattern,
    literal: result.literal,
    hits: result.hits.map(({ path, line, text, region }) => ({
      path,
      line,
      text,
      region: region ? { start: region.start, end: region.end, kind: region.kind, name: region.name } : null,
    })),
    total: result.total,
    capped: result.capped,
    timedOut: result.timedOut,
    ...(result.setAside ? { setAside: result.setAside } : {}),
  };
}
