import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { isMinified } from '../files/kind';
import { Project, ProjectFile } from '../files/project';
import { counted } from '../map/counts';
import { mapJson, renderAt, renderMap } from '../map/render';
import { MapOutcome, MapSource, MapUnavailableError } from '../mapping/mapSource';
import { screenEntry } from '../screen/entry';
import { FieldFinding, placeFindings } from '../screen/placed';
import { findingsJson, inFile, mergeFindings, NO_FINDINGS, ScreenFindings } from '../screen/screen';
import { UNSHOWN_NAME } from '../screen/names';
import { readSource } from '../files/readSource';
import { explain, TextPart, ToolError, ToolResult } from './result';

/** A file's map, screened: from the cache when fresh, else made now (one model call, at most three). */
async function screenedMap(ctx: SkimContext, maps: MapSource, file: ProjectFile, tool: string, instead: string) {
  let outcome: MapOutcome;
  try {
    outcome = await maps.ensure(file);
  } catch (error) {
    if (error instanceof MapUnavailableError) throw new ToolError(`no map for ${file.key}: ${error.message}`, { advice: instead });
    throw explain(error, file, tool, instead);
  }
  const screened = await screenEntry(ctx, outcome.entry);
  return { outcome, entry: screened.entry, findings: await fileFindings(ctx, file, screened.fields) };
}

/**
 * What the screen found in a map's fields, on the file's own lines (screen/placed), for `--json`'s
 * `screen`: the file is read again only when there is a finding to place.
 */
export async function fileFindings(ctx: SkimContext, file: ProjectFile, fields: readonly FieldFinding[]): Promise<ScreenFindings> {
  if (!fields.length) return NO_FINDINGS;
  let lines: string[] = [];
  try {
    lines = (await readSource(file)).lines;
  } catch {
    // Gone since it was mapped: each finding is counted on its region's first line.
  }
  return placeFindings(ctx, fields, lines);
}

/** What several files' map fields held (`byFile`, keyed by each file's key), on those files' lines, each naming its file as the answer shows it (`shownPath`). */
export async function filesFindings(
  ctx: SkimContext,
  project: Project,
  byFile: ReadonlyMap<string, readonly FieldFinding[]>,
  shownPath: ReadonlyMap<string, string>,
): Promise<ScreenFindings> {
  let placed = NO_FINDINGS;
  for (const [key, fields] of byFile)
    placed = mergeFindings(placed, inFile(await fileFindings(ctx, project.file(key), fields), shownPath.get(key) ?? UNSHOWN_NAME));
  return placed;
}

/** A minified file has no useful map: said instead of one, with what to do, before any model call where its name says so. */
export function refuseMinified(file: ProjectFile, size: number, lines: number, tool: string): void {
  if (!isMinified(file.key, size, lines)) return;
  const shape = lines ? ` (${counted(lines, 'line')} of ${Math.max(1, Math.round(size / lines / 1024))} KB on average)` : '';
  throw new ToolError(`${file.key} is minified code${shape}: it has no useful map, only a minifier's names on a few long lines`, {
    tool,
    advice: 'Search it with skim_search for the name or text you need, then read those lines.',
  });
}

export type SummaryResult = ToolResult<ReturnType<typeof mapJson>> & { outcome: MapOutcome };

/** skim_summarize_file and `skim map`: the file's prose and whole map, and a note when the structural outline stands in for a model that failed. */
export async function summarizeFile(ctx: SkimContext, maps: MapSource, file: ProjectFile): Promise<SummaryResult> {
  refuseMinified(file, 0, 0, TOOL_NAME.summarizeFile);
  const { outcome, entry, findings } = await screenedMap(ctx, maps, file, TOOL_NAME.summarizeFile, 'Read it with skim_read_file instead.');
  refuseMinified(file, outcome.entry.size, entry.lines, TOOL_NAME.summarizeFile);
  const parts: TextPart[] = [];
  if (outcome.fallback) parts.push({ role: 'notice', text: `[skim] Note: ${outcome.fallback}.` });
  parts.push({ role: 'map', text: renderMap(entry) });
  return {
    parts,
    json: { ...mapJson(entry, outcome.modelCalls, outcome.source, outcome.publisher), screen: findingsJson(findings) } as ReturnType<typeof mapJson>,
    findings,
    outcome,
  };
}

/** `skim at`: the regions that hold one line, innermost last; a line the file does not have is a failure, as a declaration it lacks is for `skim symbol`. */
export async function mapAt(ctx: SkimContext, maps: MapSource, file: ProjectFile, line: number): Promise<ToolResult<null> & { outcome: MapOutcome }> {
  const { outcome, entry, findings } = await screenedMap(ctx, maps, file, 'skim at', 'Read the line instead.');
  if (line < 1 || line > entry.lines) throw new ToolError(`${entry.path} has ${counted(entry.lines, 'line')}; line ${line} is outside it`);
  return { parts: [{ role: 'text', text: renderAt(entry, line) }], json: null, findings, outcome };
}
