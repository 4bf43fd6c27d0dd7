import { clipWhole } from './clip';
import { cleanText } from './controls';
import { MapEntry, MapStatus, Region } from './types';

/** Size caps applied on the way into storage, so one runaway field cannot crowd the map out. */
export const FIELD_CAPS = { prose: 1200, kind: 24, name: 120, note: 240 } as const;

/** A region as a model or parser may hand it over: any field may be off. */
export interface RawRegion {
  start: unknown;
  end: unknown;
  kind?: unknown;
  name?: unknown;
  note?: unknown;
}

/**
 * Text cut to `max` characters where it reads whole (map/clip: between words, no dangling comma or
 * open bracket), with an ellipsis when anything was cut; only the ellipsis where no word fits.
 */
export const clipAtWord = (text: string, max: number): string => clipWhole(text, max) ?? '…';

/** Whatever a producer wrote in a one-line field, as clean text on one line. */
function oneLine(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return cleanText(text).replace(/\s+/g, ' ').trim();
}

export function capText(value: unknown, max: number): string {
  const flat = oneLine(value);
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** A note: one line, cut between words. */
export const capNote = (value: unknown): string => clipAtWord(oneLine(value), FIELD_CAPS.note);

export function capProse(value: unknown): string {
  const text = typeof value === 'string' ? cleanText(value).trim() : '';
  return clipAtWord(text, FIELD_CAPS.prose);
}

function toLine(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** The items of an untrusted list that can be regions at all: objects with a start. */
export function rawRegions(items: readonly unknown[]): RawRegion[] {
  return items.filter((r): r is RawRegion => !!r && typeof r === 'object' && 'start' in r);
}

/** Parents first: earlier start, and for equal starts the longer range. */
export function compareRegions(a: Region, b: Region): number {
  return a.start - b.start || b.end - a.end;
}

/**
 * Turns whatever arithmetic a producer wrote into a well-formed map for a file of `lines` lines:
 * ranges clamped to the file, reversed ranges collapsed to their start line, exact duplicates
 * dropped, and a range that partly overlaps an earlier one trimmed to begin after it.
 * Full containment is nesting and is kept.
 */
export function normalizeRegions(raw: readonly RawRegion[], lines: number): Region[] {
  const clamped: Region[] = [];
  for (const r of raw) {
    let start = toLine(r.start);
    let end = toLine(r.end);
    if (start === undefined) continue;
    if (end === undefined) end = start;
    if (end < start) end = start;
    start = Math.max(1, start);
    end = Math.min(lines, end);
    if (start > end) continue;
    clamped.push({
      start,
      end,
      kind: capText(r.kind, FIELD_CAPS.kind).toLowerCase() || 'region',
      name: capText(r.name, FIELD_CAPS.name),
      note: capNote(r.note),
    });
  }
  clamped.sort(compareRegions);

  // One sweep with the chain of regions still open: a region that starts inside the innermost
  // open one and ends after it begins again after it, and is checked against the next one out.
  const kept: Region[] = [];
  const open: Region[] = [];
  const seen = new Set<string>();
  for (const region of clamped) {
    const key = `${region.start}:${region.end}:${region.kind}:${region.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let start = region.start;
    for (;;) {
      while (open.length && open[open.length - 1].end < start) open.pop();
      const top = open[open.length - 1];
      if (top && top.start > start) {
        open.pop();
        continue;
      }
      if (top && start > top.start && region.end > top.end) {
        start = top.end + 1;
        continue;
      }
      break;
    }
    const trimmed = start === region.start ? region : { ...region, start };
    kept.push(trimmed);
    open.push(trimmed);
  }
  return kept.sort(compareRegions);
}

/** The longest producer name a stored entry may show (`vscode.lm:copilot/gpt-4o-mini@p1` is 33). */
const PRODUCER_CHARS = 120;

const STATUSES: readonly string[] = ['model', 'prose-only', 'structural'] satisfies MapStatus[];

/** A stored entry's fields as read back from a store any process of the user can write. */
export interface StoredFields {
  path: string;
  size: number;
  hash: string;
  lines: number;
  status: string;
  producer: string;
  prose: string;
  created: number;
  regions: readonly RawRegion[];
}

/**
 * A stored entry as it may be used: normalized on the way out of a store as a model's answer is on
 * the way in, or undefined when its status is none Skim writes.
 */
export function storedEntry(row: StoredFields): MapEntry | undefined {
  if (!STATUSES.includes(row.status)) return undefined;
  return {
    path: row.path,
    size: row.size,
    hash: row.hash,
    lines: row.lines,
    status: row.status as MapStatus,
    producer: capText(row.producer, PRODUCER_CHARS),
    prose: capProse(row.prose),
    created: row.created,
    regions: normalizeRegions(row.regions, row.lines),
  };
}
