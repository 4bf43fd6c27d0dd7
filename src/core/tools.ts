import { describeFileError } from './files/errors';
import { guardedRead, GuardedRead } from './guard/guard';
import { renderMap } from './map/render';
import { MapSource } from './mapSource';
import { renderFoundSymbols, renderRead } from './present';
import { findSymbol, listSymbols } from './symbols';
import { findSearchProgram, NoSearchProgramError } from './search/program';
import { regionsForSearch } from './search/regions';
import { search, SearchRequest, SearchRequestError } from './search/search';
import { renderSearch } from './search/text';
import { nodeAt, NodeAtError } from './syntax/nodeAt';
import { queryTree, QueryTreeError } from './syntax/queryTree';
import { renderNodeAt, renderQuery } from './syntax/text';
import { FACT_OPS, FactsRequest, isFactOp, symbolPositions } from './facts/facts';
import { fallbackFacts } from './facts/fallback';
import { renderFacts } from './facts/text';
import { readSource } from './maps';
import { screened } from './screen/screen';
import { currentJudge } from './judge/current';
import { judgeSearch } from './judge/searchSite';
import { sessionSeen } from './judge/seenLines';
import { verifyCall } from './judge/verifySite';
import { Project, ProjectFile } from './project';

/**
 * The tools as every host offers them (VS Code's language-model tools, the MCP server):
 * one core call each and the text the model reads, screened (credentials redacted). Their errors are written for the model and
 * say what to do next; hosts pass them on as tool errors.
 */
export class ToolError extends Error {}

export interface ReadInput {
  startLine?: number;
  lineCount?: number;
  endLine?: number;
}

/** What to do next after a file error, by its code. */
function nextStep(code: string | undefined, tool: string, instead: string): string {
  if (code === 'ENOENT' || code === 'ENOTDIR') return `Check the path (search the workspace for the file name), then call ${tool} again.`;
  if (code === 'EISDIR') return `List it with your file tools, then call ${tool} on a file in it.`;
  return instead;
}

function explain(error: unknown, file: ProjectFile, tool: string, instead: string): ToolError {
  const code = (error as NodeJS.ErrnoException).code;
  if (!code) return new ToolError(`${tool} could not handle ${file.key}: ${(error as Error).message}. ${instead}`);
  return new ToolError(`${describeFileError(error, file.key)}. ${nextStep(code, tool, instead)}`);
}

export async function summarizeFileText(maps: MapSource, file: ProjectFile, signal?: AbortSignal): Promise<string> {
  let outcome;
  try {
    outcome = await maps.ensure(file, signal);
  } catch (error) {
    throw explain(error, file, 'skim_summarize_file', 'Read it with skim_read_file instead.');
  }
  const note = outcome.fallback ? `[skim] Note: ${outcome.fallback}.\n\n` : '';
  return screened(note + renderMap(outcome.entry));
}

export async function readFileText(
  maps: MapSource,
  file: ProjectFile,
  input: ReadInput,
  options: { lineLimit?: number; signal?: AbortSignal } = {},
): Promise<{ text: string; read: GuardedRead }> {
  const offset = input.startLine ?? 1;
  const limit = input.lineCount ?? (input.endLine !== undefined ? Math.max(0, input.endLine - offset + 1) : undefined);
  const read = await guardedRead(maps, file, { offset, limit, lineLimit: options.lineLimit, signal: options.signal });
  if (read.outcome === 'unreadable') throw new ToolError(`${read.reason}. ${nextStep(read.reasonCode, 'skim_read_file', 'Choose another file.')}`);
  if (read.outcome === 'declined' && read.reason?.startsWith('binary')) throw new ToolError(`${file.key} is a binary file; skim_read_file reads text only.`);
  // An empty result would leave the model guessing; say what is (not) there.
  if (read.lines.length === 0 && !read.notice) return { text: emptyReadText(read), read };
  if (read.lines.length) sessionSeen.add(file.key, read.start, read.end);
  return { text: await screened(renderRead(read, 'call skim_summarize_file')), read };
}

function emptyReadText(read: GuardedRead): string {
  if (read.total === 0) return `[skim] ${read.path} is empty.`;
  return `[skim] ${read.path} has no line ${read.start}${read.total === null ? '' : `: it has ${read.total} lines`}.`;
}

export async function listSymbolsText(file: ProjectFile): Promise<string> {
  try {
    return await screened(renderMap(await listSymbols(file)));
  } catch (error) {
    throw explain(error, file, 'skim_list_symbols', 'Use skim_summarize_file or skim_read_file for this file instead.');
  }
}

export async function findSymbolText(file: ProjectFile, name: string, maxLines: number): Promise<string> {
  try {
    const { found, outline } = await findSymbol(file, name, maxLines);
    for (const { region } of found) sessionSeen.add(file.key, region.start, region.end);
    return await screened(renderFoundSymbols(file.key, name, found, outline));
  } catch (error) {
    throw explain(error, file, 'skim_find_symbol', 'Use skim_summarize_file or skim_read_file for this file instead.');
  }
}

/** Where to look for a ripgrep binary before PATH (VS Code's own), and the environment whose PATH is searched. */
export interface SearchPrograms {
  candidates?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export async function searchText(project: Project, maps: MapSource | undefined, input: SearchRequest, programs: SearchPrograms = {}): Promise<string> {
  try {
    const program = findSearchProgram(project.root, programs.candidates, programs.env);
    const result = await judgeSearch(await search(project, program, regionsForSearch(maps), input), currentJudge());
    for (const hit of result.hits) sessionSeen.add(hit.path, hit.line);
    return await screened(renderSearch(result));
  } catch (error) {
    if (error instanceof SearchRequestError) throw new ToolError(`skim_search: ${error.message}.`);
    if (error instanceof NoSearchProgramError) throw new ToolError(`skim_search cannot run here: ${error.message}. Use your own search tool instead.`);
    throw error;
  }
}

export async function queryTreeText(file: ProjectFile, query: string, max?: number): Promise<string> {
  try {
    const result = await queryTree(file, query, max);
    for (const capture of result.captures) sessionSeen.add(file.key, capture.start.line, capture.end.line);
    return await screened(renderQuery(result));
  } catch (error) {
    if (error instanceof QueryTreeError) throw new ToolError(`skim_query_tree: ${error.message}.`);
    throw explain(error, file, 'skim_query_tree', 'Use skim_search or skim_read_file for this file instead.');
  }
}

export async function nodeAtText(file: ProjectFile, line: number, column?: number): Promise<string> {
  try {
    return await screened(renderNodeAt(await nodeAt(file, line, column)));
  } catch (error) {
    if (error instanceof NodeAtError) throw new ToolError(`skim_node_at: ${error.message}.`);
    throw explain(error, file, 'skim_node_at', 'Read the lines around it with skim_read_file instead.');
  }
}

/**
 * skim_lsp where there is no language server (MCP, the CLI): declarations of the name from
 * outlines, and its occurrences from search, said to be that. `why` names the host's reason.
 */
/** Where skim_lsp's coordinates came from, asked of the judge for an agent's calls (not a person's at the command line). */
export async function verifiedCall(file: ProjectFile, input: Omit<FactsRequest, 'path'>): Promise<string> {
  const { note, refusal } = await verifyCall(currentJudge(), sessionSeen, { tool: 'skim_lsp', path: file.key, line: input.line, symbol: input.symbol });
  if (refusal) throw new ToolError(refusal);
  return note ? `${note}\n\n` : '';
}

/**
 * Where skim_lsp's symbol is written: each occurrence on the line the model gave, or on the
 * nearest line within five that has it. Refuses, saying what to do, an op it does not know and a
 * symbol that is on none of those lines. Every host's skim_lsp starts here.
 */
export function lspPositions(lines: readonly string[], input: Omit<FactsRequest, 'path'>, key: string): { line: number; column: number }[] {
  if (!isFactOp(input.op)) throw new ToolError(`skim_lsp: op must be one of ${FACT_OPS.join(', ')}.`);
  const positions = symbolPositions(lines, input.line, input.symbol);
  if (!positions.length)
    throw new ToolError(
      `skim_lsp: ${input.symbol} is not on line ${input.line} of ${key}, nor within 5 lines of it. Read that line, or find the symbol with skim_find_symbol or skim_search.`,
    );
  return positions;
}

export async function factsFallbackText(
  project: Project,
  maps: MapSource | undefined,
  file: ProjectFile,
  input: Omit<FactsRequest, 'path'>,
  why: string,
  programs: SearchPrograms = {},
): Promise<string> {
  let lines: string[];
  try {
    lines = (await readSource(file)).lines;
  } catch (error) {
    throw explain(error, file, 'skim_lsp', 'Use skim_search for the name instead.');
  }
  const [at] = lspPositions(lines, input, file.key);
  try {
    const program = findSearchProgram(project.root, programs.candidates, programs.env);
    const { locations, total } = await fallbackFacts(project, program, regionsForSearch(maps), input.symbol, input.op);
    return await screened(
      renderFacts({ ...input, path: file.key, source: 'outlines and search', reason: why, column: at.column, foundLine: at.line, locations, total }),
    );
  } catch (error) {
    if (error instanceof NoSearchProgramError) throw new ToolError(`skim_lsp cannot run here: ${error.message}.`);
    throw error;
  }
}
