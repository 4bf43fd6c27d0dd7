import { bareQualifier, ownerKey, splitQualified } from './names';
import { Region } from './types';

/** A region with its nesting depth (0 = top level) and the members directly inside it. */
export interface RegionNode {
  region: Region;
  depth: number;
  /** How far a map indents its line: its depth, less the levels of the wrappers it is in (`unwrapped`). */
  level: number;
  children: RegionNode[];
  /** Set on a map's group of members named by one qualifier and nothing else (`_Rb_tree::`): what its line says. */
  group?: string;
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
    const node: RegionNode = { region, depth: stack.length, level: stack.length, children: [] };
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

/** The distinct innermost regions holding the lines of `start`..`end`, in order (at most `most`): where a span of changed lines is in a map. */
export function regionsInSpan(regions: readonly Region[], start: number, end: number, most = 4): Region[] {
  const found: Region[] = [];
  for (let line = start; line <= end && found.length < most; line++) {
    const region = innermost(regions, line);
    if (region && !found.includes(region)) found.push(region);
  }
  return found;
}

/** Consecutive members of one qualifier that a map shows under it, named once, rather than each with it. */
const GROUP_RUN = 4;

/**
 * Runs of GROUP_RUN or more siblings named by one qualifier that is not their parent's
 * (`_Rb_tree<K, V>::_M_copy`, `_Rb_tree<K, V>::_M_erase`…), each as one group spanning their lines.
 */
function grouped(nodes: RegionNode[], parentKey: string): RegionNode[] {
  const out: RegionNode[] = [];
  const keyOf = (node: RegionNode) => {
    const parts = splitQualified(node.region.name);
    return parts && ownerKey(parts.qualifier) !== parentKey ? ownerKey(parts.qualifier) : '';
  };
  for (let i = 0; i < nodes.length;) {
    const key = keyOf(nodes[i]);
    let j = i + 1;
    while (key && j < nodes.length && keyOf(nodes[j]) === key) j++;
    if (j - i < GROUP_RUN) {
      out.push(...nodes.slice(i, j));
    } else {
      const run = nodes.slice(i, j);
      const parts = splitQualified(run[0].region.name) as { qualifier: string; separator: string };
      const qualifier = bareQualifier(parts.qualifier);
      const end = run.reduce((most, n) => Math.max(most, n.region.end), 0);
      out.push({
        region: { start: run[0].region.start, end, kind: '', name: qualifier, note: '' },
        depth: 0,
        level: 0,
        children: run,
        group: `${qualifier}${parts.separator}`,
      });
    }
    i = j;
  }
  return out;
}

/**
 * The nesting a map shows: the line nesting of `regionTree`, and beside it the members a type has
 * outside its own lines, written right after it and named by it (Go's methods after their struct,
 * `Runner.prototype.run` after `class Runner`, C++'s out-of-class definitions after the class).
 * Those follow their type as its members, in line order; each keeps its own lines. Other runs of
 * members named by one qualifier are grouped under it. Iterative.
 */
export function mapTree(regions: readonly Region[]): RegionNode[] {
  const roots = regionTree(regions);
  const lists: { list: RegionNode[]; parentKey: string }[] = [{ list: roots, parentKey: '' }];
  while (lists.length) {
    const { list, parentKey } = lists.pop() as { list: RegionNode[]; parentKey: string };
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
      // A method is never an owner: Go's `func (e *Error) Error()` shares its type's name, not its members.
      owner = node.region.kind === 'imports' || node.region.kind === 'method' ? undefined : node;
      key = owner ? ownerKey(node.region.name) : '';
    }
    // Not splice(0, n, ...): a spread of 150,000 members overflows the stack.
    const members = grouped(kept, parentKey);
    list.length = 0;
    for (const node of members) list.push(node);
    for (const node of list) if (node.children.length) lists.push({ list: node.children, parentKey: ownerKey(node.region.name) });
  }
  const wrappers = unwrapped(roots);
  const stack = roots.map((node) => ({ node, depth: 0, level: 0 }));
  while (stack.length) {
    const { node, depth, level } = stack.pop() as { node: RegionNode; depth: number; level: number };
    node.depth = depth;
    node.level = level;
    const inner = wrappers.has(node) ? level : level + 1;
    for (const child of node.children) stack.push({ node: child, depth: depth + 1, level: inner });
  }
  return roots;
}

/**
 * The regions whose members a map draws at their own level: a region that is the only one of the
 * top level but the import block (a Java or C# file's one class, a Ruby file's module, a C++
 * file's namespace), and so on inward while such a region's members are again one region (the
 * class in that namespace). Its lines already say that everything below is in it; an indentation
 * on every line of the file says it again, at a token a line or two.
 */
function unwrapped(roots: readonly RegionNode[]): Set<RegionNode> {
  const wrappers = new Set<RegionNode>();
  let level = roots;
  for (;;) {
    const code = level.filter((node) => node.region.kind !== 'imports');
    const only = code.length === 1 ? code[0] : undefined;
    if (!only || only.group || !only.children.length) return wrappers;
    wrappers.add(only);
    level = only.children;
  }
}
