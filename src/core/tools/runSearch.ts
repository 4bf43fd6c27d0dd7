import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { Project } from '../files/project';
import { judgeSearch } from '../search/rerankHits';
import { MapSource } from '../mapping/mapSource';
import { Outlines } from '../outlines/projectOutlines';
import { Launch } from '../search/launch';
import { findSearchProgram, NoSearchProgramError } from '../search/program';
import { regionsForSearch } from '../search/regions';
import { search, SearchRequest, SearchRequestError } from '../search/searchHits';
import { renderSearch, searchJson } from '../search/renderSearch';
import { screenArguments } from '../screen/message';
import { screenName } from '../screen/names';
import { findingsJson } from '../screen/screen';
import { ToolError, ToolResult } from './result';
import { screenHits } from './screenHits';

/** Where to look for a ripgrep binary before PATH (VS Code's own), and the environment whose PATH is searched. */
export interface SearchPrograms {
  candidates?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** How a long-lived host starts them (search/launch Launcher). */
  launch?: Launch;
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
    const searched = await search(project, program, regionsForSearch(maps, outlines), input);
    // Screened before the judge sees them: a hit's credential never leaves for the judge's endpoint.
    const [{ hits: screened, keys, findings }, scope, [pattern, regexError]] = await Promise.all([
      screenHits(ctx, project, searched.hits),
      searched.scope === '.' ? '.' : screenName(ctx, searched.scope),
      // The pattern is the caller's, and ripgrep's complaint about it quotes it: both are echoed, so both are screened.
      screenArguments(ctx, [searched.pattern, searched.regexError?.split('\n').pop() ?? '']),
    ]);
    const result = await judgeSearch({ ...searched, scope, pattern, regexError: searched.regexError && regexError, hits: screened }, ctx.judge);
    for (const hit of result.hits) ctx.seen.add(keys.get(hit) as string, hit.line);
    return { parts: [{ role: 'text', text: renderSearch(result) }], json: { ...searchJson(result), screen: findingsJson(findings) }, findings };
  } catch (error) {
    if (error instanceof SearchRequestError) throw new ToolError(error.message, { tool: TOOL_NAME.search });
    if (error instanceof NoSearchProgramError)
      throw new ToolError(`it cannot run here: ${error.message}`, { tool: TOOL_NAME.search, advice: 'Use your own search tool instead.' });
    throw error;
  }
}
