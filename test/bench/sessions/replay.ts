import { DEFAULT_OPTIONS } from '../../../src/core/config/options';
import { ProjectFile } from '../../../src/core/files/project';
import type { MapSource } from '../../../src/core/mapping/mapSource';
import { guardedRead, GuardedRead } from '../../../src/core/guard/guard';
import { hookContext, readAnswer, readBudget } from '../../../src/core/hook/readAnswer';
import { copilotCli } from '../../../src/core/hook/hosts/copilotCli';
import { parsePayload } from '../../../src/core/hook/payload';
import { screenHookMap, screenHookRead } from '../../../src/cli/hookScreen';
import { fileKindByName } from '../../../src/core/files/kind';
import { printShellRead } from '../../../src/core/shell/printShellRead';
import { ShellRead } from '../../../src/core/shell/read';
import { RecordedEvent, RecordedRead, RecordedSession } from './corpus';
import { estimateRead } from './estimate';
import { claudeInput, guarded, Harness, LINE_LIMIT, overLimit, ReadWay, shellReadOf, wholeMapCommand } from './harnesses';
import { hostShown, observation } from './observation';
import { Content, rebuild, Rebuilt } from './rebuild';
import { SizeBook } from './sizes';
import type { Region } from '../../../src/core/map/types';
import { laterUse, regionReads, windows } from './usage';
import { Placed, tokens, Workspace } from './workspace';

/**
 * How a read was replayed: untouched (Skim's path does not act on it, or it returned no more than
 * the limit, which needs no file), on its file rebuilt from the session, or estimated from what
 * the recording shows of it.
 */
export type Basis = 'untouched' | 'rebuilt' | 'estimated';

/**
 * What Skim did with it: passed (its path never sees the read: a compound command, several files,
 * no line numbers), small (within the limit), declined (prose, notes), capped, host (over the
 * limit, but the host alone shows less than 200 lines, the notice and the fewest folds of the
 * map: left as asked), unmapped (no map: left as asked, with the notice).
 */
export type Outcome = 'passed' | 'small' | 'declined' | 'capped' | 'host' | 'unmapped';

export interface ReadReplay {
  basis: Basis;
  outcome: Outcome;
  /** The event's tokens with Skim, its extra reads included. */
  skim: number;
  /** Tokens of the reads the session would have made again for lines the cap withheld that it used later: 200 lines each from the first line wanted. */
  extra: number;
  extraReads: number;
  /** The same lines fetched as the map places them: the region holding each, regions near each other in one read. */
  extraRegions: number;
  /** For a read replayed on its rebuilt file, what the estimate would have made of it from its recording alone (the estimator's check). */
  estimated?: number;
  /** For a capped read replayed on its rebuilt file, the lines it shows. */
  shown?: [number, number];
}

export interface EventReplay {
  cls: string;
  /** Tokens of the observation as recorded. */
  host: number;
  skim: number;
  read?: ReadReplay;
}

export interface SessionReplay {
  session: RecordedSession;
  harness: Harness;
  events: EventReplay[];
}

/** What replaying a read needs from its session. */
export interface ReadScene {
  harness: Harness;
  session: RecordedSession;
  rebuilt: Rebuilt;
  /** The event's position in the session. */
  at: number;
  event: RecordedEvent;
  read: RecordedRead;
  way: ReadWay;
  /** Tokens of the event's observation. */
  host: number;
  ws: Workspace;
  sizes: SizeBook;
}

/** What Skim's path made of a read on its rebuilt file: an outcome, and for a capped read the lines it shows, the last asked for, and its extra text (for a shell read, its whole output). */
export interface Skimmed {
  outcome: Outcome;
  shown?: [number, number];
  askedEnd?: number;
  context?: string;
  output?: string;
}

/** The outcome of the guard and the hook's answer: a capped read the host would show less of than Skim's lines, notice and map is left to the host. */
function fromGuard(guard: GuardedRead, context: string | undefined): Skimmed {
  if (guard.outcome === 'capped' && context === undefined) return { outcome: 'host' };
  if (guard.outcome === 'capped') return { outcome: 'capped', shown: [guard.start, guard.end], askedEnd: guard.askedEnd ?? guard.end, context };
  if (guard.outcome === 'unmapped' || guard.outcome === 'declined') return { outcome: guard.outcome, context };
  return { outcome: 'small' };
}

/** Claude Code's Read, as `skim hook` takes its payload: the guard, the screen and the host's answer. */
async function throughHook(scene: ReadScene, { root, file }: Placed, maps: MapSource): Promise<Skimmed> {
  const payload = {
    session_id: 'bench',
    hook_event_name: 'PreToolUse',
    tool_name: scene.event.tool,
    tool_input: claudeInput(scene.event.cmd, file.absolute),
    cwd: root,
  };
  const parsed = parsePayload(JSON.stringify(payload), root);
  if (parsed.kind !== 'read') throw new Error(`the hook did not take ${scene.event.cmd} for a read`);
  const guard = await screened(await guardedRead(maps, file, { offset: parsed.read.offset, limit: parsed.read.limit, returnLines: false }), file);
  return fromGuard(guard, readAnswer(parsed.read, guard, wholeMapCommand(file.absolute))?.context);
}

/** A view tool's read, hooked as the Copilot CLI's view is: its line range rewritten, the notice and map beside it, within the harness's cut. */
async function throughView(scene: ReadScene, { file }: Placed, maps: MapSource): Promise<Skimmed> {
  const [start, end] = scene.read.req?.[0] as [number, number | null];
  const args = copilotCli.readArgs({ path: file.absolute, ...((start !== 1 || end !== null) && { view_range: [start, end ?? -1] }) });
  const guard = await screened(await guardedRead(maps, file, { offset: args?.offset, limit: args?.limit, returnLines: false }), file);
  return fromGuard(guard, guard.notice ? hookContext(guard, readBudget(scene.way.limits, guard), wholeMapCommand(file.absolute)) : undefined);
}

/** A shell read, as the hook rewrites it and `skim lines` prints it: the notice, the lines and the map in the command's own output, within the harness's cut. */
async function throughShell(scene: ReadScene, { file }: Placed, maps: MapSource): Promise<Skimmed> {
  const read = shellReadOf(scene.event) as ShellRead;
  const span = { start: read.start, ...(read.end !== undefined && { end: read.end }), ...(read.last !== undefined && { last: read.last }) };
  const request = {
    ...span,
    format: read.format,
    lineLimit: LINE_LIMIT,
    cut: scene.way.limits.cut,
    wholeMap: wholeMapCommand(file.absolute),
    budgetMs: 600_000,
  };
  const printed = await printShellRead(maps, file, request, (key, entry) => screenHookMap(DEFAULT_OPTIONS, key, entry));
  if (printed.outcome === 'unprintable') return { outcome: 'passed' };
  if (fileKindByName(file.absolute) !== 'source') return { outcome: 'declined' };
  // Without a map the command's own output goes through, and why goes to a stderr no one reads.
  if (printed.outcome === 'unmapped') return { outcome: 'unmapped' };
  if (printed.outcome === 'untouched') return { outcome: printed.last - printed.first + 1 > LINE_LIMIT ? 'host' : 'small' };
  return { outcome: 'capped', shown: [printed.first, printed.last], askedEnd: printed.askedLast, output: printed.output.toString('utf8') };
}

/** The read through Skim's own path for the harness, on a file placed on disk, with the maps given. */
function throughSkim(scene: ReadScene, placed: Placed, maps: MapSource): Promise<Skimmed> {
  const path = scene.way.path;
  return path === 'hook' ? throughHook(scene, placed, maps) : path === 'view' ? throughView(scene, placed, maps) : throughShell(scene, placed, maps);
}

/** The read's name and map screened as the hook screens them, when it has anything to tell. */
const screened = async (guard: GuardedRead, file: ProjectFile) =>
  guard.notice ? screenHookRead(DEFAULT_OPTIONS, guard, file.key, [file.absolute, file.real, file.key]) : guard;

/** Tokens of the reads that fetch again the lines the cap withheld and the session used later: 200 lines each, and (the other charge) the map's regions holding them. */
function extraReads(
  scene: ReadScene,
  content: Content,
  withheld: number[],
  regions: readonly Region[],
): { extra: number; extraReads: number; extraRegions: number } {
  const use = laterUse(scene.harness, scene.session, scene.rebuilt, scene.at, scene.read.file, content);
  const used = withheld.filter((n) => use.numbers.has(n) || use.texts.has(content[n - 1]));
  const lines = (from: number, to: number) => content.slice(from - 1, to).map((text, i) => [from + i, text] as const);
  const cost = (reads: [number, number][]) =>
    reads.reduce((sum, [from, to]) => sum + tokens(observation(scene.way, scene.event, scene.read, lines(from, to))), 0);
  const wanted = windows(used, content.length, LINE_LIMIT);
  return { extra: cost(wanted), extraReads: wanted.length, extraRegions: cost(regionReads(used, content.length, regions, LINE_LIMIT)) };
}

/** A read replayed on its rebuilt file: Skim's real path for the harness, the observation it would give, and the reads it would cost again. */
async function replayRebuilt(scene: ReadScene, content: Content): Promise<ReadReplay> {
  const placed = scene.ws.place(scene.read.file, content);
  const skimmed = await throughSkim(scene, placed, scene.ws.maps);
  const same = { basis: 'rebuilt' as const, outcome: skimmed.outcome, skim: scene.host, extra: 0, extraReads: 0, extraRegions: 0 };
  if (skimmed.outcome === 'unmapped') return { ...same, skim: scene.host + tokens(skimmed.context ?? '') };
  if (skimmed.outcome !== 'capped' || !skimmed.shown) return same;
  const [first, last] = skimmed.shown;
  const { before, after } = scene.way.frame(scene.event, scene.read);
  const shown = content.slice(first - 1, last).map((text, i) => [first + i, text] as const);
  const skim =
    skimmed.output !== undefined
      ? tokens(before + skimmed.output + after)
      : tokens(observation(scene.way, scene.event, scene.read, shown)) + tokens(skimmed.context ?? '');
  const withheld = hostShown(scene.way, scene.read, content, first, skimmed.askedEnd ?? last).filter((n) => n > last || n < first);
  const again = extraReads(scene, content, withheld, (await scene.ws.maps.ensure(placed.file, { maxModelCalls: 0 })).entry.regions);
  return { ...same, skim: skim + again.extra, ...again, shown: skimmed.shown };
}

/** Every event of a session, with what the model would have been shown with Skim. */
export async function replaySession(harness: Harness, session: RecordedSession, ws: Workspace, sizes: SizeBook): Promise<SessionReplay> {
  const rebuilt = rebuild(session);
  const events: EventReplay[] = [];
  for (let at = 0; at < session.events.length; at++) {
    const event = session.events[at];
    const host = tokens(event.obs);
    const way = harness.ways[event.tool];
    const [read] = event.reads;
    if (!read) {
      events.push({ cls: event.cls, host, skim: host });
      continue;
    }
    const untouched = (outcome: Outcome): EventReplay => ({
      cls: event.cls,
      host,
      skim: host,
      read: { basis: 'untouched', outcome, skim: host, extra: 0, extraReads: 0, extraRegions: 0 },
    });
    if (!way || !guarded(way, event, read)) events.push(untouched('passed'));
    else if (!overLimit(read)) events.push(untouched('small'));
    else {
      const scene: ReadScene = { harness, session, rebuilt, at, event, read, way, host, ws, sizes };
      const content = rebuilt.atRead(at, 0);
      const replayed = content
        ? { ...(await replayRebuilt(scene, content)), estimated: (await estimateRead(scene, throughSkim)).skim }
        : await estimateRead(scene, throughSkim);
      events.push({ cls: event.cls, host, skim: replayed.skim, read: replayed });
    }
  }
  return { session, harness, events };
}
