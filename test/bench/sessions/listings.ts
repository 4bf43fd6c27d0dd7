import { DEFAULT_OPTIONS } from '../../../src/core/config/options';
import { MIN_TOKENS } from '../../../src/core/overview/renderOverview';
import { ShellListing } from '../../../src/core/shell/listing';
import { LISTING_OVERVIEW_TOKENS, listingAnswer } from '../../../src/core/shell/listingAnswer';
import { ListingTally } from '../../../src/core/shell/listingTally';
import { sizeOf } from '../../../src/core/shell/outputCut';
import { recognizeShellListing } from '../../../src/core/shell/recognize';
import { RecordedEvent } from './corpus';
import { SessionReplay } from './replay';
import { tokens } from './workspace';

const LIMIT = DEFAULT_OPTIONS.lineLimit;

/**
 * A listing's own output in its observation: mini-swe-agent's inside <output> (or, cut, the head
 * inside <output_head> and the tail inside <output_tail>), the others' as it is. An output a
 * terminal printed (OpenHands' tmux: CRLF, ls in columns) is none Skim answers: `skim listing`
 * steps aside where stdout is a terminal.
 */
function outputOf(obs: string): { head: string[]; tail: string[]; cut: boolean } | undefined {
  if (obs.includes('\r\n')) return undefined;
  const lines = (text: string) => text.replace(/^\n/, '').replace(/\n$/, '').split('\n');
  const whole = /<output>([\s\S]*)<\/output>/.exec(obs);
  if (whole) return { head: lines(whole[1]), tail: [], cut: false };
  const head = /<output_head>([\s\S]*)<\/output_head>/.exec(obs);
  const tail = /<output_tail>([\s\S]*)<\/output_tail>/.exec(obs);
  if (head) return { head: lines(head[1]), tail: tail ? lines(tail[1]) : [], cut: true };
  return { head: lines(obs), tail: [], cut: false };
}

/** The paths a listing's lines name, below the listed folder ('net/http/x.go'): find's as printed, ls -R's its header's and the name. */
function pathsOf(listing: ShellListing, lines: readonly string[]): string[] {
  const named = (listing.folder ?? '.').replace(/\/+$/, '');
  const below = (p: string) => (p === named ? '' : p.startsWith(`${named}/`) ? p.slice(named.length + 1) : p.replace(/^\.\//, ''));
  if (listing.program === 'find') return lines.map(below).filter((p) => p !== '');
  if (listing.program === 'tree') return lines.map((l) => l.replace(/^[│├└─|`\s-]+/u, '')).filter((p) => p !== '');
  const paths: string[] = [];
  let folder = '';
  let header = true;
  for (const line of lines) {
    if (line === '') header = true;
    else if (header && line.endsWith(':')) {
      folder = below(line.slice(0, -1));
      header = false;
    } else if (!/^total \S+$/.test(line)) paths.push(folder ? `${folder}/${line.split(/\s+/).at(-1)}` : (line.split(/\s+/).at(-1) ?? ''));
  }
  return paths;
}

/** Whether a later event names `path`: in its command, or as a file it read or edited. */
function names(event: RecordedEvent, path: string): boolean {
  const texts = [event.cmd, ...event.reads.map((r) => r.file), ...event.edits.map((e) => e.file)];
  return texts.some((text) => text.includes(`/${path}`) || text.includes(` ${path}`) || text.startsWith(path));
}

/** What the listing guard does to one recorded listing: its tokens with Skim, and the folders the session later needed that the cut left out. */
export interface ListingReplay {
  skim: number;
  /** Distinct folders of left-out paths a later event named: each costs one more (guarded) listing. */
  needed: number;
}

/**
 * The listing guard on one recorded listing event, as `skim listing` answers it: the notice, the
 * first 200 lines, what the rest holds by folder (counted from the recorded output by Skim's own
 * reader) and an overview charged at its most (LISTING_OVERVIEW_TOKENS: the recorded repositories' trees
 * at the session's commit are not at hand to make the real one). Undefined where Skim leaves it
 * as it is: no plain recursive listing, 200 lines or fewer, a terminal's output, counts in doubt,
 * or nothing saved.
 */
export async function replayListing(events: readonly RecordedEvent[], at: number, host: number): Promise<ListingReplay | undefined> {
  const event = events[at];
  const listing = recognizeShellListing(event.cmd, 'posix');
  const output = listing && outputOf(event.obs);
  if (!listing || !output || (!output.cut && output.head.length <= LIMIT)) return undefined;
  const tally = new ListingTally(listing.program, listing.shape, listing.folder ?? '.', LIMIT);
  const printed = [...output.head, ...output.tail];
  for (const line of printed) tally.line(line);
  if (tally.doubt) return undefined;
  const head = output.head.slice(0, LIMIT).map((line) => Buffer.from(`${line}\n`));
  const text = `${printed.join('\n')}\n`;
  const answer = await listingAnswer({
    output: { head, size: sizeOf(text), tally, ...(output.cut ? { stopped: { ms: 0 } } : { whole: Buffer.from(text) }) },
    program: listing.program,
    folder: listing.folder ?? '.',
    lineLimit: LIMIT,
    names: async (rows) => rows.map((row) => tally.nameOf(row.parts)),
    narrow: (folder) => `${listing.program} ${folder}`,
    overview: { min: MIN_TOKENS, max: LISTING_OVERVIEW_TOKENS, make: async () => '' },
  });
  if (answer.outcome !== 'shortened') return undefined;
  const skim = tokens(answer.output.toString('utf8')) + LISTING_OVERVIEW_TOKENS;
  if (skim >= host) return undefined;
  const shown = new Set(pathsOf(listing, output.head.slice(0, LIMIT)));
  const left = pathsOf(listing, printed.slice(LIMIT)).filter((p) => !shown.has(p) && p.includes('/'));
  const later = events.slice(at + 1);
  const folders = new Set(left.filter((p) => later.some((e) => names(e, p))).map((p) => p.slice(0, p.lastIndexOf('/'))));
  return { skim, needed: folders.size };
}

/**
 * The listing guard's saving on one replayed session, in tokens: on each listing it shortens, what
 * the host showed less what Skim shows, and for each folder of a left-out path the session later
 * named, one more listing at Skim's cost (the agent lists that folder again).
 */
export async function listingSaving(replay: SessionReplay): Promise<number> {
  let saved = 0;
  const events = replay.session.events;
  for (const [at, event] of replay.events.entries()) {
    if (event.cls !== 'listing') continue;
    const r = await replayListing(events, at, event.host);
    if (r) saved += event.host - r.skim - r.needed * r.skim;
  }
  return saved;
}
