import { fileKindByName } from '../../../src/core/files/kind';
import { ProjectFile } from '../../../src/core/files/project';
import { MapEntry } from '../../../src/core/map/types';
import type { MapOutcome, MapSource } from '../../../src/core/mapping/mapSource';
import { fileLines, printLines } from '../../../src/core/shell/printed';
import { claudeCode } from '../../../src/core/hook/hosts/claudeCode';
import { claudeInput, LINE_LIMIT, shellReadOf, VIEW_CHARS } from './harnesses';
import { observation } from './observation';
import type { ReadReplay, ReadScene, Skimmed } from './replay';
import type { Placed } from './workspace';
import { laterUse, windows } from './usage';
import { tokens } from './workspace';

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The maps of one stand-in file: the estimated map, whatever its bytes hash to. */
class StandInMaps implements MapSource {
  constructor(private readonly entry: MapEntry) {}

  async cached(_file: ProjectFile, hash: string, size: number): Promise<MapEntry> {
    return { ...this.entry, hash, size };
  }

  async ensure(file: ProjectFile): Promise<MapOutcome> {
    return { entry: { ...this.entry, path: file.key }, modelCalls: 0, fromCache: true, source: 'local' };
  }
}

/** The outline Skim makes of the lines the recording shows, as a file of their own (tree-sitter); none where it has no grammar. */
async function outlineOf(scene: ReadScene, lines: string[]): Promise<MapEntry | undefined> {
  try {
    const { file } = scene.ws.place(scene.read.file, lines);
    return (await scene.ws.maps.ensure(file, { maxModelCalls: 0 })).entry;
  } catch {
    return undefined;
  }
}

/** An outline of `shown` lines repeated to cover a file of `total`: each copy's regions moved down by `shown` lines, and named apart. */
function repeated(entry: MapEntry, shown: number, total: number): MapEntry {
  const copies = Math.max(1, Math.ceil(total / Math.max(1, shown)));
  const regions = Array.from({ length: copies }, (_, c) =>
    entry.regions.map((r) => ({ ...r, start: r.start + c * shown, end: r.end + c * shown, name: c ? `${r.name}${c + 1}` : r.name })),
  )
    .flat()
    .filter((r) => r.end <= total);
  return { ...entry, lines: total, regions };
}

/** The file's lines as far as the session shows them: the most any read of it numbered. */
function linesSeen(scene: ReadScene): number {
  let most = 0;
  for (const event of scene.session.events)
    for (const read of event.reads) if (read.file === scene.read.file) for (const [n] of read.lines) most = Math.max(most, n);
  return most;
}

/**
 * A read over the limit whose file the session does not show whole, replayed on a stand-in: the
 * recorded lines where the recording numbers them (a tail mini-swe-agent kept at the file's end),
 * the others filled to their mean length, and as its map the outline of the recorded lines repeated
 * to the file's length; Skim's real path for the harness runs on it, and the lines it did not know
 * count the mean tokens of those it did. The file's length is the most the session shows of it
 * (mini-swe-agent's cut says how many characters it left out; the corpus's size of the same path in
 * the same repository; for a view clipped with nothing else known, the median size of the corpus's
 * files past the clip).
 */
export async function estimateRead(scene: ReadScene, through: (scene: ReadScene, placed: Placed, maps: MapSource) => Promise<Skimmed>): Promise<ReadReplay> {
  const { way, event, read, host } = scene;
  const same = { basis: 'estimated' as const, skim: host, extra: 0, extraReads: 0 };
  if (fileKindByName(read.file) !== 'source') return { ...same, basis: 'untouched', outcome: 'declined' };
  // SWE-agent's own outline of a large Python file already shows less than 200 of its lines would.
  if (read.abbrev) return { ...same, outcome: 'host' };
  const shell = way.path === 'shell' ? shellReadOf(event) : undefined;
  const start = shell?.start ?? read.req?.[0]?.[0];
  if (typeof start !== 'number' || shell?.last !== undefined) return { ...same, outcome: 'passed' };
  const askedTo = shell ? shell.end : read.req?.[0]?.[1];

  const known = new Map(read.lines);
  const texts = read.lines.length ? read.lines.map(([, text]) => text) : read.nolines;
  const meanChars = Math.max(1, Math.round(mean(texts.map((text) => [...text].length))));
  const meanTokens = tokens(texts.map((text, i) => way.line(i + 1, text, read)).join('\n')) / Math.max(1, texts.length);
  const elided = read.truncated ? Number(/\n(\d+) characters elided\n/.exec(event.obs)?.[1] ?? 0) : 0;
  const printedChars = mean(texts.map((text, i) => [...way.line(i + 1, text, read)].length + 1));
  const book =
    scene.sizes.total(scene.session, read.file) ?? (read.clipped && linesSeen(scene) <= read.lines.length ? scene.sizes.medianOver(VIEW_CHARS) : undefined);
  const total = Math.round(
    Math.max(linesSeen(scene), read.lines.length + read.nolines.length + (elided ? elided / printedChars : 0), book === undefined ? 0 : book / (meanChars + 1)),
  );
  // Claude Code's Read without a limit reads as many lines as its own default.
  const defaultLimit = way.path === 'hook' ? (claudeCode.readArgs(claudeInput(event.cmd, read.file))?.limit ?? Infinity) : Infinity;
  const askedEnd = Math.min(total, askedTo ?? start + defaultLimit - 1);
  if (askedEnd - start + 1 <= LINE_LIMIT) return { ...same, outcome: 'small' };

  // The stand-in: known lines where they are, a kept tail at the end, the rest filled.
  read.nolines.forEach((text, i) => known.set(total - read.nolines.length + 1 + i, text));
  const content = Array.from({ length: total }, (_, i) => known.get(i + 1) ?? 'x'.repeat(meanChars));
  const outline = await outlineOf(scene, texts);
  if (!outline) return { ...same, outcome: 'unmapped' };
  const skimmed = await through(scene, scene.ws.place(read.file, content), new StandInMaps(repeated(outline, texts.length, total)));
  if (skimmed.outcome !== 'capped' || !skimmed.shown) return { ...same, outcome: skimmed.outcome };

  const [first, last] = skimmed.shown;
  const shownKnown = Array.from({ length: last - first + 1 }, (_, i) => first + i).filter((n) => read.lines.some(([m]) => m === n));
  const unknown = last - first + 1 - shownKnown.length;
  const lines =
    tokens(
      observation(
        way,
        event,
        read,
        shownKnown.map((n) => [n, known.get(n) as string] as const),
      ),
    ) +
    unknown * meanTokens;
  const told =
    skimmed.output !== undefined
      ? tokens(skimmed.output.replace(printLines(fileLines(Buffer.from(`${content.join('\n')}\n`)), first, last, shell?.format ?? 'raw').toString('utf8'), ''))
      : tokens(skimmed.context ?? '');
  const skim = lines + told;

  // The lines the host showed beyond Skim's (numbered, or the tail mini-swe-agent kept), where the session used them later.
  const sparse = Array.from({ length: Math.max(0, ...read.lines.map(([n]) => n)) }, (_, i) => known.get(i + 1) ?? '');
  const use = laterUse(scene.harness, scene.session, scene.rebuilt, scene.at, read.file, sparse);
  const withheld = read.lines.filter(([n, text]) => (n < first || n > last) && (use.numbers.has(n) || use.texts.has(text))).map(([n]) => n);
  const tailUsed = read.nolines.some((text) => use.texts.has(text) || use.shownTexts.has(text));
  const wanted = [...windows(withheld, total, LINE_LIMIT).map(([from, to]) => to - from + 1), ...(tailUsed ? [Math.min(LINE_LIMIT, read.nolines.length)] : [])];
  const extra = wanted.reduce((sum, n) => sum + n * meanTokens + tokens(observation(way, event, read, [])), 0);
  return { basis: 'estimated', outcome: 'capped', skim: skim + extra, extra, extraReads: wanted.length };
}
