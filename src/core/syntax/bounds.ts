/**
 * The bounds on a tree-sitter query a model wrote. tree-sitter compiles a query by recursion
 * over its nesting, inside a WebAssembly stack it does not check: a query nested about a thousand
 * deep overflows it and corrupts the module's memory. And tree-sitter 0.25 can stop a running
 * query by time but not by its number of matches, whose results it hands over all at once (a
 * 200-character query of wildcard patterns asks gigabytes of an 8 MB file). So a written query
 * is measured before it is compiled, and runs in a worker thread whose heap, WebAssembly memory
 * and time are bounded: past a bound the query is refused, the process is not touched.
 */

/** The longest query: a whole tags.scm of a grammar fits. */
export const MAX_QUERY_CHARS = 8_000;

/** The deepest nesting of parentheses and brackets: real queries nest under 10, tree-sitter breaks near 1,000. */
export const MAX_QUERY_DEPTH = 64;

/** How long the query itself may run on one file; past it, what was found by then comes back, said to be partial. */
export const QUERY_MS = 3_000;

/** The most matches in progress at once (tree-sitter's match limit); past it the oldest are dropped, and the answer says so. */
export const MATCH_LIMIT = 1_024;

/** The heap of the worker running one query: its captures, about half a million of them. */
export const WORKER_HEAP_MB = 256;

/** The WebAssembly memory of the worker: the tree of the largest file Skim parses, and the query's results. */
export const WORKER_WASM_BYTES = 1024 * 1024 * 1024;

/** A worker whose WebAssembly memory grew past this (a large file's tree) is not kept warm for the next query. */
export const WORKER_RECYCLE_BYTES = 128 * 1024 * 1024;

/** The whole query, parse of the file included: past it the worker is stopped. */
export const WORKER_DEADLINE_MS = 30_000;

/** The most captures one answer shows, whatever `max` asks: more is a flood, not an answer. */
export const MAX_SHOWN = 1_000;

/** The deepest nesting of `(…)` and `[…]` in a query, strings and `;` comments skipped. */
export function queryDepth(query: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '"') {
      // A string: to its closing quote, a backslash escaping the character after it.
      for (i++; i < query.length && query[i] !== '"'; i++) if (query[i] === '\\') i++;
    } else if (c === ';') {
      while (i < query.length && query[i] !== '\n') i++;
    } else if (c === '(' || c === '[') {
      deepest = Math.max(deepest, ++depth);
    } else if (c === ')' || c === ']') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** Why a written query is refused before it is compiled, or undefined when it is within the bounds. */
export function queryRefusal(query: string): string | undefined {
  if (query.length > MAX_QUERY_CHARS)
    return `the query has ${query.length} characters, more than the ${MAX_QUERY_CHARS} Skim compiles: write a shorter one (one pattern per question), or use one of the named queries`;
  const depth = queryDepth(query);
  if (depth > MAX_QUERY_DEPTH)
    return `the query nests ${depth} deep, more than the ${MAX_QUERY_DEPTH} Skim compiles (tree-sitter itself breaks on deep nesting): write a flatter pattern; real ones nest under 10`;
  return undefined;
}

/**
 * Whether a query tests its captures' text (`#match?`, `#eq?`, `#any-of?`, their `#not-` and
 * `#any-` forms, `#lua-match?`, any other `#…?`): then whether a match exists says something of
 * the text it captured.
 */
export const testsText = (query: string): boolean => /#[A-Za-z][\w-]*\?/.test(query);
