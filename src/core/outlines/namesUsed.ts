import type { Language, Node, Query } from 'web-tree-sitter';
import type { NamesUsed } from '../cache/outlineStore';
import { Parse, wholeWithin } from '../structural/parser';

/**
 * The names a file's code uses, from its syntax tree: every node of a naming type, counted by its
 * text, in all, as a call (`name(`) and as a member (`x.name`, `x->name`, `X::name`), so that a
 * method is not credited with every variable or builtin of its name. What counts as naming is read
 * from the grammar itself (its named node types called `identifier`, `type_identifier`,
 * `field_identifier`, …, and the few grammars' own words for a name), so every language Skim
 * outlines has references without a query file of its own.
 */

const NAMING = /(^|_)identifier$|^(constant|name|value_name|module_name|type_constructor|alias|command_name|variable_name)$/;

/** The most names kept for one file, the most used first: a generated table must not fill the cache. */
export const MAX_NAMES_PER_FILE = 2_000;

/** By grammar: a reloaded tree-sitter runtime loads its grammars afresh, and a query compiles against its own grammar. */
const compiled = new WeakMap<Language, Query | null>();

/** The query that captures every naming node of the grammar, compiled once; null when the grammar has none. */
function namingQuery({ grammar, compile }: Pick<Parse, 'grammar' | 'compile'>): Query | null {
  let query = compiled.get(grammar);
  if (query === undefined) {
    const types = new Set<string>();
    for (let id = 0; id < grammar.nodeTypeCount; id++) {
      const type = grammar.nodeTypeForId(id);
      if (type && grammar.nodeTypeIsNamed(id) && grammar.nodeTypeIsVisible(id) && NAMING.test(type)) types.add(type);
    }
    query = types.size ? compile(`[${[...types].map((t) => `(${t})`).join(' ')}] @name`) : null;
    compiled.set(grammar, query);
  }
  return query;
}

/** The index of the first character that is not a space, tab or line break from `at` on (step 1) or back (step -1); -1 when there is none. */
function skipSpace(source: string, at: number, step: 1 | -1): number {
  for (let i = at; i >= 0 && i < source.length; i += step) {
    const c = source.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return i;
  }
  return -1;
}

/**
 * The names used under `root` (a parse of `source`, within what is left of its budget), with how
 * many times each, the most used first (at most MAX_NAMES_PER_FILE). A query its time stopped has
 * counted only part of the file: that is a SlowParseError, never counts stored as the file's.
 */
export function namesUsed(root: Node, source: string, parse: Pick<Parse, 'grammar' | 'compile' | 'budget'>): NamesUsed {
  const query = namingQuery(parse);
  if (!query) return { names: [], counts: [] };
  const captures = wholeWithin(parse.budget, () => query.captures(root, { timeoutMicros: parse.budget.remainingMicros() }));
  const counts = new Map<string, [string, number, number, number]>();
  for (const { node } of captures) {
    const text = node.text;
    if (text.length > 120 || /\s/.test(text)) continue;
    const use = counts.get(text) ?? ([text, 0, 0, 0] as [string, number, number, number]);
    use[1]++;
    if (source[skipSpace(source, node.endIndex, 1)] === '(') use[2]++;
    const before = skipSpace(source, node.startIndex - 1, -1);
    if (source[before] === '.' || source.startsWith('->', before - 1) || source.startsWith('::', before - 1)) use[3]++;
    counts.set(text, use);
  }
  const kept = [...counts.values()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_NAMES_PER_FILE);
  return { names: kept.map((k) => k[0]), counts: kept.flatMap((k) => [k[1], k[2], k[3]]) };
}
