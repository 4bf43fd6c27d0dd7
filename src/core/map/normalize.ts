import { Region } from './types';

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

export function capText(value: unknown, max: number): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export function capProse(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return text.length <= FIELD_CAPS.prose ? text : `${text.slice(0, FIELD_CAPS.prose - 1)}…`;
}

function toLine(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
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
      note: capText(r.note, FIELD_CAPS.note),
    });
  }
  clamped.sort(compareRegions);

  const kept: Region[] = [];
  const seen = new Set<string>();
  for (const region of clamped) {
    const key = `${region.start}:${region.end}:${region.kind}:${region.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(trimAgainst(region, kept));
  }
  return kept.sort(compareRegions);
}

/**
 * Moves the start of `region` past every kept region it partly overlaps (starts inside, ends
 * outside). It only moves past regions that end before `region` does, so it never empties it.
 */
function trimAgainst(region: Region, kept: readonly Region[]): Region {
  let start = region.start;
  let moved = true;
  while (moved) {
    moved = false;
    for (const other of kept) {
      // Same start and longer: `other` nests inside `region`, which is fine.
      const partlyOverlaps = start > other.start && start <= other.end && region.end > other.end;
      if (partlyOverlaps) {
        start = other.end + 1;
        moved = true;
      }
    }
  }
  return { ...region, start };
}
