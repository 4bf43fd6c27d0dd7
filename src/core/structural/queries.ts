import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Language, Query } from 'web-tree-sitter';
import { LanguageInfo } from './languages';
import { isWasmFailure, Parse } from './parser';

/**
 * Each language's outline rules: one tree-sitter query (queries/<id>.scm, the `tags.scm`
 * convention: `@definition.<kind>` on a declaration, `@name` on its name). Compiled against its
 * grammar once (once per loaded grammar: a reloaded runtime compiles again); a query that does not
 * compile is remembered as its error, thrown to every outline of that language as the map's
 * "no map" reason: never a crash.
 */
const compiled = new WeakMap<Language, Query | Error>();

/** Beside the bundle (dist/queries, where esbuild copies them) or, from source, beside this file. */
function queryFile(id: string): string {
  for (const dir of [path.join(__dirname, 'queries'), path.resolve(__dirname, '../../../../src/core/structural/queries')]) {
    const file = path.join(dir, `${id}.scm`);
    if (existsSync(file)) return file;
  }
  throw new Error(`Skim is missing its outline query for ${id}; reinstall Skim.`);
}

/**
 * A query's text with what it inherits first: a first line `; inherits: a, b` names query files
 * whose patterns come before its own (JavaScript's and TypeScript's share ecmascript.scm).
 */
function queryText(name: string, seen = new Set<string>()): string {
  if (seen.has(name)) return '';
  seen.add(name);
  const text = readFileSync(queryFile(name), 'utf8');
  const inherits = /^; inherits: (.+)$/m.exec(text.split('\n', 1)[0]);
  const parents = inherits
    ? inherits[1]
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [];
  return [...parents.map((parent) => queryText(parent, seen)), text].join('\n');
}

/** The whole text of a language's outline query, what it inherits first. */
export const outlineQueryText = (language: LanguageInfo): string => queryText(language.query ?? language.id);

export function outlineQuery(language: LanguageInfo, parse: Pick<Parse, 'grammar' | 'compile'>): Query {
  let query = compiled.get(parse.grammar);
  if (!query) {
    try {
      query = parse.compile(outlineQueryText(language));
    } catch (error) {
      // Said wherever an outline of such a file is asked for (the map's "no map" reason), never on a stream of its own.
      if (isWasmFailure(error)) throw error;
      query = new Error(`Skim's outline query for ${language.id} does not compile against its grammar (${(error as Error).message})`);
    }
    compiled.set(parse.grammar, query);
  }
  if (query instanceof Error) throw query;
  return query;
}

/** One pattern of an outline query on a line of its own: `(function_definition name: (identifier) @name) @definition.function`. */
const ONE_LINE_PATTERN = /^(\((?:[^#;"]*)\)) @definition\.(\w+)$/;

/** Whether every bracket of `text` is closed, in order. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    depth += c === '(' || c === '[' ? 1 : c === ')' || c === ']' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A pattern of this language's own grammar, to show where a written query did not compile: the
 * first pattern of its outline rules on a line of its own that marks a function (else any
 * declaration), without predicates. It compiles, as the outline does; none where every such pattern
 * spans lines (Elixir's).
 */
export function examplePattern(language: LanguageInfo): string | undefined {
  const patterns = outlineQueryText(language)
    .split('\n')
    .flatMap((line) => {
      const found = ONE_LINE_PATTERN.exec(line);
      return found && balanced(found[1]) ? [{ pattern: found[1], kind: found[2] }] : [];
    });
  return (patterns.find((p) => p.kind === 'function') ?? patterns[0])?.pattern;
}
