import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { ChangesResult, FileChanges, projectChanges, RegionChange } from '../changes/changes';
import { ChangesRequestError } from '../changes/gitDiff';
import { changesJson, DEFAULT_CHANGES_TOKENS, fitChanges } from '../changes/renderChanges';
import { Project } from '../files/project';
import { Region } from '../map/types';
import { MapSource } from '../mapping/mapSource';
import { O200K, TokenCounter } from '../savings';
import { screenNames } from '../screen/names';
import { findingsJson, mergeFindings } from '../screen/screen';
import { regionsForSearch } from '../search/regions';
import { SearchHit } from '../search/searchHits';
import { Outlines } from '../outlines/projectOutlines';
import { ToolError, ToolResult } from './result';
import { screenHits, screenRegions } from './screenHits';

export interface ChangesInput {
  /** The commit to compare the working tree with; default HEAD. */
  rev?: string;
  /** A folder or file to look in, relative to the root. */
  path?: string;
  tokens?: number;
}

/**
 * The changes as they may be shown: each file's changed lines screened as search hits are (the
 * whole file screened, so that one line of a multi-line credential is redacted too), the files'
 * names as names, and every region's name and note as a map's.
 */
async function screenChanges(ctx: SkimContext, project: Project, result: ChangesResult) {
  const hits: SearchHit[] = result.files.flatMap((f) =>
    f.regions.flatMap((r) => r.lines.map((l) => ({ path: f.path, line: l.line, text: l.text, region: r.region }))),
  );
  const screened = await screenHits(ctx, project, hits);
  const lonely = result.files.flatMap((f) => f.regions.filter((r) => r.region && !r.lines.length).map((r) => r.region as Region));
  const regions = await screenRegions(ctx, lonely);
  const names = await screenNames(
    ctx,
    result.files.map((f) => f.path),
  );
  let at = 0;
  const files: FileChanges[] = result.files.map((f, i) => ({
    ...f,
    path: names.shown[i],
    regions: f.regions.map((r): RegionChange => {
      const lines = r.lines.map(() => screened.hits[at++]);
      const region = lines.length ? lines[0].region : r.region && (regions.get(r.region) ?? r.region);
      return { region, lines: lines.map((h) => ({ line: h.line, text: h.text })), removals: r.removals };
    }),
  }));
  return { result: { ...result, files }, findings: mergeFindings(screened.findings, names.findings) };
}

/**
 * skim_changes and `skim changes`: the working tree's git diff against a commit, placed in the map
 * (each changed function with its changed lines), screened, in a token budget. Never a model call:
 * the regions are the cached maps while fresh, else tree-sitter's outlines.
 */
export async function changesProject(
  ctx: SkimContext,
  project: Project,
  sources: { maps?: MapSource; outlines?: Outlines },
  input: ChangesInput,
  options: { counter?: TokenCounter; signal?: AbortSignal } = {},
): Promise<ToolResult> {
  try {
    const found = await projectChanges(project, regionsForSearch(sources.maps, sources.outlines), input.rev || 'HEAD', input.path, options.signal);
    const { result, findings } = await screenChanges(ctx, project, found);
    const fitted = await fitChanges(result, input.tokens ?? DEFAULT_CHANGES_TOKENS, options.counter ?? O200K);
    const named = new Set(fitted.omitted);
    for (const [i, f] of found.files.entries())
      if (!named.has(result.files[i].path)) for (const r of f.regions) for (const l of r.lines.slice(0, fitted.cap)) ctx.seen.add(f.path, l.line);
    return { parts: [{ role: 'text', text: fitted.text }], json: { ...changesJson(result), screen: findingsJson(findings) }, findings };
  } catch (error) {
    if (error instanceof ChangesRequestError) throw new ToolError(error.message, { tool: TOOL_NAME.changes });
    throw error;
  }
}
