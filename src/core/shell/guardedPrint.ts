import { cappedNotice, fallbackNotice, fewerLinesNotice, noMapNotice } from '../guard/notice';
import { MAP_BYTE_WEIGHT, mapBudgetOf, MIN_MAP_CHARS } from '../guard/mapBudget';
import { renderMap } from '../map/render';
import { MapEntry } from '../map/types';
import { addSizes, cutWords, fits, OutputCut, OutputSize, shownOf, shownWhole, sizeOf } from './outputCut';
import { FileLines, printLines, unprintable } from './printed';
import { LineSpan, linesOf, PrintFormat } from './read';

/** What a guarded print of a file's lines needs once its bytes are in hand. */
export interface GuardedPrintInput {
  file: FileLines;
  /** How the notice names the file (its project key, screened). */
  name: string;
  span: LineSpan;
  format: PrintFormat;
  /** Whether the guard shortens this file at all (a source file by its name: not prose, generated or extensionless). */
  guarded: boolean;
  lineLimit: number;
  /** What the host shows of the output: the guarded print never takes more than the host shows of the command's own. */
  cut?: OutputCut;
  /** The file's map (screened), needed only by a print over the limit; without one, `unmapped` says why. */
  entry?: MapEntry;
  unmapped?: string;
  /** Why the structural outline stands in for the model's map. */
  fallback?: string;
  /** How the reader gets the whole map when the one shown is folded. */
  wholeMap?: string;
}

/**
 * - untouched: printed as the command prints it (the limit not passed, not a guarded file, or no saving within the host's cut);
 * - capped: the notice, the first lines from the start that fit, the map;
 * - unmapped: over the limit with no map: printed as the command prints it, `reason` saying why it was not shortened;
 * - unprintable: Skim cannot print these lines exactly as the command would (`reason`): the command itself must run.
 */
export type Printed =
  | { outcome: 'untouched' | 'capped' | 'unmapped'; output: Buffer; first: number; last: number; total: number; askedLast: number; reason?: string }
  | { outcome: 'unprintable'; reason: string };

/** The lines a print asks for within the file, and whether they are more than the limit: what decides if a map is needed. */
export function askedLines(file: FileLines, span: LineSpan, lineLimit: number): { first: number; last: number; over: boolean } {
  const { first, last } = linesOf(span, file.starts.length);
  return { first, last, over: last - first + 1 > lineLimit };
}

const text = (s: string) => Buffer.from(s, 'utf8');

/** A map's size as it counts against the host's cut: its characters and bytes by MAP_BYTE_WEIGHT, so it fits in tokens too. */
const weighted = (size: OutputSize): OutputSize => ({ lines: size.lines, chars: size.chars * MAP_BYTE_WEIGHT, bytes: size.bytes * MAP_BYTE_WEIGHT });

/**
 * A read through the shell, guarded: exactly what the command prints when the read is within the
 * limit; past it, the notice, the lines from the read's start (as many as the limit, and as the
 * host's cut leaves room for beside the map) in the command's own format, and the map folded to
 * the room left. The output never takes more than the host shows of the command's own output, in
 * bytes and characters, and (each of the map's counted as MAP_BYTE_WEIGHT) in tokens.
 */
export function guardedPrint(input: GuardedPrintInput): Printed {
  const { file, format, lineLimit } = input;
  const total = file.starts.length;
  const { first, last, over } = askedLines(file, input.span, lineLimit);
  const why = unprintable(file, first, last, format);
  if (why) return { outcome: 'unprintable', reason: why };
  const original = printLines(file, first, last, format);
  const untouched = { outcome: 'untouched' as const, output: original, first, last, total, askedLast: last };
  if (!input.guarded || !over) return untouched;
  // Without a map the read goes ahead as the command prints it; why is for whoever runs Skim's command (the hook's discards it).
  if (!input.entry) return { ...untouched, outcome: 'unmapped', reason: noMapNotice(input.name, input.unmapped ?? 'no reason was given') };
  const room = shownOf(sizeOf(original), input.cut);
  const entry = input.entry;
  const lines = Array.from({ length: lineLimit }, (_, i) => printLines(file, first + i, first + i, format));
  const sizes = lines.map((line) => sizeOf(line));
  const shownChars = (k: number) => sizes.slice(0, k).reduce((sum, s) => sum + s.chars, 0);
  const notice = (k: number) =>
    cappedNotice(input.name, first, first + k - 1, total, last, lineLimit) +
    (k < lineLimit && input.cut ? ` ${fewerLinesNotice(k, lineLimit, cutWords(input.cut))}` : '') +
    (input.fallback ? `\n${fallbackNotice(input.fallback)}` : '');
  const budget = (k: number) => mapBudgetOf({ start: first, end: first + k - 1, askedEnd: last, total, shownChars: shownChars(k) }) ?? Infinity;
  const map = (maxChars: number) => renderMap(entry, { maxChars, wholeMap: input.wholeMap });
  // The map is given at least its smallest useful size: fewer lines are shown before the map is cut below it.
  const reserveChars = Math.min(MIN_MAP_CHARS, budget(lineLimit));
  const reserve = sizeOf(map(reserveChars));
  // Notice and its newline, the lines, a blank line before the map and a newline after it.
  const used = (k: number) => [sizeOf(`${notice(k)}\n`), ...sizes.slice(0, k), sizeOf('\n\n')].reduce(addSizes);
  let shown = lineLimit;
  while (shown > 0 && !fits(addSizes(used(shown), weighted(reserve)), room)) shown--;
  // Within the host's cut the whole read costs no more than a shortened one: it goes ahead as asked.
  if (shown === 0 || (shown < lineLimit && shownWhole(sizeOf(original), input.cut))) return untouched;
  const left = used(shown);
  const mapRoom: OutputSize = {
    lines: room.lines - left.lines,
    chars: (room.chars - left.chars) / MAP_BYTE_WEIGHT,
    bytes: (room.bytes - left.bytes) / MAP_BYTE_WEIGHT,
  };
  let maxChars = Math.max(reserveChars, Math.min(mapRoom.chars, mapRoom.bytes, budget(shown)));
  let drawn = map(maxChars);
  // Characters are not bytes or lines: the map is drawn smaller until it fits them all (at the reserve, it does).
  while (!fits(sizeOf(drawn), mapRoom) && maxChars > reserveChars) {
    maxChars = Math.max(reserveChars, maxChars - Math.max(16, sizeOf(drawn).bytes - mapRoom.bytes));
    drawn = map(maxChars);
  }
  const output = Buffer.concat([text(`${notice(shown)}\n`), ...lines.slice(0, shown), text(`\n${drawn}\n`)]);
  return { outcome: 'capped', output, first, last: first + shown - 1, total, askedLast: last };
}
