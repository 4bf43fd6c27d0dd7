import type { Query, QueryCapture, QueryMatch } from 'web-tree-sitter';
import { LanguageInfo, languageFor } from '../structural/languages';
import { outlineRegions } from '../structural/mapper';
import { isWasmFailure, withParse } from '../structural/parser';
import { examplePattern, outlineQuery } from '../structural/queries';
import { QUERY_MS, testsText } from './bounds';
import { captureOf, NAMED_QUERIES, QueryResult, QueryTreeError } from './captures';

/** An S-expression a model wrote, run on one file: the whole job of a query worker (syntax/worker), one query per worker. */

/** A match none of whose captures, helpers too, touches a withheld range (UTF-16 offsets into the text). */
const clearOf = (withheld: readonly { start: number; end: number }[]) => (match: QueryMatch) =>
  !match.captures.some((c) => withheld.some((w) => c.node.startIndex < w.end && w.start < c.node.endIndex));

/** Where captures of a written query go: each match's, by position; captures named `_…` are helpers and left out. */
function byPosition(matches: QueryMatch[]): QueryCapture[] {
  const captures = matches.flatMap((m) => m.captures.filter((c) => !c.name.startsWith('_')).map((c) => ({ ...c, patternIndex: m.patternIndex })));
  return captures.sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex || a.patternIndex - b.patternIndex);
}

/** What a written query asks of the worker that runs it: the file as the tools read it (never a path to read again) and the query. */
export interface WrittenQuery {
  absolute: string;
  key: string;
  text: string;
  lines: number;
  query: string;
  max: number;
  /**
   * What the screen takes out of the text (UTF-16 offsets): a match of a query that tests text is
   * dropped, uncounted, where it captured any of it, so that no answer says whether a credential
   * matched a predicate.
   */
  withheld?: { start: number; end: number }[];
}

/**
 * A written query run on one parse of the file, for QUERY_MS at most (then what was found by then,
 * said to be partial). A query that does not compile is a QueryTreeError with the grammar's words.
 */
export async function runWrittenQuery(request: WrittenQuery, attempts?: number): Promise<QueryResult> {
  const language = languageFor(request.absolute, request.text) as LanguageInfo;
  return withParse(
    language,
    request.text,
    request.key,
    async (parse) => {
      const regions = await outlineRegions(parse, outlineQuery(language, parse), language, request.lines);
      let query: Query;
      try {
        query = parse.compile(request.query);
      } catch (error) {
        if (isWasmFailure(error)) throw error;
        const example = examplePattern(language);
        throw new QueryTreeError(
          `the query does not compile against the ${language.id} grammar: ${(error as Error).message}. Write a tree-sitter S-expression of that grammar${example ? `, such as ${example}` : ''} (skim_node_at names the nodes of a line), or use one of ${NAMED_QUERIES.join(', ')}`,
        );
      }
      try {
        const deadline = performance.now() + QUERY_MS;
        let timedOut = false;
        // Called every hundred steps of the query; true stops it, with the matches found so far.
        const outOfTime = () => (timedOut ||= performance.now() > deadline);
        const matches = query.matches(parse.tree.rootNode, { progressCallback: outOfTime });
        const withheld = testsText(request.query) ? (request.withheld ?? []) : [];
        const captures = byPosition(withheld.length ? matches.filter(clearOf(withheld)) : matches);
        const shown = captures.slice(0, request.max).map(({ name, node }) => captureOf(name, node, regions));
        return {
          path: request.key,
          language: language.id,
          query: request.query,
          captures: shown,
          total: captures.length,
          capped: captures.length > shown.length,
          timedOut,
        };
      } finally {
        query.delete();
      }
    },
    attempts,
  );
}
