import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import type { SlowFiles } from '../mapping/slowFiles';
import { ProjectFile } from '../files/project';
import { readSource } from '../files/readSource';
import { redactionMarker } from '../screen/marker';
import { screenArguments } from '../screen/message';
import { screenName, screenNames } from '../screen/names';
import { findingsJson, mergeFindings, NO_FINDINGS, ScreenFindings, screenLines } from '../screen/screen';
import { findSecrets } from '../screen/secrets';
import { screenSource } from '../screen/sourceScreen';
import type { NodeAtResult } from '../syntax/chain';
import { nodeAt, NodeAtError } from '../syntax/nodeAt';
import { QueryResult, queryTree, QueryTreeError } from '../syntax/queryTree';
import { queryJson, renderNodeAt, renderQuery } from '../syntax/renderTree';
import { explain, ToolError, ToolResult } from './result';

/**
 * Captures as they may be shown: the file is screened whole, and a capture whose first line held
 * (part of) a credential shows only the mark; its coordinates stay. Region labels are screened too.
 */
async function screenCaptures(ctx: SkimContext, file: ProjectFile, result: QueryResult): Promise<{ result: QueryResult; findings: ScreenFindings }> {
  if (!result.captures.length) return { result: { ...result, path: await screenName(ctx, file.key) }, findings: NO_FINDINGS };
  const source = await screenSource(ctx, (await readSource(file)).lines);
  let findings = NO_FINDINGS;
  const captures = result.captures.map((c) => {
    const kinds = source.redactedIn(c.start.line);
    findings = mergeFindings(findings, {
      redactions: kinds.map((kind) => ({ line: c.start.line, kind })),
      flags: source.flagsAt(c.start.line).map((signal) => ({ signal, line: c.start.line })),
      wrapped: [],
    });
    return kinds.length ? { ...c, text: redactionMarker(kinds[0]) } : c;
  });
  const labels = await screenLines(
    ctx,
    captures.flatMap((c) => (c.region ? [c.region.name, c.region.note] : [])),
    1,
    false,
  );
  let at = 0;
  const labelled = captures.map((c) => {
    if (!c.region) return c;
    const region = { ...c.region, name: labels.lines[at], note: labels.lines[at + 1] };
    at += 2;
    return { ...c, region };
  });
  return { result: { ...result, path: await screenName(ctx, file.key), captures: labelled }, findings };
}

/** skim_query_tree and `skim query`: a tree-sitter query (or a named one) on one file; one parse, no model call. */
export async function queryFile(ctx: SkimContext, file: ProjectFile, query: string, max?: number, slow?: SlowFiles): Promise<ToolResult> {
  try {
    const withheld = (text: string) => (ctx.options.redactSecrets ? findSecrets(text) : Promise.resolve([]));
    const { result: captured, findings } = await screenCaptures(ctx, file, await queryTree(file, query, max, slow, withheld));
    for (const capture of captured.captures) ctx.seen.add(file.key, capture.start.line, capture.end.line);
    // The query and its capture names are the caller's words, echoed: screened as arguments are.
    const names = [...new Set(captured.captures.map((c) => c.name))];
    const [shownQuery, ...shownNames] = await screenArguments(ctx, [captured.query, ...names]);
    const nameOf = new Map(names.map((name, i) => [name, shownNames[i]]));
    const result = { ...captured, query: shownQuery, captures: captured.captures.map((c) => ({ ...c, name: nameOf.get(c.name) as string })) };
    return { parts: [{ role: 'text', text: renderQuery(result) }], json: { ...queryJson(result), screen: findingsJson(findings) }, findings };
  } catch (error) {
    if (error instanceof QueryTreeError) throw new ToolError(error.message, { tool: TOOL_NAME.queryTree });
    throw explain(error, file, TOOL_NAME.queryTree, 'Use skim_search or skim_read_file for this file instead.');
  }
}

/** skim_node_at and `skim node-at`: the syntax nodes holding one position, outermost first; their names screened. */
export async function nodeAtFile(ctx: SkimContext, file: ProjectFile, line: number, column?: number, slow?: SlowFiles): Promise<ToolResult> {
  let result: NodeAtResult;
  try {
    result = await nodeAt(file, line, column, slow);
  } catch (error) {
    if (error instanceof NodeAtError) throw new ToolError(error.message, { tool: TOOL_NAME.nodeAt });
    throw explain(error, file, TOOL_NAME.nodeAt, 'Read the lines around it with skim_read_file instead.');
  }
  // The nodes' names by the one name policy: credentials redacted, controls escaped, bidi and zero-width marks taken out.
  const names = await screenNames(
    ctx,
    result.chain.map((n) => n.name ?? ''),
  );
  const screened = {
    ...result,
    path: await screenName(ctx, file.key),
    chain: result.chain.map((n, i) => ({ ...n, name: n.name === null ? null : names.shown[i] })),
  };
  return { parts: [{ role: 'text', text: renderNodeAt(screened) }], json: { ...screened, screen: findingsJson(names.findings) }, findings: names.findings };
}
