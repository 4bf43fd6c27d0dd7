import { GuardedRead } from './guard';

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
