import { fewerLinesNotice, listingNotice } from '../guard/notice';
import { FolderRow } from './listingTally';
import { ListingOutput } from './listingRun';
import { addSizes, cutWords, fits, OutputCut, OutputSize, shownOf, shownWhole, sizeOf } from './outputCut';

/**
 * The most tokens a shortened listing's overview takes: tuned on the tuned half of the recorded
 * sessions (`npm run bench:sessions`), where an overview of the default 1,000 cost more than the
 * listing lines it replaced (mini-swe-agent's host already keeps 10,000 characters of it).
 */
export const LISTING_OVERVIEW_TOKENS = 400;

/** The most rows of what a shortened listing leaves out, by folder. */
export const MAX_FOLDER_ROWS = 24;

/** What one o200k token of an overview takes in bytes, at most as far as the fit needs: its budget is set from the room in bytes by it. */
const BYTES_PER_TOKEN = 5;

/** 12,345: thousands marked. */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

export interface ListingAnswerInput {
  output: ListingOutput;
  program: string;
  /** The listed folder as the command names it, screened. */
  folder: string;
  lineLimit: number;
  cut?: OutputCut;
  /** The folders' names as the rows show them, screened, each as the command names it (`./django/db`). */
  names(rows: readonly FolderRow[]): Promise<string[]>;
  /** The command that lists one folder the same way (`ls -R ./django/db`), as the notice suggests it. */
  narrow(folder: string): string | undefined;
  /** The folder's overview fitted to `tokens` (from `min` to `max`), as a model reads it; undefined when none can be made. */
  overview: { min: number; max: number; make(tokens: number): Promise<string | undefined> };
}

/**
 * - untouched: the listing as the command printed it (within the limit, or nothing saved within the host's cut, or no overview);
 * - shortened: the notice, the first lines as printed, what the rest holds by folder, the overview;
 * - unprintable: neither can be printed (the output was not kept whole, or its counts are in doubt): the command itself must run.
 */
export type ListingAnswer =
  { outcome: 'untouched'; output: Buffer } | { outcome: 'shortened'; output: Buffer; shown: number } | { outcome: 'unprintable'; reason: string };

const text = (s: string) => Buffer.from(s, 'utf8');

/** The rows as a model reads them: each folder as the command names it and its entries left out, folders below a folder indented under it. */
function rowsText(rows: readonly FolderRow[], names: readonly string[], entries: number, own: number, folder: string): string {
  const lines = [`What the rest holds, by folder (${count(entries)} entries in it and below it; ${count(own)} in ${folder} itself):`];
  rows.forEach((row, i) => {
    const indent = '  '.repeat(row.indent);
    lines.push(row.more ? `${indent}… ${count(row.more)} more folders in ${names[i]}: ${count(row.entries)}` : `${indent}${names[i]} ${count(row.entries)}`);
  });
  return lines.join('\n');
}

/**
 * A recursive listing of more than the limit, as a model reads it within what the host shows of
 * the command's own output: the notice first, the first lines exactly as printed (fewer where
 * the host's cut leaves no room for them beside the rest, and the notice says so), what the rest
 * holds by folder, and the folder's overview in the room left. Where that would show no less
 * than the host shows of the listing itself, or no overview can be made, the listing is printed
 * as it is.
 */
export async function listingAnswer(input: ListingAnswerInput): Promise<ListingAnswer> {
  const { output, lineLimit, cut } = input;
  const untouched = (why: string): ListingAnswer => (output.whole ? { outcome: 'untouched', output: output.whole } : { outcome: 'unprintable', reason: why });
  if (!output.stopped && output.size.lines <= lineLimit) return untouched('it was not kept whole');
  if (output.tally.doubt) return untouched(output.tally.doubt);
  const room = shownOf(output.size, cut);
  const total = output.size.lines;

  const draw = async (shown: number) => {
    const left = output.tally.leftOut(shown, MAX_FOLDER_ROWS);
    const names = await input.names(left.rows);
    // The folder that holds the most of the rest is the one the notice shows how to list.
    let largest: number | undefined;
    left.rows.forEach((row, i) => {
      if (!row.more && (largest === undefined || row.entries > left.rows[largest].entries)) largest = i;
    });
    const notice =
      listingNotice(input.program, input.folder, shown, total, output.stopped, largest === undefined ? undefined : input.narrow(names[largest])) +
      (shown < lineLimit && cut ? ` ${fewerLinesNotice(shown, lineLimit, cutWords(cut))}` : '');
    const lines = output.head.slice(0, shown);
    // The notice and its newline, the lines, a blank line and the rows, and a blank line before the overview and a newline after it.
    const before = Buffer.concat([text(`${notice}\n`), ...lines, text(`\n${rowsText(left.rows, names, left.entries, left.own, input.folder)}\n\n`)]);
    return { before, size: addSizes(sizeOf(before), sizeOf('\n')) };
  };
  const reserve = input.overview.min * BYTES_PER_TOKEN;
  const roomFor = (size: OutputSize) => Math.min(room.bytes - size.bytes, room.chars - size.chars);
  let shown = Math.min(lineLimit, output.head.length);
  let drawn = await draw(shown);
  while (shown > 0 && (roomFor(drawn.size) < reserve || drawn.size.lines + 1 > room.lines)) drawn = await draw(--shown);
  // Fewer lines than the limit only where the host's cut is what leaves no room: within it, the listing is printed as it is.
  if (shown === 0 || (shown < Math.min(lineLimit, output.head.length) && shownWhole(output.size, cut)))
    return untouched('the host shows too little of it for a shortened listing');
  let tokens = Math.min(input.overview.max, Math.floor(roomFor(drawn.size) / BYTES_PER_TOKEN));
  // Within the host's cut the whole listing costs no more than a shortened one at its fullest: it is printed as it is.
  if (shownWhole(output.size, cut) && drawn.size.bytes + tokens * BYTES_PER_TOKEN >= output.size.bytes) return untouched('shortening it saves nothing');
  for (let tries = 0; tries < 3 && tokens >= input.overview.min; tries++) {
    const overview = await input.overview.make(tokens);
    if (overview === undefined) return untouched('no overview of the folder could be made');
    const answer = Buffer.concat([drawn.before, text(`${overview}\n`)]);
    const size = sizeOf(answer);
    if (!fits(size, room)) {
      tokens = Math.floor((tokens * roomFor(drawn.size)) / (size.bytes - drawn.size.bytes) - 16);
      continue;
    }
    if (shownWhole(output.size, cut) && size.bytes >= output.size.bytes) return untouched('shortening it saves nothing');
    return { outcome: 'shortened', output: answer, shown };
  }
  return untouched('no overview fits beside the lines within the host cut');
}
