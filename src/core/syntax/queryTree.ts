import { Node, Query } from 'web-tree-sitter';
import { innermost } from '../map/tree';
import { Region } from '../map/types';
import { ProjectFile } from '../files/project';
import { outlineRegions, QUERY_TIMEOUT_MICROS } from '../structural/mapper';
import { outlineQuery } from '../structural/queries';
import { ParsedFile, withParsedFile } from './parsed';

/**
 * A tree-sitter query run on one file: an S-expression the model wrote, or one of a few named
 * queries it can use without writing one. Captures come with their positions, their text (first
 * line, clipped) and the region of the file's outline that holds them.
 */

export const NAMED_QUERIES = ['definitions', 'imports', 'calls', 'calls:NAME', 'strings'] as const;

export interface Capture {
  /** The capture's name (`call`, `definition.function`, or the name a written query gave it). */
  name: string;
  type: string;
  /** 1-based lines, 1-based columns. */
  start: { line: number; column: number };
  end: { line: number; column: number };
  text: string;
  region: Region | null;
}

export interface QueryResult {
  path: string;
  language: string;
  query: string;
  captures: Capture[];
  total: number;
  capped: boolean;
  /** The query ran out of time on this file: captures found by then. */
  timedOut: boolean;
}

/** A query Skim cannot run on this file: said to the model as it is. */
export class QueryTreeError extends Error {}

export const DEFAULT_MAX_CAPTURES = 100;
const TEXT_CHARS = 120;

/** Node types that are calls, across the grammars Skim ships. */
const CALL =
  /^(call_expression|call|method_invocation|invocation_expression|function_call_expression|member_call_expression|scoped_call_expression|nullsafe_member_call_expression|method_call_expression|function_call|macro_invocation|new_expression|object_creation_expression|message_expression)$/;
/** Node types that are whole string literals (their parts are not walked). */
const STRING =
  /^(string|string_literal|interpreted_string_literal|raw_string_literal|template_string|string_fragment_literal|char_literal|heredoc|string_expression|quoted_string|raw_string)$/;

function clip(text: string): string {
  const first = text.split('\n', 1)[0].trimEnd();
  const more = first.length < text.trimEnd().length;
  return first.length > TEXT_CHARS ? `${first.slice(0, TEXT_CHARS)}…` : more ? `${first} …` : first;
}

function captureOf(name: string, node: Node, regions: readonly Region[]): Capture {
  const start = { line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
  return {
    name,
    type: node.type,
    start,
    end: { line: node.endPosition.row + 1, column: node.endPosition.column + 1 },
    text: clip(node.text),
    region: innermost(regions, start.line),
  };
}

/** Every node of the tree in document order, once, without recursion; `skip` stops the walk going below a node. */
function walk(root: Node, visit: (node: Node) => 'skip' | void): void {
  const cursor = root.walk();
  try {
    for (;;) {
      const descend = visit(cursor.currentNode) !== 'skip';
      if (descend && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** What a call calls: its function, method or constructor, as written. */
function callee(node: Node): Node | null {
  return (
    node.childForFieldName('function') ??
    node.childForFieldName('method') ??
    node.childForFieldName('name') ??
    node.childForFieldName('constructor') ??
    node.childForFieldName('type') ??
    node.firstNamedChild
  );
}

/** `a.b.parse`, `parse!`, `Foo::parse`, `[obj parse]` all call `parse`. */
function calls(node: Node, name: string): boolean {
  const target = callee(node)?.text ?? '';
  const last =
    target
      .split(/\.|::|->|\s|!|\?/)
      .filter(Boolean)
      .pop() ?? target;
  return last === name;
}

/** Captures of a named query, or undefined when `query` is not one. */
function named(parsed: ParsedFile, query: string, regions: readonly Region[], keep: (capture: () => Capture) => void): boolean {
  const root = parsed.tree.rootNode;
  const [head, argument] = query.split(/:(.*)/s, 2);
  if (head === 'definitions' && argument === undefined) {
    for (const r of regions.filter((x) => x.kind !== 'imports'))
      keep(() => ({
        name: `definition.${r.kind}`,
        type: r.kind,
        start: { line: r.start, column: 1 },
        end: { line: r.end, column: 1 },
        text: r.name,
        region: r,
      }));
    return true;
  }
  if (head === 'imports' && argument === undefined) {
    const outlineMatches = outlineQuery(parsed.language, parsed.grammar).matches(root, { timeoutMicros: QUERY_TIMEOUT_MICROS });
    for (const match of outlineMatches) {
      const node = match.captures.find((c) => c.name === 'import')?.node;
      if (node) keep(() => captureOf('import', node, regions));
    }
    return true;
  }
  if (head === 'calls') {
    const name = argument?.trim();
    if (argument !== undefined && !name) throw new QueryTreeError('calls: needs a name after the colon, e.g. calls:parse');
    walk(root, (node) => {
      if (CALL.test(node.type) && (!name || calls(node, name))) keep(() => captureOf('call', node, regions));
    });
    return true;
  }
  if (head === 'strings' && argument === undefined) {
    walk(root, (node) => {
      if (!STRING.test(node.type)) return;
      keep(() => captureOf('string', node, regions));
      return 'skip';
    });
    return true;
  }
  return false;
}

/** A query the model wrote: compiled against the file's grammar; captures named `_…` are helpers and left out. True when it ran out of time. */
function written(parsed: ParsedFile, text: string, regions: readonly Region[], keep: (capture: () => Capture) => void): boolean {
  let query: Query;
  try {
    query = new Query(parsed.grammar, text);
  } catch (error) {
    throw new QueryTreeError(
      `the query does not compile against the ${parsed.language.id} grammar: ${(error as Error).message}. Write a tree-sitter S-expression such as (function_declaration name: (identifier) @name), or use one of ${NAMED_QUERIES.join(', ')}`,
    );
  }
  try {
    const started = performance.now();
    const captures = query.captures(parsed.tree.rootNode, { timeoutMicros: QUERY_TIMEOUT_MICROS });
    for (const { name, node } of captures) if (!name.startsWith('_')) keep(() => captureOf(name, node, regions));
    // A query that runs out of time returns nothing at all.
    return captures.length === 0 && performance.now() - started >= QUERY_TIMEOUT_MICROS / 1000;
  } finally {
    query.delete();
  }
}

export async function queryTree(file: ProjectFile, query: string, max = DEFAULT_MAX_CAPTURES): Promise<QueryResult> {
  const text = query.trim();
  if (!text) throw new QueryTreeError(`the query is empty: give an S-expression or one of ${NAMED_QUERIES.join(', ')}`);
  return withParsedFile(file, (parsed) => {
    // The regions of the file's outline, exactly as its map has them (syntax errors recovered alike).
    const regions = outlineRegions(parsed, outlineQuery(parsed.language, parsed.grammar), parsed.language, parsed.lines.length);
    const captures: Capture[] = [];
    let total = 0;
    const keep = (make: () => Capture) => {
      total++;
      if (captures.length < max) captures.push(make());
    };
    const isNamed = !text.startsWith('(') && !text.startsWith('[') && named(parsed, text, regions, keep);
    if (!isNamed && !/^[([]/.test(text)) throw new QueryTreeError(`"${text}" is not a named query (${NAMED_QUERIES.join(', ')}) nor an S-expression`);
    const timedOut = isNamed ? false : written(parsed, text, regions, keep);
    return { path: file.key, language: parsed.language.id, query: text, captures, total, capped: total > captures.length, timedOut };
  });
}
