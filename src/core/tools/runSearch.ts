import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { Project } from '../files/project';
import { judgeSearch } from '../search/rerankHits';
import { MapSource } from '../mapping/mapSource';
import { Outlines } from '../outlines/projectOutlines';
import { Launch } from '../search/launch';
import { findSearchProgram, NoSearchProgramError } from '../search/program';
import { regionsForSearch } from '../search/regions';
import { DEFAULT_MAX_HITS, MAX_HITS, REGEX_SYNTAX, search, WITHHELD_ROOM, SearchRequest, SearchRequestError, SearchResult } from '../search/searchHits';
import { renderSearch, searchJson } from '../search/renderSearch';
import { screenArguments } from '../screen/message';
import { screenName } from '../screen/names';
import { findingsJson } from '../screen/screen';
import { ToolError, ToolResult } from './result';
import { ScreenedHits, screenHits } from './screenHits';

/** Where to look for a ripgrep binary before PATH (VS Code's own), and the environment whose PATH is searched. */
export interface SearchPrograms {
  candidates?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** How a long-lived host starts them (search/launch Launcher). */
  launch?: Launch;
}

/**
 * The result with its hits as they may be shown, less the matches the screen withholds
 * (tools/screenHits), shown or counted: a match that touches a credential is no match, so that
 * no answer says whether a pattern matched one. The matches counted past the hits are judged
 * alike, from the lines that may hold one.
 */
async function screenedResult(ctx: SkimContext, project: Project, result: SearchResult, max: number): Promise<{ result: SearchResult } & ScreenedHits> {
  const [shown, counted] = await Promise.all([
    screenHits(ctx, project, result.hits),
    screenHits(
      ctx,
      project,
      result.suspect.map((hit) => ({ ...hit, region: null })),
    ),
  ]);
  const total = result.total - (result.hits.length - shown.hits.length) - (result.suspect.length - counted.hits.length);
  const hits = shown.hits.slice(0, max);
  return { ...shown, result: { ...result, hits, total, suspect: [], capped: total > hits.length } };
}

/** skim_search and `skim search`: ripgrep's hits, each in its region, screened, re-ranked by the judge where it is asked. */
export async function searchProject(
  ctx: SkimContext,
  project: Project,
  maps: MapSource | undefined,
  input: SearchRequest,
  programs: SearchPrograms = {},
  outlines?: Outlines,
): Promise<ToolResult> {
  try {
    const program = { ...findSearchProgram(project.root, programs.candidates, programs.env), launch: programs.launch };
    const regions = regionsForSearch(maps, outlines);
    // Hits past the max are asked for, so that hits left out do not leave fewer shown (which would say as much as a count).
    const max = Math.max(1, Math.min(input.max ?? DEFAULT_MAX_HITS, MAX_HITS));
    const asked = { ...input, max: max + WITHHELD_ROOM };
    let screened = await screenedResult(ctx, project, await search(project, program, regions, asked), max);
    const first = screened.result;
    // A regex whose every match was withheld matched nothing, and is searched as literal text as such a regex is.
    if (first.total === 0 && !first.literal && !first.timedOut && REGEX_SYNTAX.test(first.pattern)) {
      screened = await screenedResult(ctx, project, await search(project, program, regions, { ...asked, literal: true }), max);
      screened.result.retriedAsLiteral = true;
    }
    const { result: searched, keys, findings } = screened;
    // Screened before the judge sees them: a hit's credential never leaves for the judge's endpoint.
    const [scope, [pattern, regexError]] = await Promise.all([
      searched.scope === '.' ? '.' : screenName(ctx, searched.scope),
      // The pattern is the caller's, and ripgrep's complaint about it quotes it: both are echoed, so both are screened.
      screenArguments(ctx, [searched.pattern, searched.regexError?.split('\n').pop() ?? '']),
    ]);
    const result = await judgeSearch({ ...searched, scope, pattern, regexError: searched.regexError && regexError, hits: searched.hits }, ctx.judge);
    for (const hit of result.hits) ctx.seen.add(keys.get(hit) as string, hit.line);
    return { parts: [{ role: 'text', text: renderSearch(result) }], json: { ...searchJson(result), screen: findingsJson(findings) }, findings };
  } catch (error) {
    if (error instanceof SearchRequestError) throw new ToolError(error.message, { tool: TOOL_NAME.search });
    if (error instanceof NoSearchProgramError)
      throw new ToolError(`it cannot run here: ${error.message}`, { tool: TOOL_NAME.search, advice: 'Use your own search tool instead.' });
    throw error;
  }
}
