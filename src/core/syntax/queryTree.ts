import type { Node } from 'web-tree-sitter';
import { Region } from '../map/types';
import { readSource } from '../files/readSource';
import { ProjectFile } from '../files/project';
import type { SlowFiles } from '../mapping/slowFiles';
import { outlineRegions } from '../structural/mapper';
import { outlineQuery } from '../structural/queries';
import { MAX_SHOWN, queryRefusal, testsText } from './bounds';
import { Capture, captureOf, DEFAULT_MAX_CAPTURES, NAMED_QUERIES, QueryResult, QueryTreeError } from './captures';
import { languageOf, ParsedFile, withParsedFile } from './parsed';
import { queryInWorker } from './worker';

export { QueryTreeError } from './captures';
export type { QueryResult } from './captures';

/**
 * A tree-sitter query run on one file: an S-expression the model wrote, or one of a few named
 * queries it can use without writing one.
 */

/** Node types that are calls, across the grammars Skim ships. */
const CALL =
  /^(call_expression|call|method_invocation|invocation_expression|function_call_expression|member_call_expression|scoped_call_expression|nullsafe_member_call_expression|method_call_expression|function_call|macro_invocation|new_expression|object_creation_expression|message_expression)$/;
/** Node types that are whole string literals (their parts are not walked). */
const STRING =
  /^(string|string_literal|interpreted_string_literal|raw_string_literal|template_string|string_fragment_literal|char_literal|heredoc|string_expression|quoted_string|raw_string)$/;

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
    const outlineMatches = outlineQuery(parsed.language, parsed).matches(root, { timeoutMicros: parsed.budget.remainingMicros() });
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

/** Whether a query is an S-expression the model wrote (perhaps after comments), rather than a named one. */
const isWritten = (query: string) => /^(\s*;[^\n]*\n)*\s*[(["]/.test(query);

/**
 * Runs a named query on the file here (in the outline worker where the process outlines there), or
 * a written one (within the bounds of syntax/bounds) in a query worker. At most MAX_SHOWN captures are shown whatever `max` asks; all are counted.
 * `withheld` says what the screen takes out of the file's text, for a written query that tests text (syntax/written).
 */
export async function queryTree(
  file: ProjectFile,
  query: string,
  max = DEFAULT_MAX_CAPTURES,
  slow?: SlowFiles,
  withheld: (text: string) => Promise<{ start: number; end: number }[]> = async () => [],
): Promise<QueryResult> {
  const text = query.trim();
  if (!text) throw new QueryTreeError(`the query is empty: give an S-expression or one of ${NAMED_QUERIES.join(', ')}`);
  const shown = Math.min(max, MAX_SHOWN);
  if (isWritten(text)) {
    const refusal = queryRefusal(text);
    if (refusal) throw new QueryTreeError(refusal);
    const source = await readSource(file);
    // A file with no grammar is said here, before a worker starts.
    languageOf(file, source.text);
    const answer = await queryInWorker({
      absolute: file.absolute,
      key: file.key,
      text: source.text,
      lines: source.lines.length,
      query: text,
      max: shown,
      withheld: testsText(text) ? await withheld(source.text) : [],
    });
    if ('refused' in answer) throw new QueryTreeError(answer.refused);
    return answer.result;
  }
  return withParsedFile(
    file,
    {
      use: (parsed) => namedQuery(parsed, file.key, text, shown),
      job: (source) => ({ kind: 'named', absolute: file.absolute, key: file.key, text: source, query: text, max: shown }),
      refusal: QueryTreeError,
    },
    slow,
  );
}

/** A named query on one parsed file, at most `shown` captures shown (all counted). */
export async function namedQuery(parsed: ParsedFile, key: string, query: string, shown: number): Promise<QueryResult> {
  // The regions of the file's outline, exactly as its map has them (syntax errors recovered alike).
  const regions = await outlineRegions(parsed, outlineQuery(parsed.language, parsed), parsed.language, parsed.lines.length);
  const captures: Capture[] = [];
  let total = 0;
  const keep = (make: () => Capture) => {
    total++;
    if (captures.length < shown) captures.push(make());
  };
  if (!named(parsed, query, regions, keep)) throw new QueryTreeError(`"${query}" is not a named query (${NAMED_QUERIES.join(', ')}) nor an S-expression`);
  // The outline's recovery and the query share the parse's budget: one that ran out answers with what it found, and says so.
  return { path: key, language: parsed.language.id, query, captures, total, capped: total > captures.length, timedOut: parsed.budget.spent };
}
