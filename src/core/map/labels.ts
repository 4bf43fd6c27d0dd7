import { bareQualifier, ownerKey, splitQualified } from './names';
import type { RegionNode } from './tree';
import { Region } from './types';

/**
 * What a map line says of a region: its name without what its parent already says, a kind word
 * only where the name alone would not say it, a note only where it adds words. Only render.ts
 * draws the lines.
 */

/** Kinds whose signature note, starting with its parameters, already says what they are. */
export const CALLABLE = new Set(['function', 'method', 'constructor', 'macro']);

/** Kinds a map names without a kind word: the tools' descriptions say that a bare name is a function or method. */
export const UNMARKED = new Set(['function', 'method', 'constructor']);

/**
 * Which notes a map shows, each whole or not at all (no note is better than a broken one):
 * `short` (those that fit SHOWN_NOTE_CHARS and say more than the name), `signatures` (only the
 * signatures that tell same-named members apart, when a map must fit), `none` (the barest fold).
 */
export type MapNotes = 'short' | 'signatures' | 'none';

/** The longest note a map shows; the whole note is always in the row (editor hovers, --json). */
export const SHOWN_NOTE_CHARS = 40;

export const isSignature = (region: Region, note: string) => CALLABLE.has(region.kind) && /^[(<]/.test(note);

/** A note that only repeats the kind is no note. */
export const noteOf = (region: Region) => (region.note === region.kind ? '' : region.note);

/** Words a note has to add to its name, its kind and its parent's name to be shown: these add none. */
const FILLER = new Set(
  'a an the of to for and or in on at by with from into as is are be been it its this that these those if when which what not no any all some each given used use using helper internal function method class constructor return'.split(
    ' ',
  ),
);

/**
 * The words of a text as a note and a name share them, in any script (each Chinese or Japanese
 * character one): `matchHomeAccountId` is match, home, account, id; plural and singular alike.
 */
function words(text: string): string[] {
  return (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{L}+|\d+/gu) ?? []).map((w) =>
    w
      .toLowerCase()
      .replace(/(ch|sh|x|ss)es$/, '$1')
      .replace(/^(\w+[^s])s$/, '$1'),
  );
}

/**
 * Whether a note says two words or more that its region's name, kind and parent do not: "helper
 * to match account ids" on matchAccountId says none, "Constructor." or "the connection." (on
 * `close`) one; a single word rarely changes which range a reader picks.
 */
function addsWords(note: string, known: string): boolean {
  const have = new Set(words(known));
  return words(note).filter((w) => !have.has(w) && !FILLER.has(w)).length >= 2;
}

/** The parts of `text` between commas outside brackets of any kind: `a<b, c>, d` is `a<b, c>` and `d`. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if ('(<[{'.includes(text[i])) depth++;
    else if (')>]}'.includes(text[i])) depth = Math.max(0, depth - 1);
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, text.slice(from)].map((part) => part.trim());
}

/**
 * A signature as it tells overloads apart: a parameter written as a type and then a name (C,
 * C++, Java, C#, PHP) keeps its type and default (`(const _Self& __x)` is `(const _Self&)`); one
 * with a `:` (TypeScript, Kotlin, Rust…) or of one word (Python, JavaScript) is kept whole, as is
 * whatever follows the parameters (`const`).
 */
function parameterTypes(signature: string): string {
  if (!signature.startsWith('(')) return signature;
  let depth = 0;
  let close = 0;
  for (; close < signature.length; close++) {
    if (signature[close] === '(') depth++;
    else if (signature[close] === ')' && --depth === 0) break;
  }
  const list = signature.slice(1, close);
  if (!list.trim()) return signature;
  const types = topLevelParts(list).map((p) => p.replace(/^([^:=]*[\w&*>\]])\s+[A-Za-z_$]\w*(\s*=.*)?$/s, '$1$2'));
  return `(${types.join(', ')})${signature.slice(close + 1)}`;
}

/** Which of `names` (each with its kind) more than one member has. */
function sharedNames(nodes: readonly RegionNode[], names: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  nodes.forEach(({ region }, i) => {
    const key = `${region.kind} ${names[i]}`;
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  });
  return shared;
}

/**
 * How a map line names each of one parent's members: a member named by its parent (`conn.hijacked`
 * under `struct conn`) by its own part (`hijacked`), other qualifiers without template arguments.
 * Names two members would share are told apart: by their qualifiers, then by their signatures.
 */
function memberNames(nodes: readonly RegionNode[], parent: RegionNode | undefined, notes: MapNotes): string[] {
  const parentKey = parent ? ownerKey(parent.region.name) : '';
  const short: string[] = [];
  const full: string[] = [];
  for (const { region } of nodes) {
    const parts = splitQualified(region.name);
    full.push(parts ? `${bareQualifier(parts.qualifier)}${parts.separator}${parts.member}` : region.name);
    short.push(parts && ownerKey(parts.qualifier) === parentKey ? parts.member : full[full.length - 1]);
  }
  if (nodes.length === 1) return short;
  const names = [...short];
  const sameShort = sharedNames(nodes, names);
  nodes.forEach(({ region }, i) => sameShort.has(`${region.kind} ${names[i]}`) && (names[i] = full[i]));
  if (notes === 'none' || sameShort.size === 0) return names;
  const sameFull = sharedNames(nodes, names);
  nodes.forEach(({ region }, i) => {
    if (sameFull.has(`${region.kind} ${names[i]}`) && isSignature(region, noteOf(region))) names[i] = `${short[i]}${parameterTypes(noteOf(region))}`;
  });
  return names;
}

/**
 * A region on a map line, in as few tokens as say it: no kind word for a function or method, the
 * name as memberNames gives it, a short note after a dash where it says more than the name (a
 * signature only where it tells same-named members apart, in the name); the import block as its note.
 */
function mapLabel(region: Region, name: string, parent: RegionNode | undefined, notes: MapNotes): string {
  const note = noteOf(region);
  if (region.name === region.kind) return (notes === 'short' && addsWords(note, region.kind) && note) || region.kind;
  // A member with no name is said by its kind: a line must say something after its numbers.
  const kind = UNMARKED.has(region.kind) && name ? '' : `${region.kind} `;
  const shown =
    notes === 'short' &&
    note.length <= SHOWN_NOTE_CHARS &&
    !isSignature(region, note) &&
    addsWords(note, `${region.kind} ${region.name} ${parent?.region.name ?? ''}`);
  return `${kind}${name}${shown ? ` — ${note}` : ''}`.trimEnd();
}

/** Every node's map line label for one notes setting, each parent's members named together. Iterative. */
export function mapLabels(roots: readonly RegionNode[], notes: MapNotes): Map<RegionNode, string> {
  const labels = new Map<RegionNode, string>();
  const pending: { nodes: readonly RegionNode[]; parent?: RegionNode }[] = [{ nodes: roots }];
  while (pending.length) {
    const { nodes, parent } = pending.pop() as { nodes: readonly RegionNode[]; parent?: RegionNode };
    const names = memberNames(nodes, parent, notes);
    nodes.forEach((node, i) => {
      labels.set(node, node.group ?? mapLabel(node.region, names[i], parent, notes));
      if (node.children.length) pending.push({ nodes: node.children, parent: node });
    });
  }
  return labels;
}
