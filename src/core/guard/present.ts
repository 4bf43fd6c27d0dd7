import { renderMap } from '../map/render';
import { GuardedRead } from './guard';

/** Lines as `cat -n` numbers them (number, tab, line), the form agents already read. */
export function numberedLines(read: Pick<GuardedRead, 'start' | 'lines'>): string {
  return read.lines.map((line, i) => `${read.start + i}\t${line}`).join('\n');
}

/** A guarded read as one text for a model: the notice first, the lines, then the whole map (or the prose-only summary). */
export function renderRead(read: GuardedRead): string {
  const parts: string[] = [];
  if (read.notice) parts.push(read.notice);
  parts.push(numberedLines(read));
  if (read.entry) parts.push(renderMap(read.entry));
  return parts.filter((p) => p !== '').join('\n\n');
}
