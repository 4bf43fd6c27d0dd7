import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { Project } from '../files/project';
import { MapSource } from '../mapping/mapSource';
import { KeptAnswer, OverviewAnswers } from '../overview/answers';
import { OverviewFileError, OverviewRequestError, rankOverview, RankedFile } from '../overview/survey';
import { DEFAULT_TOKENS, fitOverview, NarrowHint, OverviewAnswer, overviewJson, proseShown, renderOverview } from '../overview/renderOverview';
import { O200K, TokenCounter } from '../savings';
import { cleanText, escapeControls } from '../map/controls';
import { screenFields } from '../screen/fields';
import { UNSHOWN_FOLDER, UNSHOWN_NAME } from '../screen/names';
import { ScreenFindings } from '../screen/screen';
import { FieldFinding } from '../screen/placed';
import { filesFindings } from './maps';
import { Outlines } from '../outlines/projectOutlines';
import { findSearchProgram, NoSearchProgramError } from '../search/program';
import { ToolError, ToolResult } from './result';
import type { ToolHost } from './host';
import { StoredHistory } from '../history/historyStore';
import { fileChanges } from '../history/changes';
import { SearchPrograms } from './runSearch';

/** Where an overview's parts come from: stored maps for prose, the outlines, where answers are kept, and the project's history. */
export interface OverviewSources {
  maps?: MapSource;
  outlines: () => Promise<Outlines>;
  answersFile?: string;
  history?: ToolHost['history'];
}

/** What skim_overview takes: a folder (default the project) and a token budget (default 1,000). */
export interface OverviewInput {
  path?: string;
  tokens?: number;
}

export interface OverviewOptions extends SearchPrograms {
  /** Counts tokens as the model reading the answer does, where the host can; else o200k. */
  counter?: TokenCounter;
  signal?: AbortSignal;
  /** The answer is printed as its JSON (`--json`): the budget is counted on that. */
  json?: boolean;
  /** How the host names an overview of one folder, for the line that says where to narrow. */
  narrow?: NarrowHint;
  /** How the host names looking at one file, for a path that names a file (default its tools: skim_list_symbols, skim_summarize_file). */
  oneFile?: (file: string) => string;
  /** The overview's time cap (default OVERVIEW_TIMEOUT_MS): a caller with less time left says so. */
  timeoutMs?: number;
}

/**
 * What an overview shows that is not a file's own lines (each path, the README line, a map's
 * prose, the declarations' names) screened as any text Skim returns, before it is drawn: a
 * credential is redacted, a field the screen flags as addressed to the agent is left out (an
 * overview is never judged or wrapped), and control characters are taken out. Findings count
 * fields, not file lines.
 */
async function screenOverview(ctx: SkimContext, project: Project, answer: OverviewAnswer): Promise<{ answer: OverviewAnswer; findings: ScreenFindings }> {
  const fields = [
    answer.description ?? '',
    escapeControls(answer.root),
    escapeControls(answer.scope),
    escapeControls(answer.narrow ?? ''),
    ...answer.files.flatMap((f) => [escapeControls(f.path), f.prose ?? '', ...f.declarations.map((d) => d.name)]),
  ].map((field) => cleanText(field).replace(/\s+/g, ' '));
  const { shown, findings } = await screenFields(ctx, fields);
  let at = 4;
  const files = answer.files.map((f) => {
    // A file whose name the screen flags is named as every channel names it.
    const filePath = shown[at++] || UNSHOWN_NAME;
    const prose = f.prose === null || shown[at] === '' ? null : shown[at];
    at++;
    return { ...f, path: filePath, prose, declarations: f.declarations.map((d) => ({ ...d, name: shown[at++] })) };
  });
  const description = answer.description === null || shown[0] === '' ? null : shown[0];
  // The folders it names are text like any other: a credential in a folder's name is redacted, and a name the screen flags is not shown.
  const root = shown[1] || UNSHOWN_FOLDER;
  const scope = answer.scope === '.' ? '.' : shown[2] || UNSHOWN_FOLDER;
  const narrow = shown[3] || undefined;
  const shownPath = new Map(answer.files.map((f, i) => [f.path, files[i].path]));
  const placed = await placedInFiles(ctx, project, answer, fields, findings, shownPath);
  return { answer: { ...answer, root, scope, narrow, description, files }, findings: placed };
}

/**
 * What the screen found in the files' prose and declarations' names, on those files' own lines
 * (screen/placed): prose describes a file from its top, a name its declaration. The folders, the
 * paths and the README's line are no lines of a file the answer shows: not placed.
 */
async function placedInFiles(
  ctx: SkimContext,
  project: Project,
  answer: OverviewAnswer,
  fields: readonly string[],
  findings: ScreenFindings,
  shownPath: ReadonlyMap<string, string>,
): Promise<ScreenFindings> {
  const owner: { file: string; near: { start: number; end: number } }[] = [];
  let at = 4;
  for (const f of answer.files) {
    at++;
    owner[at++] = { file: f.path, near: { start: 1, end: 1 } };
    for (const d of f.declarations) owner[at++] = { file: f.path, near: { start: d.start, end: d.end } };
  }
  const byFile = new Map<string, FieldFinding[]>();
  const found = (line: number, finding: Pick<FieldFinding, 'kind' | 'signal'>) => {
    const own = owner[line - 1];
    if (own) byFile.set(own.file, [...(byFile.get(own.file) ?? []), { ...finding, field: fields[line - 1], near: own.near }]);
  };
  for (const r of findings.redactions) found(r.line, { kind: r.kind });
  for (const f of findings.flags) found(f.line, { signal: f.signal });
  return filesFindings(ctx, project, byFile, shownPath);
}

/** The answer kept under `key`, while each shown file's prose is what its cached map (or its own outline) gives now. */
async function keptAnswer(project: Project, answers: OverviewAnswers, key: string, maps?: MapSource): Promise<KeptAnswer | undefined> {
  const kept = await answers.get(key);
  if (!kept || kept.files.length !== kept.answer.files.length) return undefined;
  for (const [i, file] of kept.files.entries()) if ((await proseShown(project, file, maps)) !== kept.answer.files[i].prose) return undefined;
  return kept;
}

/** How a model is told to narrow an overview, where the host says nothing else. */
const TOOL_NARROW = (folder: string) => `${TOOL_NAME.overview} with path "${folder}"`;

/** An overview as data, screened: what a host renders, and what a listing cut short shows of its folder. */
export interface ScreenedOverview {
  answer: OverviewAnswer;
  findings: ScreenFindings;
}

/** Each stored history's files' changes, worked out once. */
const changesOf = new WeakMap<StoredHistory, Map<string, number>>();

/**
 * A folder's overview in a token budget, as data, screened: its files ranked by how much the rest
 * of the code names their declarations (and, where the project's history is read, by how much they
 * change), with the most named ones, each name once. Never a model call: fresh cached maps lend
 * their prose, tree-sitter outlines (stored by content hash) the rest. Throws what the overview
 * throws for a request it refuses (OverviewRequestError, NoSearchProgramError).
 */
export async function overviewAnswer(
  ctx: SkimContext,
  project: Project,
  /** The outlines, opened only when files are ranked; answers are kept in `answersFile` when given. */
  sources: OverviewSources,
  input: OverviewInput,
  options: OverviewOptions = {},
): Promise<ScreenedOverview> {
  const narrow = options.narrow ?? TOOL_NARROW;
  const program = { ...findSearchProgram(project.root, options.candidates, options.env), launch: options.launch };
  const format = options.json ? 'json' : 'text';
  const tokens = input.tokens ?? DEFAULT_TOKENS;
  const counter = options.counter ?? O200K;
  const answers = sources.answersFile ? new OverviewAnswers(sources.answersFile) : undefined;
  const stored = (await sources.history?.())?.stored;
  let changes = stored && changesOf.get(stored);
  if (stored && !changes) changesOf.set(stored, (changes = fileChanges(stored.commits)));
  let kept: KeptAnswer | undefined;
  const request = {
    path: input.path,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    changes,
    // The history's head is part of what an answer is made from: a new commit may reorder it.
    answerParts: JSON.stringify([tokens, format, counter.name, stored?.head ?? null]),
    // An answer kept for exactly these files' bytes serves while every map it took prose from (or did not) is as it was.
    kept: answers && (async (key: string) => !!(kept = await keptAnswer(project, answers, key, sources.maps))),
  };
  const ranked = await rankOverview(project, program, request, { outlines: sources.outlines });
  let fitted = kept?.answer;
  if (!fitted) {
    fitted = await fitOverview(ranked, tokens, counter, narrow, sources.maps, format);
    if (answers && ranked.key && fitted.stoppedAfterMs === undefined && fitted.settled) {
      const byPath = new Map(ranked.files.map((f) => [f.path, f]));
      const files = fitted.files.map(({ path: filePath }) => {
        const { hash, size, prose } = byPath.get(filePath) as RankedFile;
        return { path: filePath, hash, size, prose };
      });
      await answers.put(ranked.key, { answer: fitted, files });
    }
  }
  return screenOverview(ctx, project, fitted);
}

/** skim_overview and `skim overview`: overviewAnswer rendered for the host, a refused request said as the tool's error. */
export async function overviewProject(
  ctx: SkimContext,
  project: Project,
  sources: OverviewSources,
  input: OverviewInput,
  options: OverviewOptions = {},
): Promise<ToolResult> {
  const narrow = options.narrow ?? TOOL_NARROW;
  try {
    const { answer, findings } = await overviewAnswer(ctx, project, sources, input, options);
    return { parts: [{ role: 'text', text: renderOverview(answer, narrow) }], json: overviewJson(answer, findings), findings };
  } catch (error) {
    if (error instanceof OverviewFileError) {
      const oneFile = options.oneFile ?? (() => 'outline one file with skim_list_symbols or skim_summarize_file');
      throw new ToolError(`${error.message}: ${oneFile(error.file)}`, { tool: TOOL_NAME.overview });
    }
    if (error instanceof OverviewRequestError) throw new ToolError(error.message, { tool: TOOL_NAME.overview });
    if (error instanceof NoSearchProgramError) throw new ToolError(`it cannot run here: ${error.message}`, { tool: TOOL_NAME.overview });
    throw error;
  }
}
