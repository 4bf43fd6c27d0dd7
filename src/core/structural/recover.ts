import type { Node } from 'web-tree-sitter';
import { Region } from '../map/types';

/**
 * A syntax error costs only its own top-level block. Grammars recover from errors locally, but
 * some cannot: one regex tree-sitter-bash misreads in `bash_completion` turns the rest of the
 * file into one ERROR node and 70 functions vanish from the outline. So where a parse has errors,
 * the file's top-level blocks that the errors touch are parsed again on their own, and a block's
 * own outline replaces the whole parse's where it finds more declarations.
 */

export interface Block {
  firstRow: number;
  lastRow: number;
  from: number;
  to: number;
}

/**
 * The text cut where a line follows a blank line: at column 0 only, how top-level declarations
 * are laid out in every language Skim parses; inside a block that is still broken on its own, at
 * any indentation, to reach declarations nested in an `if`. A cut in the wrong place only costs
 * what was already lost.
 */
export function blocks(source: string, anyIndent: boolean): Block[] {
  const blocks: Block[] = [];
  let row = 0;
  let from = 0;
  let blockRow = 0;
  let previousBlank = false;
  for (let at = 0; at <= source.length; row++) {
    const newline = source.indexOf('\n', at);
    const end = newline === -1 ? source.length : newline;
    const line = source.slice(at, end);
    const blank = line.trim() === '';
    if (!blank && previousBlank && (anyIndent || !/^\s/.test(line)) && row > blockRow) {
      blocks.push({ firstRow: blockRow, lastRow: row - 1, from, to: at });
      blockRow = row;
      from = at;
    }
    previousBlank = blank;
    if (newline === -1) break;
    at = newline + 1;
  }
  blocks.push({ firstRow: blockRow, lastRow: row, from, to: source.length });
  return blocks;
}

/** The rows (0-based, inclusive) under error or missing nodes; the whole file when the root itself is an error. */
function damagedRows(root: Node): [number, number][] {
  if (root.type === 'ERROR') return [[0, root.endPosition.row]];
  const spans: [number, number][] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node !== root && (node.type === 'ERROR' || node.isMissing)) {
      spans.push([node.startPosition.row, node.endPosition.row]);
      continue;
    }
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) stack.push(child);
  }
  return spans;
}

/** Spans merged where they overlap or touch, in order. */
function union(spans: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/**
 * `regions` from a parse of `source`, with every block an error touched outlined again on its own
 * (`outlineBlock` takes the block's offsets in `source` and returns its regions counted from the block's first
 * line; it throws once time has run out, so no block keeps the broken parse's regions for want of time) and its regions taken where they are more. One pass.
 * `nested` cuts blocks at any indentation (for the text of a block that was cut out already).
 */
export async function recoverBlocks(
  regions: Region[],
  root: Node,
  source: string,
  nested: boolean,
  outlineBlock: (from: number, to: number) => Promise<Region[]>,
): Promise<Region[]> {
  const damaged = union(damagedRows(root));
  if (!damaged.length) return regions;
  const sorted = [...regions].sort((a, b) => a.start - b.start);
  const result: Region[] = [];
  let r = 0;
  let d = 0;
  for (const block of blocks(source, nested)) {
    const whole: Region[] = [];
    while (r < sorted.length && sorted[r].start - 1 <= block.lastRow) whole.push(sorted[r++]);
    while (d < damaged.length && damaged[d][1] < block.firstRow) d++;
    const touched = d < damaged.length && damaged[d][0] <= block.lastRow;
    const own = touched ? await outlineBlock(block.from, block.to) : undefined;
    if (own && own.length > whole.length) for (const x of own) result.push({ ...x, start: x.start + block.firstRow, end: x.end + block.firstRow });
    else for (const x of whole) result.push(x);
  }
  return result;
}
