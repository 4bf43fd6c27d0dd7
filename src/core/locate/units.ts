import { Region } from '../map/types';
import { terms, wholes } from './words';

/**
 * The functions of one outlined file as locate weighs them against a question: for each, how
 * often each of the question's stems occurs in its name, its signature and the comment lines
 * just above it, and its body (a nested function's lines count for the function around it too),
 * and its length in stems. A file without functions is one unit, the file.
 */

/** Kinds that hold code a question can be about. */
export const CALLABLE = new Set(['function', 'method', 'macro', 'constructor']);

/** A comment line: what the lines just above a function say about it. */
const COMMENT = /^\s*(\/\/|\/\*|\*|#(?![[!])|--|"""|'''|\/\/\/)/;

export interface Unit {
  path: string;
  region: Region;
  /** Per question stem (by index): occurrences in the name, in the signature and doc comment, in the body. */
  name: Map<number, number>;
  head: Map<number, number>;
  body: Map<number, number>;
  /** The body's length in characters (what its stems' counts are normalized by). */
  length: number;
}

const count = (into: Map<number, number>, found: readonly number[]) => {
  for (const t of found) into.set(t, (into.get(t) ?? 0) + 1);
};

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A test for a line holding none of the stems at all: most lines of a file, which then need no splitting into words. */
export const stemProbe = (stems: Iterable<string>) => new RegExp([...stems].map(escape).join('|') || '(?!)', 'i');

/** The question's stems (by index) a text holds: its words' parts, and its identifiers whole (words/wholeOf). */
function stemsOf(text: string, index: ReadonlyMap<string, number>): number[] {
  const found: number[] = [];
  for (const t of terms(text)) if (index.has(t)) found.push(index.get(t) as number);
  for (const t of wholes(text)) if (index.has(t)) found.push(index.get(t) as number);
  return found;
}

export function unitsOf(
  filePath: string,
  text: string,
  regions: readonly Region[],
  index: ReadonlyMap<string, number>,
  probe = stemProbe(index.keys()),
): Unit[] {
  const lines = text.split('\n');
  const onLine: number[][] = [];
  const lengths = new Int32Array(lines.length + 1);
  lines.forEach((line, i) => {
    lengths[i + 1] = lengths[i] + line.trim().length;
    onLine.push(probe.test(line) ? stemsOf(line, index) : []);
  });
  const callables = regions.filter((r) => CALLABLE.has(r.kind));
  const chosen = callables.length ? callables : [{ start: 1, end: lines.length, kind: 'file', name: filePath.split('/').pop() ?? filePath, note: '' }];
  return chosen.map((region) => {
    const name = new Map<number, number>();
    const head = new Map<number, number>();
    const body = new Map<number, number>();
    count(name, stemsOf(region.name, index));
    const start = Math.max(1, region.start);
    const end = Math.min(lines.length, region.end);
    if (region.kind !== 'file') count(head, onLine[start - 1] ?? []);
    for (let line = start - 1; line >= Math.max(1, start - 6) && COMMENT.test(lines[line - 1]); line--) count(head, onLine[line - 1]);
    for (let line = start; line <= end; line++) count(body, onLine[line - 1]);
    return { path: filePath, region, name, head, body, length: lengths[end] - lengths[start - 1] };
  });
}
