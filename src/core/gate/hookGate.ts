import * as path from 'node:path';
import { readRegularFile } from '../files/open';
import { hashBytes, scanFile } from '../files/scan';
import { HookCall } from '../hook/payload';
import { JudgeRuntime } from '../judge/runtime';
import { judgedUnverified } from '../judge/verifySite';
import { realPath } from '../files/project';
import { editedFiles, skimReadFile } from './editCalls';
import { expectedHash } from './expected';
import { decideEdit, EditGateMode } from './gate';
import { stampDirectory, StampLog } from './stamps';

/**
 * The edit gate inside `skim hook`: reads stamp the file with its hash, an edit of a file that
 * drifted since is refused, and the session's own edits stamp the file again once they ran
 * (PostToolUse). Anything it cannot be sure of lets the call through: never a spurious refusal.
 */
export interface Gate {
  mode: EditGateMode;
  log: StampLog;
}

/** Whether the gate has anything to do with a call that is not a host read: an edit, or a read by one of Skim's own tools. */
export function concernsGate(call: HookCall): boolean {
  return skimReadFile(call.tool, call.input) !== undefined || editedFiles(call.tool, call.input) !== undefined;
}

/** The session's gate, or why there is none (gate off, no session id, an untrusted folder). */
export function openGate(call: HookCall, mode: EditGateMode, env: NodeJS.ProcessEnv): Gate | string {
  if (mode === 'off') return 'the edit gate is off';
  if (!call.session) return "the host sent no session id, so the edit gate cannot tell this session's reads apart";
  const dir = stampDirectory(env);
  const log = StampLog.open(dir, call.session);
  if (typeof log === 'string') return `the edit gate's folder cannot be trusted: ${log}`;
  return { mode, log };
}

/** The file's content hash now, or undefined when there is no such regular file. */
async function hashNow(real: string): Promise<string | undefined> {
  try {
    return (await scanFile(real, { start: 1, take: 0 })).hash;
  } catch {
    return undefined;
  }
}

export async function stampRead(gate: Gate, file: string): Promise<void> {
  const real = realPath(file);
  const hash = await hashNow(real);
  if (hash) gate.log.stamp(real, hash);
}

/** After the session's own edit: the file as it is on disk now, and as it will be once the edit lands there (VS Code saves a moment later). */
async function stampOwnEdit(gate: Gate, call: HookCall, real: string): Promise<void> {
  const bytes = await settledBytes(real);
  if (!bytes) return;
  const sameFile = (named: unknown) => typeof named === 'string' && realPath(path.resolve(call.cwd, named)) === real;
  const after = expectedHash(call.tool, call.input, bytes.toString('utf8'), sameFile);
  const now = hashBytes(bytes);
  gate.log.stamp(real, ...(after && after !== now ? [now, after] : [now]));
}

/** Larger files are not stamped after an edit (their next edit is then judged by the read's stamp alone). */
const EDIT_MAX_BYTES = 32 * 1024 * 1024;

/** A save in progress is seen for a moment (VS Code truncates, then writes): a file is read until two reads agree. */
const SETTLE_MS = 50;
const SETTLE_TRIES = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function bytesNow(real: string): Promise<Buffer | undefined> {
  try {
    return (await readRegularFile(real, EDIT_MAX_BYTES)).bytes;
  } catch {
    return undefined;
  }
}

/** The file's bytes once two reads SETTLE_MS apart agree (at most SETTLE_TRIES reads), or undefined. */
async function settledBytes(real: string): Promise<Buffer | undefined> {
  let last = await bytesNow(real);
  for (let tries = 1; last && tries < SETTLE_TRIES; tries++) {
    await pause(SETTLE_MS);
    const next = await bytesNow(real);
    if (next && next.equals(last)) return next;
    last = next;
  }
  return last;
}

function denial(call: HookCall, reason: string): object {
  if (call.shape === 'flat') return { permissionDecision: 'deny', permissionDecisionReason: reason };
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
}

/** The gate's answer to a call other than a host read: a refusal, or undefined to let it be (after stamping what it must). */
export async function gateCall(gate: Gate, call: HookCall, judge: JudgeRuntime): Promise<object | undefined> {
  const ownRead = skimReadFile(call.tool, call.input);
  if (ownRead) {
    if (call.event === 'pre') await stampRead(gate, path.resolve(call.cwd, ownRead));
    return undefined;
  }
  const files = editedFiles(call.tool, call.input);
  if (!files) return undefined;
  for (const file of files.map((f) => path.resolve(call.cwd, f))) {
    const real = realPath(file);
    if (call.event === 'post') {
      await stampOwnEdit(gate, call, real);
      continue;
    }
    const stamp = gate.log.last(real);
    let decision = decideEdit(gate.mode, file, await hashNow(real), stamp);
    // Before refusing, look again once the file has settled: a save in progress is no change.
    if (!decision.allow) {
      const settled = await settledBytes(real);
      decision = decideEdit(gate.mode, file, settled && hashBytes(settled), stamp);
    }
    if (!decision.allow) return denial(call, decision.reason);
    if (stamp === undefined) {
      const verdict = await verifyEdit(gate, call, file, judge);
      if (verdict) return verdict;
    }
  }
  return undefined;
}

/**
 * Call verify for an edit the gate lets through though the session never read the file: the
 * judge (where one is configured, site `verify`) is asked whether the edit's target came from
 * what the session read. When it says no, advisory adds a note and enforcing refuses; no answer
 * changes nothing, and nothing here ever lets through what the gate refused.
 */
async function verifyEdit(gate: Gate, call: HookCall, file: string, judge: JudgeRuntime): Promise<object | undefined> {
  if (judge.mode('verify') === 'off') return undefined;
  const target = JSON.stringify(call.input).slice(0, 400);
  const state = `Files this agent session read or wrote:\n${gate.log.recentPaths().join('\n') || '(none)'}\n\nThe edit: ${call.tool} of ${file}: ${target}`;
  const mode = await judgedUnverified(judge, 'target_seen', state, 'Did the target of this edit come from files this session read?');
  if (!mode) return undefined;
  if (mode === 'enforcing') return denial(call, `Read ${file} before editing it: this session has not read it (Skim's call verify).`);
  const note = `[skim] ${file} was not read in this session; check it before relying on this edit.`;
  return call.shape === 'flat' ? { additionalContext: note } : { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: note } };
}
