import { counted } from '../map/counts';
import { regionLine } from '../map/render';
import { Region } from '../map/types';
import { Reuse, Span } from './decide';

/**
 * The note that stands for lines a read showed again: which lines are unchanged since which read
 * (and, where the file changed around them, which lines they were then), and which lines are shown
 * in full, each placed in the region of the file's map that holds it. Built from the decision, the
 * map's screened regions and numbers alone: no text of the file, no name of it.
 */

export interface NoteInput {
  reused: readonly Reuse[];
  fresh: readonly Span[];
  changed: boolean;
  /** The read this note answers, counted in the context as `Reuse.read` is. */
  read: number;
  /** How the lines shown in full reach the model: after the note in one text, or as the result's own numbered lines. */
  freshAs: 'follow' | 'result';
  /** The innermost regions of the file's map (as now) that hold a span, for a changed file; none: not placed. */
  regionsOf?: (span: Span) => readonly Region[];
}

const linesOf = (span: Span) => (span.start === span.end ? `${span.start}` : `${span.start}-${span.end}`);
const ago = (reads: number) => `${counted(reads, 'read')} ago`;

/** `1-40, 44-203 and 210-220`. */
function list(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const lineWord = (spans: readonly Span[]) => (spans.length === 1 && spans[0].start === spans[0].end ? 'Line' : 'Lines');

function unchanged(input: NoteInput): string {
  const { reused, read } = input;
  const sameRead = reused.every((r) => r.read === reused[0].read);
  const spans = reused.map((r) => (sameRead ? linesOf(r) : `${linesOf(r)} (${ago(read - r.read)})`));
  const moved = reused.filter((r) => r.was !== r.start).map((r) => `${linesOf(r)} were ${linesOf({ start: r.was, end: r.was + r.end - r.start })}`);
  const when = sameRead ? ` ${ago(read - reused[0].read)}` : '';
  const then = moved.length ? ` (${list(moved)} when you read them)` : '';
  const verb = reused.length === 1 && reused[0].start === reused[0].end ? 'is' : 'are';
  return `${lineWord(reused)} ${list(spans)} ${verb} unchanged since you read them${when}${then}; they are above, in that result.`;
}

function fresh(input: NoteInput): string {
  if (!input.fresh.length) return '';
  const place = (span: Span) => {
    const regions = input.regionsOf?.(span) ?? [];
    return regions.length ? `${linesOf(span)} (in ${list(regions.map(regionLine))})` : linesOf(span);
  };
  const what = input.changed ? 'new or changed' : 'not in what you read before';
  const where = input.freshAs === 'follow' ? 'they follow' : 'they are the lines of this result';
  return ` ${lineWord(input.fresh)} ${list(input.fresh.map(place))}: ${what}; ${where}.`;
}

export function ledgerNote(input: NoteInput): string {
  const change = input.changed ? 'This file changed since you read it. ' : '';
  return `[skim] ${change}${unchanged(input)}${fresh(input)}`;
}
