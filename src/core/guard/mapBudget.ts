import { GuardedRead } from './guard';

/** The fewest characters a capped read's map is given, however small the read: a header and the top of the map. */
export const MIN_MAP_CHARS = 1_500;

/** A capped read as its map's budget sees it: the lines shown (start..end, `shownChars` of them), the last asked for, the file's count. */
export interface ShownSpan {
  start: number;
  end: number;
  askedEnd: number;
  total: number | null;
  shownChars: number;
}

/**
 * How many characters a read's map may take: a shortened read never costs much more than the
 * read asked, so its map fits in half again the characters of the lines asked for, less those
 * shown (estimated from the lines shown). A read of the whole file gets the whole map (undefined).
 */
export function mapBudgetOf(span: ShownSpan): number | undefined {
  if (span.start === 1 && span.askedEnd >= (span.total ?? Infinity)) return undefined;
  const shownLines = span.end - span.start + 1;
  const askedChars = (span.shownChars / Math.max(1, shownLines)) * (span.askedEnd - span.start + 1);
  return Math.max(MIN_MAP_CHARS, Math.floor(1.5 * askedChars - span.shownChars));
}

/** mapBudgetOf for a guarded read: undefined (the whole map) unless it was capped. */
export function mapBudget(read: GuardedRead): number | undefined {
  if (!read.capped || read.askedEnd === undefined) return undefined;
  const shownChars = read.lines.reduce((sum, line) => sum + line.length + 1, 0);
  return mapBudgetOf({ start: read.start, end: read.end, askedEnd: read.askedEnd, total: read.total, shownChars });
}
