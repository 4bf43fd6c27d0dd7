import { counted } from '../map/counts';
import { placedLines } from '../map/render';
import { NodeAtResult, OUTER_KEPT } from './chain';
import { MAX_SHOWN } from './bounds';
import { QueryResult } from './captures';

/** Tree-tool results as a model reads them: captures grouped under the regions that hold them; a node chain indented by depth. */

const span = (start: number, end: number) => (start === end ? `${start}` : `${start}-${end}`);

export function renderQuery(r: QueryResult): string {
  const count = `${r.total} capture${r.total === 1 ? '' : 's'}`;
  const more =
    r.captures.length >= MAX_SHOWN ? `narrow the query: no answer shows more than ${MAX_SHOWN}` : 'ask for fewer with a narrower query, or raise max';
  const shown = r.capped ? `; the first ${r.captures.length} are shown (${more})` : '';
  const stopped = r.timedOut ? ' The query ran out of time on this file: simplify it.' : '';
  const head = `${r.query} in ${r.path} (${r.language}): ${count}${shown}.${stopped}`;
  const lines = placedLines(
    r.captures.map((c) => ({ region: c.region, text: `${c.start.line}:${c.start.column} @${c.name} ${c.type}${c.text ? `  ${c.text}` : ''}` })),
  );
  return [head, ...lines].join('\n');
}

export function queryJson(r: QueryResult) {
  return {
    path: r.path,
    language: r.language,
    query: r.query,
    captures: r.captures.map(({ name, type, start, end, text }) => ({ name, type, start, end, text })),
    total: r.total,
    capped: r.capped,
    timedOut: r.timedOut,
  };
}

export function renderNodeAt(r: NodeAtResult): string {
  const head = `${r.path}:${r.line}:${r.column} (${r.language}), the syntax nodes holding it, outermost first:`;
  const lines = r.chain.map((n, depth) => `${'  '.repeat(Math.min(depth, 16))}${span(n.start, n.end)} ${n.type}${n.name ? ` ${n.name}` : ''}`);
  if (r.folded) lines.splice(OUTER_KEPT, 0, `${'  '.repeat(16)}[${counted(r.folded, 'node')} nested between these ${r.folded === 1 ? 'is' : 'are'} left out]`);
  return [head, ...lines].join('\n');
}
