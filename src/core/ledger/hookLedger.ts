import * as path from 'node:path';
import { realPath } from '../files/project';
import { AGENT_HOSTS, HookHost, hostOf } from '../hook/hosts';
import { ContextEvent, LedgerMechanism } from '../hook/hosts/host';
import { regionsInSpan } from '../map/tree';
import { Region } from '../map/types';
import { within } from '../time/deadline';
import { Span } from './decide';
import { FileKnowledge } from './knowledge';
import { ledgerNote } from './note';
import { checkedLines, fileNow, recordRead } from './recordRead';
import { MAIN_CONTEXT, SessionLedger } from './sessionLedger';
import { callsInContext } from './transcript';

/**
 * The session ledger inside `skim hook`: a host's context events open and reset the ledger of a
 * session's contexts, and after each read (PostToolUse) the ledger records what the model was
 * shown and, where it already held lines of it unchanged, answers with the host's replacement of
 * the result: the note and only the lines it must see. Whatever it cannot be sure of (a result that
 * is not the file's lines as they are on disk, a context it never saw open, a transcript that does
 * not show the earlier result, the deadline) leaves the result as the host made it.
 */

/** What a host's event (`skim hook --on NAME`) says happened to a session's contexts; undefined for a name no host has, or a payload that says nothing. */
function contextEvent(name: string, payload: Record<string, unknown>): ContextEvent | undefined {
  for (const host of AGENT_HOSTS) {
    const events = host.ledger?.events ?? host.shellLedger?.events;
    const event = events && Object.hasOwn(events, name) ? events[name](payload) : undefined;
    if (event) return event;
  }
  return undefined;
}

/** A host's context event, `skim hook --on NAME`: what it does to the session's ledger; a line for stderr when it did nothing. */
export function onContextEvent(name: string, payload: Record<string, unknown>, env: NodeJS.ProcessEnv): string | undefined {
  const event = contextEvent(name, payload);
  if (!event) return `the ${name} event names no session Skim can keep a ledger for; nothing was recorded`;
  const ledger = SessionLedger.of(event.session, event.context ?? MAIN_CONTEXT, env);
  if (typeof ledger === 'string') return `the session ledger's folder cannot be trusted: ${ledger}`;
  if (event.effect === 'reset') ledger.forget(name);
  ledger.begin();
  return undefined;
}

/** The map's regions for the file as it is now, screened; none where it has no map. */
export type RegionsNow = (real: string, hash: string, size: number) => Promise<readonly Region[] | undefined>;

export interface ShownCall {
  /** The host the payload came from. */
  host: HookHost;
  tool: string;
  payload: Record<string, unknown>;
  input: Record<string, unknown>;
  cwd: string;
  session?: string;
  env: NodeJS.ProcessEnv;
  deadline: number;
  regions?: RegionsNow;
}

/** The subagent ids hosts give (Claude Code's: 17 hex digits), as a file name may hold them. */
const SAFE_AGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The runs of lines whose results the transcript no longer shows are let go: the model does not hold them. */
function stillHeld(knowledge: FileKnowledge | undefined, mechanism: LedgerMechanism, call: ShownCall, agent: string | undefined): FileKnowledge | undefined {
  const key = mechanism.transcript?.key;
  const transcript = key ? call.payload[key] : undefined;
  if (!knowledge || !mechanism.transcript) return knowledge;
  // A subagent's id names its transcript's file: one that could name another file (a separator, a dot-dot) holds nothing.
  if (typeof transcript !== 'string' || !transcript || (agent !== undefined && !SAFE_AGENT_ID.test(agent))) return undefined;
  const file = agent ? mechanism.transcript.ofAgent(transcript, agent) : transcript;
  const held = callsInContext(file, new Set(knowledge.held.flatMap((run) => (run.call ? [run.call] : []))));
  return { ...knowledge, held: knowledge.held.filter((run) => run.call !== undefined && held.has(run.call)) };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The host's answer replacing a read's result with the ledger's note, or undefined to leave the result as the host made it. */
export async function afterRead(call: ShownCall): Promise<object | undefined> {
  const host = hostOf(call.host);
  const mechanism = host.readTools.includes(call.tool) ? host.ledger : undefined;
  const shown = mechanism?.shown(call.payload);
  const args = host.readArgs(call.input);
  if (!mechanism || !shown || !args || !call.session) return undefined;
  const agent = mechanism.agentKey ? text(call.payload[mechanism.agentKey]) : undefined;
  const ledger = SessionLedger.of(call.session, agent ?? MAIN_CONTEXT, call.env);
  if (typeof ledger === 'string') return undefined;
  const real = realPath(path.resolve(call.cwd, args.file));
  const file = await fileNow(real);
  if (!file) return undefined;
  const lines = checkedLines(shown, file.lines);
  const seen = { real, file, start: shown.start, lines, call: mechanism.callKey ? text(call.payload[mechanism.callKey]) : undefined };
  const noted = await within(
    recordRead(ledger, seen, mechanism.oneSpan, (known) => stillHeld(known, mechanism, call, agent)),
    call.deadline - Date.now(),
  );
  if (!noted || !lines) return undefined;
  const { decision, read } = noted;
  const regions = decision.changed && call.regions ? await within(call.regions(real, file.version, file.size), call.deadline - Date.now()) : undefined;
  const note = ledgerNote({
    ...decision,
    read,
    freshAs: mechanism.oneSpan ? 'result' : 'follow',
    ...(regions ? { regionsOf: (span: Span) => regionsInSpan(regions, span.start, span.end) } : {}),
  });
  const spans = decision.fresh.map((span) => ({ start: span.start, lines: lines.slice(span.start - shown.start, span.end - shown.start + 1) }));
  return mechanism.answer(call.payload, { note, spans });
}
