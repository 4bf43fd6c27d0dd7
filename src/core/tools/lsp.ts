import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { Project, ProjectFile } from '../files/project';
import { readSource } from '../files/readSource';
import { FACT_OPS, FactsRequest, FactsResult, isFactOp, symbolPositions } from '../facts/facts';
import { fallbackFacts } from '../facts/fallback';
import { renderFacts } from '../facts/renderFacts';
import { verifyCall } from '../judge/verifySite';
import { MapSource } from '../mapping/mapSource';
import { Outlines } from '../outlines/projectOutlines';
import { findSearchProgram, NoSearchProgramError } from '../search/program';
import { regionsForSearch } from '../search/regions';
import { findingsJson, mergeFindings, screenLines } from '../screen/screen';
import { screenName, screenNames } from '../screen/names';
import { explain, TextPart, ToolError, ToolResult } from './result';
import { SearchPrograms } from './runSearch';
import { screenHits } from './screenHits';

export type LspInput = Omit<FactsRequest, 'path'>;

/**
 * Where skim_lsp's symbol is written: each occurrence on the line the model gave, or on the
 * nearest line within five that has it. Refuses, saying what to do, an op it does not know and a
 * symbol that is on none of those lines. Every host's skim_lsp starts here.
 */
export function lspPositions(lines: readonly string[], input: LspInput, key: string): { line: number; column: number }[] {
  if (!isFactOp(input.op)) throw new ToolError(`op must be one of ${FACT_OPS.join(', ')}`, { tool: TOOL_NAME.lsp });
  const positions = symbolPositions(lines, input.line, input.symbol);
  if (!positions.length)
    throw new ToolError(`${input.symbol} is not on line ${input.line} of ${key}, nor within 5 lines of it`, {
      tool: TOOL_NAME.lsp,
      advice: 'Read that line, or find the symbol with skim_find_symbol or skim_search.',
    });
  return positions;
}

/**
 * The lines of the file skim_lsp names, or its refusal (missing, a folder, a FIFO or a device,
 * binary): every host checks this first, before anything opens the file.
 */
export async function lspSource(file: ProjectFile): Promise<string[]> {
  try {
    return (await readSource(file)).lines;
  } catch (error) {
    throw explain(error, file, TOOL_NAME.lsp, 'Use skim_search for the name instead.');
  }
}

/** Where skim_lsp's coordinates came from, asked of the judge for an agent's calls: a note to put first, or a refusal. */
export async function verifiedCall(ctx: SkimContext, file: ProjectFile, input: LspInput): Promise<TextPart[]> {
  const { note, refusal } = await verifyCall(ctx.judge, ctx.seen, { tool: TOOL_NAME.lsp, path: file.key, line: input.line, symbol: input.symbol });
  if (refusal) throw new ToolError(refusal.reason, { tool: TOOL_NAME.lsp, advice: refusal.advice });
  return note ? [{ role: 'notice', text: note }] : [];
}

/** A language-server answer (or the fallback's) as a model reads it: locations and hover screened, then drawn. */
export async function factsAnswer(ctx: SkimContext, project: Project, facts: FactsResult, before: TextPart[] = []): Promise<ToolResult> {
  const { hits, findings } = await screenHits(ctx, project, facts.locations);
  const hover = facts.hover === undefined ? undefined : await screenLines(ctx, facts.hover.split('\n'), 1, false);
  // The symbol is the caller's own words, echoed in the header: screened as a name is.
  const [symbol] = (await screenNames(ctx, [facts.symbol], 'a symbol Skim does not show')).shown;
  const screened: FactsResult = { ...facts, symbol, path: await screenName(ctx, facts.path), locations: hits, hover: hover?.lines.join('\n') };
  const all = hover ? mergeFindings(findings, hover.findings) : findings;
  return { parts: [...before, { role: 'text', text: renderFacts(screened) }], json: { ...screened, screen: findingsJson(all) }, findings: all };
}

/**
 * skim_lsp where there is no language server (MCP, the command line) or none answered:
 * declarations of the name from outlines, and its occurrences from search, said to be that. `why`
 * names the host's reason.
 */
export async function factsFallback(
  ctx: SkimContext,
  project: Project,
  maps: MapSource | undefined,
  file: ProjectFile,
  input: LspInput,
  why: string,
  programs: SearchPrograms = {},
  before: TextPart[] = [],
  outlines?: Outlines,
): Promise<ToolResult> {
  const [at] = lspPositions(await lspSource(file), input, file.key);
  try {
    const program = { ...findSearchProgram(project.root, programs.candidates, programs.env), launch: programs.launch };
    const { locations, total } = await fallbackFacts(project, program, regionsForSearch(maps, outlines), input.symbol, input.op);
    const facts: FactsResult = {
      ...input,
      path: file.key,
      source: 'outlines and search',
      reason: why,
      column: at.column,
      foundLine: at.line,
      locations,
      total,
    };
    return await factsAnswer(ctx, project, facts, before);
  } catch (error) {
    if (error instanceof NoSearchProgramError) throw new ToolError(`it cannot run here: ${error.message}`, { tool: TOOL_NAME.lsp });
    throw error;
  }
}
