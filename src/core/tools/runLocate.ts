import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { Project } from '../files/project';
import { readSource } from '../files/readSource';
import { judgeLocate } from '../locate/rerankRegions';
import { locate, LocateRequestError } from '../locate/findRegions';
import { DEFAULT_LOCATE_TOKENS, fitLocate, LocateFormat, LocateResult, locateJson, RegionLines, renderLocate } from '../locate/renderLocate';
import { cleanText, escapeControls, nameOnOneLine } from '../map/controls';
import { O200K, TokenCounter } from '../savings';
import { screenFields } from '../screen/fields';
import { UNSHOWN_FOLDER, UNSHOWN_NAME } from '../screen/names';
import { findSecrets } from '../screen/secrets';
import { questionText } from '../locate/question';
import { distinctFindings, inFile, mergeFindings, NO_FINDINGS, ScreenFindings, screenLines } from '../screen/screen';
import { FieldFinding } from '../screen/placed';
import { filesFindings } from './maps';
import { screenSource } from '../screen/sourceScreen';
import { Outlines } from '../outlines/projectOutlines';
import { findSearchProgram, NoSearchProgramError } from '../search/program';
import { SearchRequestError } from '../search/searchHits';
import { numberedLines } from './read';
import { ToolError, ToolResult } from './result';
import { SearchPrograms } from './runSearch';
import type { ToolHost } from './host';
import { locateHistoryOf } from '../locate/storedHistory';
import { HistoryUse } from '../locate/renderLocate';

/** The most ranked regions an answer chooses from. */
const MAX_RESULTS = 30;
/** The first lines of a region read for showing: the budget cuts long ones well before. */
const MAX_REGION_LINES = 400;

export interface LocateInput {
  question: string;
  /** A folder to look in; default the whole project. */
  path?: string;
  tokens?: number;
}

/** A result's file as it is on disk (relative to the root), never shown: where a host that opens files points, by the result's index. */
export interface LocatePlace {
  path: string;
  start: number;
  end: number;
}

export interface LocateToolResult extends ToolResult {
  places: LocatePlace[];
}

export interface LocateOptions extends SearchPrograms {
  /** The project's history as the host keeps it (ToolHost.history). */
  history?: ToolHost['history'];
  counter?: TokenCounter;
  signal?: AbortSignal;
  json?: boolean;
  timeoutMs?: number;
}

/**
 * The question, and the question as it is searched for: each credential in it taken out (spaces
 * in its place, so that the words around it stay apart). Its words are never searched for, ranked
 * by, or listed as a result's matched words, which would give it back in pieces (`ghp, b3d, …`).
 */
async function withoutSecrets(ctx: SkimContext, text: string): Promise<{ text: string; searched: string }> {
  if (!ctx.options.redactSecrets) return { text, searched: text };
  const secrets = await findSecrets(text);
  let searched = text;
  for (const { start, end } of secrets) searched = `${searched.slice(0, start)}${' '.repeat(end - start)}${searched.slice(end)}`;
  return { text, searched };
}

/**
 * What a result shows that is not a file's own lines (its path, name and note) screened as any text
 * Skim returns; a field the screen flags is left out. What a name or note held is placed on its
 * file's lines (screen/placed); a path is no text of the file.
 */
async function screenResults(
  ctx: SkimContext,
  project: Project,
  results: readonly LocateResult[],
): Promise<{ results: LocateResult[]; findings: ScreenFindings }> {
  const fields = results.flatMap((r) => [nameOnOneLine(r.path), cleanText(r.name).replace(/\s+/g, ' '), cleanText(r.note).replace(/\s+/g, ' ')]);
  const { shown, findings } = await screenFields(ctx, fields);
  const byFile = new Map<string, FieldFinding[]>();
  const found = (line: number, finding: Pick<FieldFinding, 'kind' | 'signal'>) => {
    const index = line - 1;
    const r = results[Math.floor(index / 3)];
    if (index % 3 === 0) return;
    byFile.set(r.path, [...(byFile.get(r.path) ?? []), { ...finding, field: fields[index], near: { start: r.start, end: r.end } }]);
  };
  for (const r of findings.redactions) found(r.line, { kind: r.kind });
  for (const f of findings.flags) found(f.line, { signal: f.signal });
  const screened = results.map((r, i) => ({ ...r, path: shown[3 * i] || UNSHOWN_NAME, name: shown[3 * i + 1], note: shown[3 * i + 2] }));
  const shownPath = new Map(results.map((r, i) => [r.path, screened[i].path]));
  return { results: screened, findings: await filesFindings(ctx, project, byFile, shownPath) };
}

/** The first results' own lines (read from their real paths, not the names shown), screened as a read's are (the whole file, so that a credential spanning lines is caught). */
async function regionLines(
  ctx: SkimContext,
  project: Project,
  results: readonly LocateResult[],
  shownPaths: readonly string[],
): Promise<{ lines: (RegionLines | undefined)[]; findings: ScreenFindings }> {
  let findings = NO_FINDINGS;
  const lines: (RegionLines | undefined)[] = [];
  for (const [i, r] of results.slice(0, 2).entries()) {
    try {
      const file = project.file(r.path);
      if (!file.inside) throw new Error('outside');
      const source = await screenSource(ctx, (await readSource(file)).lines);
      const end = Math.min(r.end, r.start + MAX_REGION_LINES - 1);
      const screened = await screenLines(ctx, source.lines(r.start, end), r.start);
      // The credentials the whole file's screen took out of these lines, beside what screening the lines themselves found.
      const redactions: ScreenFindings['redactions'] = [];
      for (let line = r.start; line <= end; line++) for (const kind of source.redactedIn(line)) redactions.push({ line, kind });
      findings = mergeFindings(findings, inFile(mergeFindings({ redactions, flags: [], wrapped: [] }, screened.findings), shownPaths[i]));
      lines.push({ start: r.start, lines: screened.lines, wrapped: screened.findings.wrapped });
    } catch {
      lines.push(undefined);
    }
  }
  return { lines, findings };
}

/**
 * skim_locate and `skim locate`: the regions most likely to be what a question in words is about,
 * ranked (core/locate), screened, and fitted to the token budget with the numbered lines of the
 * first region or two. Never a model call, but the judge's one re-rank where it is enforcing at
 * the locate site (locate/judged).
 */
export async function locateProject(
  ctx: SkimContext,
  project: Project,
  outlines: () => Promise<Outlines>,
  input: LocateInput,
  options: LocateOptions = {},
): Promise<LocateToolResult> {
  try {
    const program = { ...findSearchProgram(project.root, options.candidates, options.env), launch: options.launch };
    const question = await withoutSecrets(ctx, questionText(input.question));
    const known = await options.history?.();
    const located = await locate(project, program, await outlines(), {
      question: question.searched,
      path: input.path,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      history: known?.stored ? await locateHistoryOf(known.stored, known.file) : undefined,
    });
    const history: HistoryUse = located.history ?? (known?.status.state === 'reading' ? 'reading' : 'none');
    const found: LocateResult[] = located.results.slice(0, MAX_RESULTS).map(({ unit, score, matched }) => ({
      path: unit.path,
      start: unit.region.start,
      end: unit.region.end,
      kind: unit.region.kind,
      name: unit.region.name,
      note: unit.region.note,
      score: Math.round(score * 1000) / 1000,
      matched,
    }));
    const { results: _all, searched: _searched, question: _question, root, scope, ...counts } = located;
    // The question as the caller wrote it, screened; the folders as every channel names them (a flagged one is not shown).
    const [shownQuestion, shownRoot, shownScope] = (
      await screenFields(ctx, [cleanText(question.text).replace(/\s+/g, ' '), escapeControls(root), escapeControls(scope)].map(cleanText))
    ).shown;
    const covered = { ...counts, root: shownRoot || UNSHOWN_FOLDER, scope: scope === '.' ? '.' : shownScope || UNSHOWN_FOLDER };
    const screened = await screenResults(ctx, project, found);
    // The judge sees the screened question and results only; its order, where it is enforcing, is the one shown.
    const { order, asked } = await judgeLocate(shownQuestion, screened.results, ctx.judge);
    const ranked = order ? order.map((i) => found[i]) : found;
    const results = order ? order.map((i) => screened.results[i]) : screened.results;
    const shown = await regionLines(
      ctx,
      project,
      ranked,
      results.map((r) => r.path),
    );
    const format: LocateFormat = options.json ? 'json' : 'text';
    const findings = distinctFindings(mergeFindings(screened.findings, shown.findings));
    const answer = await fitLocate(
      { ...covered, history, question: shownQuestion, ranked: located.results.length, judged: order !== undefined, judgeAsked: asked },
      results,
      shown.lines,
      input.tokens ?? DEFAULT_LOCATE_TOKENS,
      options.counter ?? O200K,
      format,
      numberedLines,
      findings,
    );
    for (const s of answer.shownLines) ctx.seen.add(ranked[s.result].path, s.start, s.end);
    const places = ranked.slice(0, answer.results.length).map(({ path, start, end }) => ({ path, start, end }));
    return { parts: [{ role: 'text', text: renderLocate(answer) }], json: locateJson(answer, findings), findings, places };
  } catch (error) {
    if (error instanceof LocateRequestError || error instanceof SearchRequestError) throw new ToolError(error.message, { tool: TOOL_NAME.locate });
    if (error instanceof NoSearchProgramError)
      throw new ToolError(`it cannot run here: ${error.message}`, { tool: TOOL_NAME.locate, advice: 'Use your own search tool instead.' });
    throw error;
  }
}
