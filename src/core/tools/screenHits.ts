import type { SkimContext } from '../context';
import { readSource } from '../files/source';
import { Region } from '../map/types';
import { Project } from '../files/project';
import { LINE_CHARS } from '../search/run';
import { SearchHit } from '../search/search';
import { mergeFindings, NO_FINDINGS, ScreenFindings, screenLines } from '../screen/screen';
import { hashBytes } from '../files/scan';
import { screenSource, SourceScreen } from '../screen/source';

/**
 * Whole files screened, by path and content, per session: a long-lived host (MCP, VS Code) that
 * searches again, or searches another pattern in the same files, screens none of them twice.
 * Bounded by the bytes of the files kept.
 */
const screens = new WeakMap<SkimContext, { kept: Map<string, { screen: SourceScreen; bytes: number }>; bytes: number }>();
const SCREENS_MAX_BYTES = 32 * 1024 * 1024;

async function screenedSource(ctx: SkimContext, key: string, source: { bytes: Buffer; lines: string[] }): Promise<SourceScreen> {
  let memo = screens.get(ctx);
  if (!memo) screens.set(ctx, (memo = { kept: new Map(), bytes: 0 }));
  const id = `${key}\0${hashBytes(source.bytes)}`;
  const found = memo.kept.get(id);
  if (found) return found.screen;
  const screen = await screenSource(ctx, source.lines);
  for (const [old, { bytes }] of memo.kept) {
    if (memo.bytes + source.bytes.length <= SCREENS_MAX_BYTES) break;
    memo.kept.delete(old);
    memo.bytes -= bytes;
  }
  if (source.bytes.length <= SCREENS_MAX_BYTES) {
    memo.kept.set(id, { screen, bytes: source.bytes.length });
    memo.bytes += source.bytes.length;
  }
  return screen;
}

const clip = (text: string) => (text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS)}…` : text);

/**
 * Hits (search matches, a language server's locations) as they may be shown: each file with hits
 * is screened whole, so that a hit on one line of a multi-line credential is redacted too; a file
 * that cannot be read whole has its hits' own text screened. The regions' names and notes are
 * screened like any map's. Flags are counted in the hits' file lines.
 */
export async function screenHits(ctx: SkimContext, project: Project, hits: readonly SearchHit[]): Promise<{ hits: SearchHit[]; findings: ScreenFindings }> {
  const byFile = new Map<string, SearchHit[]>();
  for (const hit of hits) byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit]);
  const screened = new Map<SearchHit, SearchHit>();
  let findings = NO_FINDINGS;
  for (const [path, list] of byFile) {
    let read: { bytes: Buffer; lines: string[] } | undefined;
    try {
      const file = project.file(path);
      read = file.inside ? await readSource(file) : undefined;
    } catch {
      read = undefined;
    }
    if (read) {
      const source = await screenedSource(ctx, path, read);
      for (const hit of list) {
        const kinds = source.redactedIn(hit.line);
        screened.set(hit, kinds.length ? { ...hit, text: clip(source.line(hit.line)) } : hit);
        findings = mergeFindings(findings, {
          redactions: kinds.map((kind) => ({ line: hit.line, kind })),
          flags: source.flagsAt(hit.line).map((signal) => ({ signal, line: hit.line })),
          wrapped: [],
        });
      }
      continue;
    }
    const own = await screenLines(
      ctx,
      list.map((h) => h.text),
      1,
      false,
    );
    list.forEach((hit, i) => screened.set(hit, { ...hit, text: own.lines[i] }));
    findings = mergeFindings(findings, own.findings);
  }
  const regions = await screenRegions(
    ctx,
    hits.map((h) => h.region).filter((r): r is Region => r !== null),
  );
  return {
    hits: hits.map((hit) => {
      const h = screened.get(hit) as SearchHit;
      return { ...h, region: h.region && (regions.get(h.region) ?? h.region) };
    }),
    findings,
  };
}

/** Each distinct region with its name and note screened. */
async function screenRegions(ctx: SkimContext, regions: readonly Region[]): Promise<Map<Region, Region>> {
  const distinct = [...new Set(regions)];
  const out = new Map<Region, Region>();
  if (!distinct.length) return out;
  const screened = await screenLines(
    ctx,
    distinct.flatMap((r) => [r.name, r.note]),
    1,
    false,
  );
  distinct.forEach((r, i) => out.set(r, { ...r, name: screened.lines[2 * i], note: screened.lines[2 * i + 1] }));
  return out;
}
