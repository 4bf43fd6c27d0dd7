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

/** Two words of three letters or more are one where one begins the other or they share their first five: `seq` and `sequence`, `serialize` and `serializing`. */
const sameWord = (a: string, b: string) =>
  a === b || (a.length >= 3 && b.length >= 3 && (a.startsWith(b) || b.startsWith(a) || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5))));

/**
 * A number, or a Latin word of one or two letters, says nothing a reader picks a range by: OCaml's
 * curried parameters (`f accu l`, `l1 l2` on `map2`) are the signature, not a description.
 */
const SHORT = /^(\d+|[a-z]{1,2})$/;

/**
 * Whether a note says two different words or more (of three letters or more) that its region's name, kind and parent do not, nor the
 * notes of most of its siblings: "helper to match account ids" on matchAccountId says none,
 * "Constructor." or "the connection." (on `close`) one; "The input contains a boolean." on
 * `visit_bool`, among siblings whose notes all say "The input contains", none. A single word
 * rarely changes which range a reader picks, nor do words every sibling's note has.
 */
function addsWords(note: string, known: string, common: ReadonlySet<string>): boolean {
  const have = words(known);
  return new Set(words(note).filter((w) => !FILLER.has(w) && !SHORT.test(w) && !common.has(w) && !have.some((k) => sameWord(w, k)))).size >= 2;
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** Siblings from which on the words most of their notes share tell none of them apart. */
const COMMON_FROM = 3;

/** The words at least half the notes of one parent's members have, where there are COMMON_FROM notes or more (signatures are not such notes). */
function commonWords(nodes: readonly RegionNode[]): ReadonlySet<string> {
  if (nodes.length < COMMON_FROM) return NO_WORDS;
  const notes = nodes.flatMap(({ region }) => {
    const note = noteOf(region);
    return note && !isSignature(region, note) ? [new Set(words(note))] : [];
  });
  const counts = new Map<string, number>();
  for (const note of notes) for (const w of note) counts.set(w, (counts.get(w) ?? 0) + 1);
  return new Set(notes.length >= COMMON_FROM ? [...counts].filter(([, n]) => n * 2 >= notes.length).map(([w]) => w) : []);
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

/** What follows an Objective-C method's first parameter where it has more: `eventName data:(NSDictionary *)data`. */
const OBJC_KEYWORDS = /^\s*\w+(\s+\w+:\s*\([^()]*(\([^()]*\)[^()]*)*\)\s*\w+)+\s*$/;

const withoutThrows = (signature: string) => signature.replace(/\s*\bthrows\b.*$/, '');

/**
 * A signature as it tells overloads apart: a parameter written as a type and then a name (C,
 * C++, Java, C#, PHP) keeps its type and default (`(const _Self& __x)` is `(const _Self&)`); one
 * written as a name, a `:` and a type (TypeScript, Kotlin, Rust, Python's hints) keeps its type
 * (`(err: GoogleMapsError)` is `(GoogleMapsError)`); one of one word (Python, JavaScript) is kept
 * whole, as is what follows the parameters (`const`) but a return type after `:` or `->`. Java's
 * `final` and `throws …`, which no two overloads can differ by alone either, are left out; an
 * Objective-C method of several parameters is told apart by
 * its selector's keywords (`notifyListeners:data:`), as the language names it.
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
  const after = signature.slice(close + 1);
  if (OBJC_KEYWORDS.test(after)) return `:${[...after.matchAll(/(\w+):/g)].map((m) => m[1]).join(':')}:`;
  // Of what follows the parameters, only C++'s qualifiers (`const`, `&&`) can tell two overloads apart:
  // a return type, Solidity's `internal view virtual`, Java's `throws` cannot.
  const qualifiers = /^\s*(:|->)/.test(after) ? [] : (after.match(/\b(const|volatile)\b|&&?(?=\s*$|\s+\w)/g) ?? []);
  // An Objective-C method of one parameter, `(UIViewController *) vc`, keeps its name: its selector is read from it.
  const objcParameter =
    /^\s*[A-Za-z_]\w*\s*$/.test(after) &&
    !/^\s*(const|volatile|override|final|noexcept|mutable|view|pure|payable|internal|external|public|private|virtual)\s*$/.test(after);
  const kept = objcParameter ? after : qualifiers.length ? ` ${qualifiers.join(' ')}` : '';
  if (!list.trim()) return withoutThrows(`()${kept}`);
  // A trailing comma (`(data: str,)`, Python's and TypeScript's) ends the list: it is no parameter of its own.
  const types = topLevelParts(list)
    .filter(Boolean)
    .map((p) => {
      const typed = /^(?:(?:val|var|let|readonly|public|private|protected|inout)\s+)*[\w$]+\??\s*:(?!:)\s*(?<type>[^=\s][^=]*?)\s*(=.*)?$/s.exec(p);
      return typed?.groups ? typed.groups.type : p.replace(/^final\s+/, '').replace(/^([^:=]*[\w&*>\]])\s+[A-Za-z_$]\w*(\s*=.*)?$/s, '$1$2');
    });
  return withoutThrows(`(${types.join(', ')})${kept}`);
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
  const told = nodes.map(({ region }, i) => sameFull.has(`${region.kind} ${names[i]}`) && isSignature(region, noteOf(region)));
  const forms = nodes.map(({ region }, i) => (told[i] ? parameterTypes(noteOf(region)) : ''));
  // Types alone that two members share (Swift's `releaseCall(callbackID: String)` and `releaseCall(withID: String)`) leave their labels in.
  const shared = sharedNames(
    nodes,
    nodes.map((_, i) => `${names[i]}${forms[i]}`),
  );
  nodes.forEach(({ region }, i) => told[i] && shared.has(`${region.kind} ${names[i]}${forms[i]}`) && (forms[i] = noteOf(region)));
  // Beside a selector's keywords, an Objective-C method of one parameter (`(UIViewController *) vc`) is its selector too.
  const selectors = new Set(nodes.flatMap(({ region }, i) => (forms[i].startsWith(':') ? [`${region.kind} ${names[i]}`] : [])));
  nodes.forEach(({ region }, i) => {
    if (!told[i]) return;
    const form = selectors.has(`${region.kind} ${names[i]}`) && /^\([^()]*\)\s*\w+\s*$/.test(forms[i]) ? ':' : forms[i];
    names[i] = `${short[i]}${form}`;
  });
  return names;
}

/** A region of this many lines or fewer costs about what its note does to read: the note stays in the row (hovers, --json). */
const SHORT_REGION_LINES = 3;

/**
 * A region on a map line, in as few tokens as say it: no kind word for a function or method, the
 * name as memberNames gives it, a short note after a dash where it says more than the name (a
 * signature only where it tells same-named members apart, in the name); the import block as its note.
 */
function mapLabel(region: Region, name: string, parent: RegionNode | undefined, notes: MapNotes, common: ReadonlySet<string>): string {
  const note = noteOf(region);
  if (region.name === region.kind) return (notes === 'short' && addsWords(note, region.kind, common) && note) || region.kind;
  // A member with no name is said by its kind: a line must say something after its numbers.
  const kind = UNMARKED.has(region.kind) && name ? '' : `${region.kind} `;
  const shown =
    notes === 'short' &&
    note.length <= SHOWN_NOTE_CHARS &&
    region.end - region.start + 1 > SHORT_REGION_LINES &&
    !isSignature(region, note) &&
    addsWords(note, `${region.kind} ${region.name} ${parent?.region.name ?? ''}`, common);
  return `${kind}${name}${shown ? ` — ${note}` : ''}`.trimEnd();
}

/** Every node's map line label for one notes setting, each parent's members named together. Iterative. */
export function mapLabels(roots: readonly RegionNode[], notes: MapNotes): Map<RegionNode, string> {
  const labels = new Map<RegionNode, string>();
  const pending: { nodes: readonly RegionNode[]; parent?: RegionNode }[] = [{ nodes: roots }];
  while (pending.length) {
    const { nodes, parent } = pending.pop() as { nodes: readonly RegionNode[]; parent?: RegionNode };
    const names = memberNames(nodes, parent, notes);
    const common = notes === 'short' ? commonWords(nodes) : NO_WORDS;
    nodes.forEach((node, i) => {
      labels.set(node, node.group ?? mapLabel(node.region, names[i], parent, notes, common));
      if (node.children.length) pending.push({ nodes: node.children, parent: node });
    });
  }
  return labels;
}
