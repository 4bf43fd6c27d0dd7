import type { Language, Node, Query } from 'web-tree-sitter';
import { QUERY_TIMEOUT_MICROS } from '../structural/mapper';
import { Parse } from '../structural/parser';

/**
 * The names a file's code uses, from its syntax tree: every node of a naming type, counted by its
 * text. What counts as naming is read from the grammar itself (its named node types called
 * `identifier`, `type_identifier`, `field_identifier`, …, and the few grammars' own words for a
 * name), so every language Skim outlines has references without a query file of its own.
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

/** The names used under `root` with how many times each, the most used first (at most MAX_NAMES_PER_FILE). */
export function namesUsed(root: Node, parse: Pick<Parse, 'grammar' | 'compile'>): [string, number][] {
  const query = namingQuery(parse);
  if (!query) return [];
  const counts = new Map<string, number>();
  for (const { node } of query.captures(root, { timeoutMicros: QUERY_TIMEOUT_MICROS })) {
    const text = node.text;
    if (text.length <= 120 && !/\s/.test(text)) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_NAMES_PER_FILE);
}
