import type { Node, Query, QueryCapture, QueryMatch } from 'web-tree-sitter';
import { LanguageInfo } from './languages';
import { noteFor } from './notes';
import { Region } from '../map/types';

/**
 * Turns one query's matches over a syntax tree into regions. The query says what a declaration
 * is (`@definition.<kind>` on its node, `@name` on its name; `@qualifier` names what it belongs
 * to, `Server.Start`; `@trait` the trait of a Rust impl; `@alias` each further name it is assigned
 * to, `res.set = res.header`; `@members` an object whose direct members are parts of it, not
 * declarations (a property descriptor's get and set); `@end` a sibling its lines run to, as Dart's
 * body after its signature; `@import` an import). Everything else is the same for every
 * language, here: the lines of wrappers, the import block, methods, and one region per node.
 */

/** Kinds a function directly inside of is a method. */
const TYPE_KINDS = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'record', 'object', 'protocol', 'extension', 'mixin', 'enum', 'union']);

interface Found {
  node: Node;
  outer: Node;
  start: number;
  end: number;
  kind: string;
  name: string;
  nameNode?: Node;
}

/** The 1-based last line of a node; a node that swallows its line's newline ends on the line before. */
function lastRow(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row : row + 1;
}

/** A name as a reader writes it, from the file's own text: quotes of a string name dropped, white space collapsed. */
function nameText(node: Node, own: string): string {
  const text = own.slice(node.startIndex, node.endIndex).replace(/\s+/g, ' ').trim();
  return /string|literal/.test(node.type) ? text.replace(/^(['"`])([\s\S]*)\1$/, '$2').replace(/\\(.)/g, '$1') : text;
}

function capture(captures: readonly QueryCapture[], name: string): Node | undefined {
  return captures.find((c) => c.name === name)?.node;
}

const contains = (outer: Node, inner: Node) => outer.startIndex <= inner.startIndex && inner.endIndex <= outer.endIndex && outer.id !== inner.id;

/** A declaration that only names a member of what is in scope (`var extname = path.extname;`): it belongs with the imports it sits among. */
const ALIAS = /^(const|let|var)\s+[\w$]+\s*=\s*[\w$]+(\.[\w$]+)+;?$/;

/** The node an import is among, past the preprocessor conditionals it sits in (`#ifdef HAVE_UNISTD_H` / `#include <unistd.h>`). */
function scopeOf(node: Node): Node | null {
  let parent = node.parent;
  while (parent?.type.startsWith('preproc_')) parent = parent.parent;
  return parent;
}

/** Whether only comments, blank lines and preprocessor lines lie between two imports of one scope (C's includes in and out of `#if` blocks). */
function onlyDirectivesBetween(last: Node, node: Node, source: string): boolean {
  if (scopeOf(last)?.id !== scopeOf(node)?.id) return false;
  const between = source.slice(last.endIndex, node.startIndex).split('\n').slice(1, -1);
  return between.every((line) => /^\s*($|#|\/\/|\/\*|\*)/.test(line));
}

/** Runs of imports that are siblings with only comments and aliases between them, or only preprocessor lines, each one region. */
function importRegions(nodes: Node[], source: string): Region[] {
  const sorted = [...new Map(nodes.map((n) => [n.id, n])).values()].sort((a, b) => a.startIndex - b.startIndex);
  const runs: Node[][] = [];
  for (const node of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    let adjacent = !!last && last.parent?.id === node.parent?.id;
    for (let between = last?.nextNamedSibling; adjacent && between && between.id !== node.id; between = between.nextNamedSibling) {
      if (!/comment/.test(between.type) && !(/^(lexical|variable)_declaration$/.test(between.type) && ALIAS.test(between.text))) adjacent = false;
    }
    if ((adjacent || (!!last && onlyDirectivesBetween(last, node, source))) && run) run.push(node);
    else if (!last || !contains(last, node)) runs.push([node]);
  }
  return runs.map((run) => ({
    start: run[0].startPosition.row + 1,
    end: lastRow(run[run.length - 1]),
    kind: 'imports',
    name: 'imports',
    note: `${run.length} import${run.length === 1 ? '' : 's'}`,
  }));
}

/**
 * Of two declarations on exactly the same lines where one node is the other's direct child (a
 * typedef and its struct, a variable and the class it holds), the outer one stands for both.
 * Anything else on one line stays, as siblings. One sweep in document order, outer before inner.
 */
function outermost(found: Found[]): Found[] {
  const sorted = [...found].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  const kept: Found[] = [];
  const open: Found[] = [];
  for (const f of sorted) {
    while (open.length && open[open.length - 1].node.endIndex <= f.node.startIndex) open.pop();
    const holder = open[open.length - 1];
    if (holder && holder.start === f.start && holder.end === f.end && f.node.parent?.id === holder.node.id) continue;
    kept.push(f);
    open.push(f);
  }
  return kept;
}

/**
 * Each declaration's innermost enclosing one on other lines (none at the top level), in one sweep
 * of `sorted` (by first line, the longest first); declarations on exactly the same lines are siblings.
 */
function parentsOf(sorted: readonly Found[]): Map<Found, Found | undefined> {
  const parents = new Map<Found, Found | undefined>();
  const open: Found[] = [];
  for (const f of sorted) {
    while (open.length && (open[open.length - 1].end < f.start || (open[open.length - 1].start === f.start && open[open.length - 1].end === f.end))) open.pop();
    parents.set(f, open[open.length - 1]);
    open.push(f);
  }
  return parents;
}

/** A function whose innermost enclosing declaration is a type is a method. */
function markMethods(sorted: readonly Found[], parents: ReadonlyMap<Found, Found | undefined>): void {
  for (const f of sorted) {
    const parent = parents.get(f);
    if (f.kind === 'function' && parent && TYPE_KINDS.has(parent.kind) && contains(parent.node, f.node)) f.kind = 'method';
  }
}

/**
 * The functions and methods that share their kind and name with a sibling (Java's `getArray(String)`
 * and `getArray(String, JSArray)`): each one's note is its signature, even where it has a doc
 * comment, since the signature is what tells a reader which range is which.
 */
function overloads(sorted: readonly Found[], parents: ReadonlyMap<Found, Found | undefined>): Set<Found> {
  const seen = new Map<Found | undefined, Map<string, Found>>();
  const shared = new Set<Found>();
  for (const f of sorted) {
    if (!['function', 'method', 'constructor'].includes(f.kind)) continue;
    const parent = parents.get(f);
    const siblings = seen.get(parent) ?? new Map<string, Found>();
    seen.set(parent, siblings);
    const other = siblings.get(`${f.kind} ${f.name}`);
    if (other) shared.add(other).add(f);
    else siblings.set(`${f.kind} ${f.name}`, f);
  }
  return shared;
}

/**
 * The node whose lines a declaration takes: past the wrappers it alone is in (its export, its
 * decorators, Go's `type A struct{…}`). A wrapper that holds several of its kind is a group (Go's
 * `type ( A …; B … )`): each member keeps its own lines and its own doc comment.
 */
function wrapped(node: Node, wrappers: ReadonlySet<string>): Node {
  let outer = node;
  while (outer.parent && wrappers.has(outer.parent.type) && outer.parent.namedChildren.filter((c) => c?.type === outer.type).length === 1) outer = outer.parent;
  return outer;
}

/** `source` is the text parsed, `own` the file's own at the same offsets (names are read from it: `source` may mask them). */
export function outline(root: Node, source: string, query: Query, language: LanguageInfo, timeoutMicros: number, own: string): Region[] {
  const wrappers = new Set(language.wrappers);
  // One declaration per node: where several patterns match it, the first in the query file wins.
  const chosen = new Map<number, QueryMatch>();
  const imports: Node[] = [];
  const parts = new Set<number>();
  for (const match of query.matches(root, { timeoutMicros })) {
    const importNode = capture(match.captures, 'import');
    if (importNode) imports.push(importNode);
    const members = capture(match.captures, 'members');
    if (members) for (const member of members.namedChildren) if (member) parts.add(member.id);
    const definition = match.captures.find((c) => c.name.startsWith('definition.'));
    if (!definition) continue;
    const earlier = chosen.get(definition.node.id);
    if (!earlier || match.patternIndex < earlier.patternIndex) chosen.set(definition.node.id, match);
  }
  const found: Found[] = [];
  for (const match of chosen.values()) {
    const definition = match.captures.find((c) => c.name.startsWith('definition.')) as QueryCapture;
    const node = definition.node;
    if (parts.has(node.id)) continue;
    const aliases = match.captures.filter((c) => c.name === 'alias').map((c) => c.node);
    // The signature follows the last name, the one written next to the function.
    const nameNode = aliases.at(-1) ?? capture(match.captures, 'name');
    const qualifier = capture(match.captures, 'qualifier');
    const trait = capture(match.captures, 'trait');
    let name = [capture(match.captures, 'name'), ...aliases].flatMap((n) => (n ? [nameText(n, own)] : [])).join(' = ');
    if (qualifier) name = `${nameText(qualifier, own)}.${name}`;
    if (trait) name = `${nameText(trait, own)} for ${name}`;
    const outer = wrapped(node, wrappers);
    const kind = definition.name.slice('definition.'.length);
    const end = lastRow(capture(match.captures, 'end') ?? node);
    found.push({ node, outer, start: outer.startPosition.row + 1, end, kind, name: name || '(anonymous)', nameNode });
  }
  // Notes only for the declarations that stay, once each.
  const kept = outermost(found).sort((a, b) => a.start - b.start || b.end - a.end);
  const parents = parentsOf(kept);
  markMethods(kept, parents);
  const overloaded = overloads(kept, parents);
  const regions: Region[] = kept.map((f) => ({
    start: f.start,
    end: f.end,
    kind: f.kind,
    name: f.name,
    note: noteFor(source, f.kind, f.node, f.outer, f.nameNode, overloaded.has(f)),
  }));
  return [...importRegions(imports, source), ...regions];
}
