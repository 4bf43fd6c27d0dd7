import { SearchHit } from '../search/searchHits';

/**
 * Language-server facts about one symbol at one line: where it is defined, used, implemented,
 * what type it has, who calls it. From the editor's language server where there is one (VS Code),
 * else from tree-sitter outlines and search, labelled as such.
 */
export const FACT_OPS = ['definition', 'references', 'implementations', 'type', 'callers'] as const;
export type FactOp = (typeof FACT_OPS)[number];

export interface FactsRequest {
  /** The file the symbol is named in, relative to the project root. */
  path: string;
  line: number;
  symbol: string;
  op: FactOp;
}

export interface FactsResult extends FactsRequest {
  /** Where the answer came from: the language server, or tree-sitter and search standing in. */
  source: 'language server' | 'outlines and search';
  /** Why the fallback answered (no language server, it timed out, it found nothing). */
  reason?: string;
  /** The column the symbol was found at (1-based), and the line when it was on a line near the one given. */
  column?: number;
  foundLine?: number;
  /** Each location with its line's text and the region of the file's map that holds it. */
  locations: SearchHit[];
  total: number;
  /** The hover's text, for `type`. */
  hover?: string;
}

export class FactsError extends Error {}

export function isFactOp(op: unknown): op is FactOp {
  return typeof op === 'string' && (FACT_OPS as readonly string[]).includes(op);
}

/** The symbol's last part: `Runner.run` and `Runner::run` are looked for as `run`. */
export function lastPart(symbol: string): string {
  return (
    symbol
      .trim()
      .split(/\.|::|#|->/)
      .filter(Boolean)
      .pop() ?? symbol.trim()
  );
}

const WORD = (name: string) => new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`);

/**
 * Where `symbol` is written on `line` (1-based), or on the nearest line within 5 of it that has
 * it: every occurrence on that line, first to last (a name can also stand in a string or a
 * comment before the one meant). The model names the symbol, Skim finds its column. Empty when
 * it is on none of them.
 */
export function symbolPositions(lines: readonly string[], line: number, symbol: string): { line: number; column: number }[] {
  const word = new RegExp(WORD(lastPart(symbol)).source, 'g');
  for (let distance = 0; distance <= 5; distance++) {
    for (const at of distance === 0 ? [line] : [line - distance, line + distance]) {
      const found = [...(lines[at - 1] ?? '').matchAll(word)].map((m) => ({ line: at, column: (m.index ?? 0) + 1 }));
      if (found.length) return found;
    }
  }
  return [];
}
