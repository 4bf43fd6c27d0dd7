import { fileKindByName } from '../../../src/core/files/kind';
import { cappedNotice, noMapNotice } from '../../../src/core/guard/notice';
import { claudeCode } from '../../../src/core/hook/hosts/claudeCode';
import { mapRoom } from '../../../src/core/hook/answer';
import { bytesThrough } from '../../../src/core/hook/hosts/host';
import { renderMap, renderMapWithin } from '../../../src/core/map/render';
import { MapEntry } from '../../../src/core/map/types';
import { LINE_LIMIT, VIEW_CHARS, wholeMapCommand } from './harnesses';
import { observation } from './observation';
import type { ReadReplay, ReadScene } from './replay';
import { laterUse, windows } from './usage';
import { tokens } from './workspace';

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The map Skim makes of the lines the recording shows, as a file of their own (tree-sitter); none where it has no grammar. */
async function mapOfShown(scene: ReadScene, lines: string[]): Promise<MapEntry | undefined> {
  try {
    const { file } = scene.ws.place(scene.read.file, lines);
    return (await scene.ws.maps.ensure(file, { maxModelCalls: 0 })).entry;
  } catch {
    return undefined;
  }
}

/** The file's lines as far as the session shows them: the most any read of it numbered. */
function linesSeen(scene: ReadScene): number {
  let most = 0;
  for (const event of scene.session.events)
    for (const read of event.reads) if (read.file === scene.read.file) for (const [n] of read.lines) most = Math.max(most, n);
  return most;
}

/**
 * A read over the limit whose file the session does not show whole, replayed from what its
 * recording shows. The lines Skim shows are the recorded ones where it numbered them (others are
 * counted at the mean of those), the file's length is the most the session shows of it (mini-swe-
 * agent's cut says how many characters it left out; the corpus's size of the same path in the same
 * repository; for a view clipped with nothing else known, the median size of the corpus's files past
 * the clip), and the map is the outline of the shown lines scaled to that length, folded to the
 * room the host leaves as Skim folds it: at most that room, an upper bound.
 */
export async function estimateRead(scene: ReadScene): Promise<ReadReplay> {
  const { way, event, read, host } = scene;
  const same = { basis: 'estimated' as const, skim: host, extra: 0, extraReads: 0 };
  if (fileKindByName(read.file) !== 'source') return { ...same, basis: 'untouched', outcome: 'declined' };
  // SWE-agent's own outline of a large Python file already shows less than 200 of its lines would.
  if (read.abbrev) return { ...same, outcome: 'host' };
  const known = new Map(read.lines);
  const texts = read.lines.length ? read.lines.map(([, text]) => text) : read.nolines;
  const shell = way.path === 'shell';
  const budgetBytes = (n: number, text: string) => Buffer.byteLength(shell ? way.line(n, text, read) : text) + 1;
  const meanChars = mean(texts.map((text) => [...text].length)) + 1;
  const meanBytes = mean(texts.map((text, i) => budgetBytes(i + 1, text)));
  const meanTokens = tokens(texts.map((text, i) => way.line(i + 1, text, read)).join('\n')) / Math.max(1, texts.length);

  const [start, askedTo] = read.req?.[0] as [number, number | null];
  const elided = read.truncated ? Number(/\n(\d+) characters elided\n/.exec(event.obs)?.[1] ?? 0) : 0;
  const book =
    scene.sizes.total(scene.session, read.file) ?? (read.clipped && linesSeen(scene) <= read.lines.length ? scene.sizes.medianOver(VIEW_CHARS) : undefined);
  const total = Math.round(
    Math.max(linesSeen(scene), read.lines.length + read.nolines.length + (elided ? elided / meanBytes : 0), book === undefined ? 0 : book / meanChars),
  );
  const defaultLimit = way.path === 'hook' ? (claudeCode.cuts?.read?.lines ?? Infinity) : Infinity;
  const askedEnd = Math.min(total, askedTo ?? start + defaultLimit - 1);
  if (askedEnd - start + 1 <= LINE_LIMIT) return { ...same, outcome: 'small' };
  const end = start + LINE_LIMIT - 1;

  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const shownKnown = range(start, end).filter((n) => known.has(n));
  const unknown = LINE_LIMIT - shownKnown.length;
  const lineBytes = (n: number) => (known.has(n) ? budgetBytes(n, known.get(n) as string) : meanBytes);
  const hostBytes = bytesThrough(
    way.limits.cut,
    range(start, askedEnd).reduce((sum, n) => sum + lineBytes(n), 0),
    askedEnd - start + 1,
  );
  const linesBytes = range(start, end).reduce((sum, n) => sum + lineBytes(n), 0) + (shell ? 2 : 0);
  const notice = cappedNotice(read.file, start, end, total, askedEnd);
  const room = mapRoom(notice, { maxBytes: way.limits.contextLimit, hostBytes, linesBytes });

  const entry = await mapOfShown(scene, texts);
  if (!entry) return { ...same, outcome: 'unmapped', skim: host + tokens(noMapNotice(read.file, 'no grammar')) };
  if (room <= 0 || renderMapWithin({ ...entry, lines: total }, room, wholeMapCommand(read.file)) === undefined) return { ...same, outcome: 'host' };
  const map = renderMap(entry);
  const mapChars = Math.min(room, (map.length * total) / Math.max(1, texts.length));
  const shownLines = shownKnown.map((n) => [n, known.get(n) as string] as const);
  const skim = tokens(observation(way, event, read, shownLines)) + unknown * meanTokens + tokens(notice) + (mapChars * tokens(map)) / Math.max(1, map.length);

  // The lines the host showed beyond Skim's 200 (numbered, or the tail mini-swe-agent kept), where the session used them later.
  const sparse = Array.from({ length: Math.max(0, ...known.keys()) }, (_, i) => known.get(i + 1) ?? '');
  const use = laterUse(scene.harness, scene.session, scene.rebuilt, scene.at, read.file, sparse);
  const withheld = read.lines.filter(([n, text]) => (n < start || n > end) && (use.numbers.has(n) || use.texts.has(text))).map(([n]) => n);
  const tailUsed = read.nolines.some((text) => use.texts.has(text));
  const wanted = [...windows(withheld, total, LINE_LIMIT).map(([from, to]) => to - from + 1), ...(tailUsed ? [Math.min(LINE_LIMIT, read.nolines.length)] : [])];
  const extra = wanted.reduce((sum, lines) => sum + lines * meanTokens + tokens(observation(way, event, read, [])), 0);
  return { basis: 'estimated', outcome: 'capped', skim: skim + extra, extra, extraReads: wanted.length };
}
