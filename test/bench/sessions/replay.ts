import { DEFAULT_OPTIONS } from '../../../src/core/config/options';
import { ProjectFile } from '../../../src/core/files/project';
import { guardedRead, GuardedRead } from '../../../src/core/guard/guard';
import { ContextBudget, hookAnswer, hookContext, readBudget } from '../../../src/core/hook/answer';
import { copilotCli } from '../../../src/core/hook/hosts/copilotCli';
import { bytesThrough } from '../../../src/core/hook/hosts/host';
import { parsePayload } from '../../../src/core/hook/payload';
import { screenHookRead } from '../../../src/cli/hookScreen';
import { RecordedEvent, RecordedRead, RecordedSession } from './corpus';
import { estimateRead } from './estimate';
import { guarded, Harness, LINE_LIMIT, overLimit, ReadWay, wholeMapCommand } from './harnesses';
import { askedText, hostShown, observation } from './observation';
import { Content, rebuild, Rebuilt } from './rebuild';
import { SizeBook } from './sizes';
import { laterUse, windows } from './usage';
import { tokens, Workspace } from './workspace';

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
  /** Tokens of the reads the session would have made again for lines the cap withheld that it used later. */
  extra: number;
  extraReads: number;
  /** For a read replayed on its rebuilt file, what the estimate would have made of it from its recording alone (the estimator's check). */
  estimated?: number;
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

/** Claude Code's Read arguments, as the recording's command gives them ("Read path off=180 lim=120"). */
function claudeInput(command: string, file: string): Record<string, unknown> {
  const args = /off=(\d+|None) lim=(\d+|None)/.exec(command);
  const number = (value: string | undefined) => (value && value !== 'None' ? Number(value) : undefined);
  const [offset, limit] = [number(args?.[1]), number(args?.[2])];
  return { file_path: file, ...(offset !== undefined && { offset }), ...(limit !== undefined && { limit }) };
}

/**
 * A shell read's budget: the command's output is the lines as the command prints them, and the
 * notice and map after them in the same output, which must stay within the harness's cut.
 */
function shellBudget(way: ReadWay, read: RecordedRead, content: Content, guard: GuardedRead): ContextBudget {
  if (!guard.capped || guard.askedEnd === undefined) return { maxBytes: way.limits.contextLimit };
  const bytes = (text: string) => Buffer.byteLength(text);
  const asked = bytes(askedText(way, read, content, guard.start, guard.askedEnd));
  return {
    maxBytes: way.limits.contextLimit,
    hostBytes: bytesThrough(way.limits.cut, asked, guard.askedEnd - guard.start + 1),
    linesBytes: bytes(askedText(way, read, content, guard.start, guard.end)) + 2,
  };
}

/** The read through Skim's own path for this harness, on the rebuilt file: the guard's decision and the extra text it adds (none: left as the host shows it). */
async function throughSkim(scene: ReadScene, root: string, file: ProjectFile, content: Content): Promise<{ guard: GuardedRead; context?: string }> {
  const { way, event, read, ws } = scene;
  const [start, end] = read.req?.[0] as [number, number | null];
  const whole = wholeMapCommand(file.absolute);
  const screen = async (guard: GuardedRead) => (guard.notice ? screenHookRead(DEFAULT_OPTIONS, guard, file.key) : guard);
  if (way.path === 'hook') {
    const payload = { session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: event.tool, tool_input: claudeInput(event.cmd, file.absolute), cwd: root };
    const parsed = parsePayload(JSON.stringify(payload), root);
    if (parsed.kind !== 'read') throw new Error(`the hook did not take ${event.cmd} for a read`);
    const guard = await screen(await guardedRead(ws.maps, file, { offset: parsed.read.offset, limit: parsed.read.limit, returnLines: false }));
    return { guard, context: hookAnswer(parsed.read, guard, whole)?.context };
  }
  const args =
    way.path === 'view'
      ? copilotCli.readArgs({ path: file.absolute, ...((start !== 1 || end !== null) && { view_range: [start, end ?? -1] }) })
      : { offset: start, limit: end === null ? undefined : end - start + 1 };
  const guard = await screen(await guardedRead(ws.maps, file, { offset: args?.offset, limit: args?.limit, returnLines: false }));
  const budget = way.path === 'view' ? readBudget(way.limits, guard) : shellBudget(way, read, content, guard);
  return { guard, context: guard.notice ? hookContext(guard, budget, whole) : undefined };
}

/** Tokens of the reads that fetch again the lines the cap withheld and the session used later, 200 lines each. */
function extraReads(scene: ReadScene, content: Content, withheld: number[]): { extra: number; extraReads: number } {
  const use = laterUse(scene.harness, scene.session, scene.rebuilt, scene.at, scene.read.file, content);
  const used = withheld.filter((n) => use.numbers.has(n));
  const wanted = windows(used, content.length, LINE_LIMIT);
  const lines = (from: number, to: number) => content.slice(from - 1, to).map((text, i) => [from + i, text] as const);
  const extra = wanted.reduce((sum, [from, to]) => sum + tokens(observation(scene.way, scene.event, scene.read, lines(from, to))), 0);
  return { extra, extraReads: wanted.length };
}

/** A read replayed on its rebuilt file: Skim's real path for the harness, the observation it would give, and the reads it would cost again. */
async function replayRebuilt(scene: ReadScene, content: Content): Promise<ReadReplay> {
  const { root, file } = scene.ws.place(scene.read.file, content);
  const { guard, context } = await throughSkim(scene, root, file, content);
  const same = { basis: 'rebuilt' as const, skim: scene.host, extra: 0, extraReads: 0 };
  if (guard.outcome === 'declined') return { ...same, outcome: 'declined' };
  if (guard.outcome === 'unmapped') return { ...same, outcome: 'unmapped', skim: scene.host + tokens(context ?? '') };
  if (guard.outcome !== 'capped') return { ...same, outcome: 'small' };
  if (context === undefined) return { ...same, outcome: 'host' };
  const shown = content.slice(guard.start - 1, guard.end).map((text, i) => [guard.start + i, text] as const);
  const inOutput = scene.way.path === 'shell';
  const skim = tokens(observation(scene.way, scene.event, scene.read, shown, inOutput ? context : undefined)) + (inOutput ? 0 : tokens(context));
  const withheld = hostShown(scene.way, scene.read, content, guard.start, guard.askedEnd ?? guard.end).filter((n) => n > guard.end || n < guard.start);
  const again = extraReads(scene, content, withheld);
  return { basis: 'rebuilt', outcome: 'capped', skim: skim + again.extra, ...again };
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
      read: { basis: 'untouched', outcome, skim: host, extra: 0, extraReads: 0 },
    });
    if (!way || !guarded(way, event, read)) events.push(untouched('passed'));
    else if (!overLimit(read)) events.push(untouched('small'));
    else {
      const scene: ReadScene = { harness, session, rebuilt, at, event, read, way, host, ws, sizes };
      const content = rebuilt.atRead(at, 0);
      const replayed = content ? { ...(await replayRebuilt(scene, content)), estimated: (await estimateRead(scene)).skim } : await estimateRead(scene);
      events.push({ cls: event.cls, host, skim: replayed.skim, read: replayed });
    }
  }
  return { session, harness, events };
}
