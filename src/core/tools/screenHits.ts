import type { SkimContext } from '../context';
import { readSource } from '../files/readSource';
import { Region } from '../map/types';
import { Project } from '../files/project';
import { LINE_CHARS } from '../search/run';
import { SearchHit } from '../search/searchHits';
import { mergeFindings, NO_FINDINGS, redactLines, ScreenFindings, screenLines } from '../screen/screen';
import { findSecrets } from '../screen/secrets';
import { hashBytes } from '../files/scan';
import { screenNames } from '../screen/names';
import { screenSource, SourceScreen } from '../screen/sourceScreen';
import { screenWindow } from '../screen/window';

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

/** The screened line, its indentation as the host gave the hit's (a language server's locations come trimmed). */
const asGiven = (given: string, line: string) => (/^\s/.test(given) ? line : line.trimStart());

/**
 * Whether every span of a line's match touches a credential the line holds on its own; true too
 * when the line holds none on its own (its redaction is a private key's, found with the lines around it).
 */
async function touchesWithheld(text: string, spans: readonly { start: number; end: number }[]): Promise<boolean> {
  const taken = redactLines([text], await findSecrets(text)).redacted;
  return !taken.length || spans.every((s) => taken.some((r) => s.start < r.to && r.from < s.end));
}

/** Hits as they may be shown, and the project key of each one's file (its `path` is the name as shown). */
export interface ScreenedHits {
  hits: SearchHit[];
  keys: Map<SearchHit, string>;
  findings: ScreenFindings;
}

/**
 * Hits (search matches, a language server's locations) as they may be shown: each file with hits
 * is screened whole, so that a hit on one line of a multi-line credential is redacted too; a file
 * too large to read whole has each hit's line screened with the lines around it where it may be
 * part of a private key (screen/window). Each line is screened whole and only then clipped to
 * LINE_CHARS. File names are screened as names (screen/names), and the regions' names and notes
 * like any map's. Flags are counted in the hits' file lines. A hit whose every matched span
 * touches what the screen takes out is left out altogether: shown redacted, or counted, it would
 * say whether the pattern matched the credential, and answer probes for it one character at a
 * time. A regex's match is its whole line (search/run), so a regex finds nothing on a line that
 * holds a credential; literal text found beside one is shown, redacted.
 */
export async function screenHits(ctx: SkimContext, project: Project, hits: readonly SearchHit[]): Promise<ScreenedHits> {
  const byFile = new Map<string, SearchHit[]>();
  for (const hit of hits) byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit]);
  const screened = new Map<SearchHit, SearchHit>();
  let findings = NO_FINDINGS;
  for (const [path, list] of byFile) {
    const file = project.file(path);
    let read: { bytes: Buffer; lines: string[] } | undefined;
    try {
      read = file.inside ? await readSource(file) : undefined;
    } catch {
      read = undefined;
    }
    if (read) {
      const source = await screenedSource(ctx, path, read);
      for (const hit of list) {
        if (hit.spans && source.withholds(hit.line, hit.spans)) continue;
        const kinds = source.redactedIn(hit.line);
        screened.set(hit, { ...hit, text: clip(asGiven(hit.text, source.line(hit.line))) });
        findings = mergeFindings(findings, {
          redactions: kinds.map((kind) => ({ line: hit.line, kind })),
          flags: source.flagsAt(hit.line).map((signal) => ({ signal, line: hit.line })),
          wrapped: [],
        });
      }
      continue;
    }
    for (const hit of list) {
      const own = file.inside ? await screenWindow(ctx, file.real, [hit.text], hit.line, false) : await screenLines(ctx, [hit.text], hit.line, false);
      if (hit.spans && own.findings.redactions.length && (await touchesWithheld(hit.text, hit.spans))) continue;
      screened.set(hit, { ...hit, text: clip(own.lines[0]) });
      findings = mergeFindings(findings, own.findings);
    }
  }
  const [regions, names] = await Promise.all([
    screenRegions(
      ctx,
      hits.map((h) => h.region).filter((r): r is Region => r !== null),
    ),
    screenNames(ctx, [...byFile.keys()]),
  ]);
  const shownName = new Map([...byFile.keys()].map((key, i) => [key, names.shown[i]]));
  const keys = new Map<SearchHit, string>();
  const shown = hits.flatMap((hit) => {
    const h = screened.get(hit);
    if (!h) return [];
    const out = { ...h, path: shownName.get(hit.path) as string, region: h.region && (regions.get(h.region) ?? h.region) };
    keys.set(out, hit.path);
    return [out];
  });
  return { hits: shown, keys, findings };
}

/** Each distinct region with its name and note screened. */
export async function screenRegions(ctx: SkimContext, regions: readonly Region[]): Promise<Map<Region, Region>> {
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
