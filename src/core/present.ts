import { regionLabel, renderMap } from './map/render';
import { MapEntry } from './map/types';
import { FoundSymbol } from './symbols';
import { GuardedRead } from './guard/guard';

/** Lines as `cat -n` numbers them (number, tab, line), the form agents already read. */
export function numberedLines(read: Pick<GuardedRead, 'start' | 'lines'>): string {
  return read.lines.map((line, i) => `${read.start + i}\t${line}`).join('\n');
}

/** The fewest characters a capped read's map is given, however small the read: a header and the top of the map. */
const MIN_MAP_CHARS = 1_500;

/**
 * How many characters a read's map may take: a shortened read never costs much more than the
 * read asked, so its map fits in half again the characters of the lines asked for, less those
 * shown (estimated from the lines shown). A read of the whole file gets the whole map (undefined).
 */
export function mapBudget(read: GuardedRead): number | undefined {
  if (!read.capped || read.askedEnd === undefined || (read.start === 1 && read.askedEnd >= (read.total ?? Infinity))) return undefined;
  const shownLines = read.end - read.start + 1;
  const shownChars = read.lines.reduce((sum, line) => sum + line.length + 1, 0);
  const askedChars = (shownChars / Math.max(1, shownLines)) * (read.askedEnd - read.start + 1);
  return Math.max(MIN_MAP_CHARS, Math.floor(1.5 * askedChars - shownChars));
}

/**
 * A guarded read as one text for a model: the notice first, the lines, then the map (or the
 * prose-only summary), folded to the read's budget and saying how to get it whole (`wholeMap`).
 */
export function renderRead(read: GuardedRead, wholeMap?: string): string {
  const parts: string[] = [];
  if (read.notice) parts.push(read.notice);
  parts.push(numberedLines(read));
  if (read.entry) parts.push(renderMap(read.entry, { maxChars: mapBudget(read), wholeMap }));
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
