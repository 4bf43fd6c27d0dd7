/**
 * What this session was shown by Skim's own tools: for each file, the line ranges its reads,
 * found symbols, search hits and tree captures returned. Call verify asks it where a tool call's
 * coordinates came from. One per session (see SkimContext).
 */
const NEAR = 5;
const MAX_RANGES_PER_FILE = 1000;

export class SeenLines {
  private readonly ranges = new Map<string, [number, number][]>();

  add(path: string, start: number, end = start): void {
    const list = this.ranges.get(path) ?? [];
    if (list.length >= MAX_RANGES_PER_FILE) list.shift();
    list.push([start, end]);
    this.ranges.set(path, list);
  }

  /** Whether `line` of `path`, or a line within NEAR of it, was shown. */
  covers(path: string, line: number): boolean {
    return (this.ranges.get(path) ?? []).some(([start, end]) => start - NEAR <= line && line <= end + NEAR);
  }

  /** The most recent ranges, for the judge: `path:12-40`. */
  recent(count = 20): string[] {
    return [...this.ranges].flatMap(([path, list]) => list.map(([s, e]) => `${path}:${s === e ? s : `${s}-${e}`}`)).slice(-count);
  }
}
