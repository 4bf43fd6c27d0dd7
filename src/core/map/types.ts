/** One line range of a file: 1-based, inclusive. Regions may nest and may leave gaps. */
export interface Region {
  start: number;
  end: number;
  kind: string;
  name: string;
  note: string;
}

/**
 * How an entry's map was made.
 * - "model": a model wrote prose and regions.
 * - "prose-only": a model answered, but never with a usable map; there are no regions.
 * - "structural": tree-sitter outlined the file; no model was called.
 */
export type MapStatus = 'model' | 'prose-only' | 'structural';

/** A file's stored summary: exactly the rows the cache holds. */
export interface MapEntry {
  /** Project-relative path with forward slashes (absolute when outside the project). */
  path: string;
  size: number;
  hash: string;
  lines: number;
  status: MapStatus;
  /** Which backend produced it, e.g. "openai:gpt-4o-mini" or "tree-sitter:python". */
  producer: string;
  prose: string;
  /** Sorted by start, then by end descending (parents before their members). */
  regions: Region[];
  /** Milliseconds since the epoch. */
  created: number;
}

/** Where a map came from: this project's cache, the team cache, a model call now, or tree-sitter now. */
export type MapOrigin = 'local' | 'team' | 'model' | 'structural';
