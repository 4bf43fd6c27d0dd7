import * as path from 'node:path';
import { readRegularFile } from '../files/open';
import { realPath } from '../files/project';
import { looksBinary } from '../files/scan';
import { sha256Hex } from '../files/sha256';
import { AGENT_HOSTS, contextEvent } from '../hook/hosts';
import { HostShown, LedgerMechanism } from '../hook/hosts/host';
import { innermost } from '../map/tree';
import { Region } from '../map/types';
import { within } from '../time/deadline';
import { decideRead, LedgerDecision, Span } from './decide';
import { FileKnowledge, lineHash } from './knowledge';
import { ledgerNote } from './note';
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

/** Files larger than this are never noted: their lines are not hashed within a hook's deadline. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

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

/** A file's lines as the hosts show them (no line terminators; a final newline ends the last line, it does not start another). */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/**
 * The lines shown that are the file's lines as they are now: all of them but a last one the host
 * cut short (shown in part, so not held whole) and an empty one past the end (a host's view of a
 * final newline). Undefined when any other line is not the file's: the file changed since the
 * host read it, or the result is not what it seems.
 */
export function checkedLines(shown: HostShown, file: readonly string[]): string[] | undefined {
  const lines = shown.lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (lines.length && shown.start + lines.length - 1 > file.length && lines.at(-1) === '') lines.pop();
  const kept: string[] = [];
  for (const [i, line] of lines.entries()) {
    const actual = file[shown.start - 1 + i];
    if (actual === line) kept.push(line);
    else if (i === lines.length - 1 && actual?.startsWith(line)) break;
    else return undefined;
  }
  return kept;
}

/** The map's regions for the file as it is now, screened; none where it has no map. */
export type RegionsNow = (real: string, hash: string, size: number) => Promise<readonly Region[] | undefined>;

export interface ShownCall {
  tool: string;
  payload: Record<string, unknown>;
  input: Record<string, unknown>;
  cwd: string;
  session?: string;
  env: NodeJS.ProcessEnv;
  deadline: number;
  regions?: RegionsNow;
}

/** The runs of lines whose results the transcript no longer shows are let go: the model does not hold them. */
function stillHeld(knowledge: FileKnowledge | undefined, mechanism: LedgerMechanism, call: ShownCall, agent: string | undefined): FileKnowledge | undefined {
  const key = mechanism.transcript?.key;
  const transcript = key ? call.payload[key] : undefined;
  if (!knowledge || !mechanism.transcript) return knowledge;
  if (typeof transcript !== 'string' || !transcript) return undefined;
  const file = agent ? mechanism.transcript.ofAgent(transcript, agent) : transcript;
  const held = callsInContext(file, new Set(knowledge.held.flatMap((run) => (run.call ? [run.call] : []))));
  return { ...knowledge, held: knowledge.held.filter((run) => run.call !== undefined && held.has(run.call)) };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The distinct innermost regions holding the lines of a span, in order. */
function regionsIn(regions: readonly Region[], span: Span): Region[] {
  const found: Region[] = [];
  for (let line = span.start; line <= span.end && found.length < 4; line++) {
    const region = innermost(regions, line);
    if (region && !found.includes(region)) found.push(region);
  }
  return found;
}

/** The host's answer replacing a read's result with the ledger's note, or undefined to leave the result as the host made it. */
export async function afterRead(call: ShownCall): Promise<object | undefined> {
  const host = AGENT_HOSTS.find((h) => h.ledger && h.readTools.includes(call.tool));
  const mechanism = host?.ledger;
  const shown = mechanism?.shown(call.payload);
  const args = host?.readArgs(call.input);
  if (!mechanism || !shown || !args || !call.session) return undefined;
  const agent = mechanism.agentKey ? text(call.payload[mechanism.agentKey]) : undefined;
  const ledger = SessionLedger.of(call.session, agent ?? MAIN_CONTEXT, call.env);
  if (typeof ledger === 'string') return undefined;
  const real = realPath(path.resolve(call.cwd, args.file));
  const { bytes } = await readRegularFile(real, MAX_FILE_BYTES);
  if (!bytes || looksBinary(bytes)) return undefined;
  const version = sha256Hex(bytes);
  const file = linesOf(bytes.toString('utf8'));
  const lines = checkedLines(shown, file);
  const callId = mechanism.callKey ? text(call.payload[mechanism.callKey]) : undefined;

  const decided = await within(
    ledger.exclusive(async (): Promise<{ decision: LedgerDecision; read: number } | undefined> => {
      const state = ledger.state(real);
      if (!state.open) return undefined;
      const read = state.reads + 1;
      if (!lines?.length) {
        ledger.record(real, read);
        return undefined;
      }
      const known = stillHeld(state.knowledge, mechanism, call, agent);
      const decision = decideRead(
        known,
        {
          version,
          start: shown.start,
          hashes: lines.map(lineHash),
          bytes: lines.map((line) => Buffer.byteLength(line) + 1),
          ...(known && known.version !== version ? { file: file.map(lineHash) } : {}),
        },
        read,
        callId,
        { oneSpan: mechanism.oneSpan },
      );
      ledger.record(real, read, decision.knowledge);
      return { decision, read };
    }),
    call.deadline - Date.now(),
  );
  if (decided?.decision.kind !== 'note' || !lines) return undefined;
  const { decision, read } = decided;
  const regions = decision.changed && call.regions ? await within(call.regions(real, version, bytes.length), call.deadline - Date.now()) : undefined;
  const note = ledgerNote({
    ...decision,
    read,
    freshAs: mechanism.oneSpan ? 'result' : 'follow',
    ...(regions ? { regionsOf: (span: Span) => regionsIn(regions, span) } : {}),
  });
  const spans = decision.fresh.map((span) => ({ start: span.start, lines: lines.slice(span.start - shown.start, span.end - shown.start + 1) }));
  return mechanism.answer(call.payload, { note, spans });
}
