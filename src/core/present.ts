import { regionLabel, renderMap } from './map/render';
import { MapEntry } from './map/types';
import { FoundSymbol } from './symbols';
import { GuardedRead } from './guard/guard';

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

/** Declarations found by name, each with its coordinates and its numbered lines. */
export function renderFoundSymbols(path: string, name: string, found: readonly FoundSymbol[], outline: MapEntry): string {
  if (found.length === 0) {
    return `No declaration named "${name}" in ${path}. The declarations it has:\n\n${renderMap(outline)}`;
  }
  return found
    .map(({ region, lines, truncated }) => {
      const head = `${regionLabel(region)}: lines ${region.start}-${region.end} of ${path}`;
      const more = truncated ? `\n[skim] Only the first ${lines.length} lines are shown; read from line ${region.start + lines.length} for the rest.` : '';
      return `${head}\n${numberedLines({ start: region.start, lines })}${more}`;
    })
    .join('\n\n');
}
