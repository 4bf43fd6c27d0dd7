import type { SkimContext } from '../context';
import { TOOL_NAME } from './names';
import { ProjectFile } from '../files/project';
import { mapJson, regionLabel, renderMap } from '../map/render';
import { Region } from '../map/types';
import { screenEntry } from '../screen/entry';
import { screenArguments } from '../screen/message';
import { screenNames } from '../screen/names';
import { distinctFindings, findingsJson, mergeFindings, screenLines } from '../screen/screen';
import { placeFindings } from '../screen/placed';
import { screenSource } from '../screen/sourceScreen';
import { findSymbol, listSymbols } from '../structural/symbols';
import { fileFindings, refuseMinified } from './maps';
import { numberedLines } from './read';
import { explain, ToolResult } from './result';

const INSTEAD = 'Use skim_summarize_file or skim_read_file for this file instead.';

/** skim_list_symbols: the structural outline of one file; one parse, no model call. */
export async function listSymbolsOf(ctx: SkimContext, file: ProjectFile): Promise<ToolResult> {
  refuseMinified(file, 0, 0, TOOL_NAME.listSymbols);
  let outline;
  try {
    outline = await listSymbols(file);
  } catch (error) {
    throw explain(error, file, TOOL_NAME.listSymbols, INSTEAD);
  }
  refuseMinified(file, outline.size, outline.lines, TOOL_NAME.listSymbols);
  const { entry, fields } = await screenEntry(ctx, outline);
  const findings = await fileFindings(ctx, file, fields);
  return { parts: [{ role: 'map', text: renderMap(entry) }], json: { ...mapJson(entry, 0), screen: findingsJson(findings) }, findings };
}

/** skim_find_symbol: each declaration of that name with its coordinates and numbered lines; the outline when there is none. */
/** What skim_find_symbol answers as data: the file, the name asked for, and each declaration of that name found (none: the outline is the text). */
export interface FoundSymbols {
  path: string;
  name: string;
  found: Region[];
  screen: ReturnType<typeof findingsJson>;
}

export async function findSymbolIn(ctx: SkimContext, file: ProjectFile, name: string, maxLines: number): Promise<ToolResult<FoundSymbols>> {
  let found;
  try {
    found = await findSymbol(file, name, maxLines);
  } catch (error) {
    throw explain(error, file, TOOL_NAME.findSymbol, INSTEAD);
  }
  // The declarations' names and notes, and the file's name, are shown as the map shows them: screened; the name asked for is the caller's, echoed.
  const outline = await screenEntry(ctx, found.outline);
  const [names, [shownName]] = await Promise.all([screenNames(ctx, [file.key]), screenArguments(ctx, [name])]);
  const [key] = names.shown;
  if (found.found.length === 0) {
    const text = `No declaration named "${shownName}" in ${key}. The declarations it has:\n\n${renderMap(outline.entry)}`;
    const findings = await placeFindings(ctx, outline.fields, found.lines);
    return { parts: [{ role: 'text', text }], json: { path: key, name: shownName, found: [], screen: findingsJson(findings) }, findings };
  }
  const source = await screenSource(ctx, found.lines);
  const shown = [];
  // What the shown declarations' names and notes held, on the file's lines, beside what their lines hold.
  const isShown = (near: { start: number; end: number }) => found.found.some(({ region }) => region.start === near.start && region.end === near.end);
  let findings = await placeFindings(
    ctx,
    outline.fields.filter((f) => isShown(f.near)),
    found.lines,
  );
  for (const { region: raw, lines, truncated } of found.found) {
    const region = outline.entry.regions[found.outline.regions.indexOf(raw)];
    const last = region.start + lines.length - 1;
    const screened = await screenLines(ctx, source.lines(region.start, last), region.start);
    // The whole file's screen redacted these lines (a key's middle line has no marker of its own): its redactions count, found once.
    const redactions = Array.from({ length: lines.length }, (_, i) => region.start + i).flatMap((line) =>
      source.redactedIn(line).map((kind) => ({ line, kind })),
    );
    findings = distinctFindings(mergeFindings(findings, { ...screened.findings, redactions: [...redactions, ...screened.findings.redactions] }));
    ctx.seen.add(file.key, region.start, region.end);
    const head = `${regionLabel(region)}: lines ${region.start}-${region.end} of ${key}`;
    const more = truncated ? `\n[skim] Only the first ${lines.length} lines are shown; read from line ${region.start + lines.length} for the rest.` : '';
    shown.push({ region, text: `${head}\n${numberedLines(region.start, screened.lines, screened.findings.wrapped)}${more}` });
  }
  return {
    parts: [{ role: 'lines', text: shown.map((s) => s.text).join('\n\n') }],
    json: { path: key, name: shownName, found: shown.map((s) => ({ ...s.region })), screen: findingsJson(findings) },
    findings,
  };
}
