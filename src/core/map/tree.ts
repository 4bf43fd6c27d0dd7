import { ownerKey, splitQualified } from './names';
import { Region } from './types';

/** A region with its nesting depth (0 = top level) and the members directly inside it. */
export interface RegionNode {
  region: Region;
  depth: number;
  children: RegionNode[];
}

/**
 * Builds the nesting tree of a normalized map (sorted, no partial overlaps), in one pass.
 * Regions on exactly the same lines are siblings, never parent and child: nothing in the lines
 * says which holds which (two functions on one minified line).
 */
export function regionTree(regions: readonly Region[]): RegionNode[] {
  const roots: RegionNode[] = [];
  const stack: RegionNode[] = [];
  const same = (a: Region, b: Region) => a.start === b.start && a.end === b.end;
  for (const region of regions) {
    while (stack.length && (stack[stack.length - 1].region.end < region.start || same(stack[stack.length - 1].region, region))) stack.pop();
    const parent = stack[stack.length - 1];
    const node: RegionNode = { region, depth: stack.length, children: [] };
    (parent ? parent.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

/** The regions that contain `line`, outermost first and innermost last. */
export function regionsAt(regions: readonly Region[], line: number): Region[] {
  return regions.filter((r) => r.start <= line && line <= r.end);
}

/**
 * The innermost region holding `line`: among those holding it, the one that starts last (the
 * shortest on a tie). Null when none holds it, or when several share exactly those lines (the
 * declarations of one minified line): the line alone cannot say which of them holds it.
 */
export function innermost(regions: readonly Region[], line: number): Region | null {
  let best: Region | null = null;
  let shared = false;
  for (const r of regions) {
    if (r.start > line || line > r.end) continue;
    if (!best || r.start > best.start || (r.start === best.start && r.end < best.end)) {
      best = r;
      shared = false;
    } else if (r.start === best.start && r.end === best.end) {
      shared = true;
    }
  }
  return shared ? null : best;
}

/**
 * The nesting a map shows: the line nesting of `regionTree`, and beside it the members a type has
 * outside its own lines, written right after it and named by it (Go's methods after their struct,
 * `Runner.prototype.run` after `class Runner`, C++'s out-of-class definitions after the class).
 * Those follow their type as its members, in line order; each keeps its own lines. Iterative.
 */
export function mapTree(regions: readonly Region[]): RegionNode[] {
  const roots = regionTree(regions);
  const lists: RegionNode[][] = [roots];
  while (lists.length) {
    const list = lists.pop() as RegionNode[];
    const kept: RegionNode[] = [];
    let owner: RegionNode | undefined;
    let key = '';
    for (const node of list) {
      const parts = splitQualified(node.region.name);
      if (owner && parts && ownerKey(parts.qualifier) === key) {
        owner.children.push(node);
        continue;
      }
      kept.push(node);
      owner = node.region.kind === 'imports' ? undefined : node;
      key = owner ? ownerKey(node.region.name) : '';
    }
    list.splice(0, list.length, ...kept);
    for (const node of kept) if (node.children.length) lists.push(node.children);
  }
  const stack = roots.map((node) => ({ node, depth: 0 }));
  while (stack.length) {
    const { node, depth } = stack.pop() as { node: RegionNode; depth: number };
    node.depth = depth;
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
  return roots;
}
