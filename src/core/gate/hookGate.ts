import { statSync } from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from '../files/errors';
import { readRegularFile } from '../files/open';
import { hashBytes } from '../files/scan';
import { HookCall } from '../hook/payload';
import { JudgeRuntime } from '../judge/runtime';
import { judgedUnverified } from '../judge/verifySite';
import { realPath } from '../files/project';
import { editedFiles, skimReadFile } from './editCalls';
import { expectedHash } from './expected';
import { fileId, FileState, fileState } from './fileState';
import { decideEdit, EditGateMode, GateDecision, undecidable, writesRedaction } from './gate';
import { writesRedactionBack } from './redactedEdit';
import { stampDirectory, StampLog } from './stamps';

/**
 * The edit gate inside `skim hook`: reads stamp the file with its hash, an edit of a file that
 * drifted since is refused, and the session's own edits stamp the file again once they ran
 * (PostToolUse). Files are known by device and inode as well as by path. Anything it cannot be
 * sure of lets the call through (never a spurious refusal), except an edit of a file the session
 * read whose content it cannot get in time: that is refused, with the reason.
 */
export interface Gate {
  mode: EditGateMode;
  log: StampLog;
  /** When hashing must stop, so that the gate's answer still reaches the host. */
  deadline: number;
}

/** What the gate keeps in hand of the hook's deadline to give its answer. */
const ANSWER_MS = 250;

/** Whether the gate has anything to do with a call that is not a host read: an edit, or a read by one of Skim's own tools. */
export function concernsGate(call: HookCall): boolean {
  return skimReadFile(call.tool, call.input) !== undefined || editedFiles(call.tool, call.input) !== undefined;
}

/** The session's gate, or why there is none (gate off, no session id, an untrusted folder). */
export function openGate(call: HookCall, mode: EditGateMode, env: NodeJS.ProcessEnv, deadline = Infinity): Gate | string {
  if (mode === 'off') return 'the edit gate is off';
  if (!call.session) return "the host sent no session id, so the edit gate cannot tell this session's reads apart";
  const dir = stampDirectory(env);
  const log = StampLog.open(dir, call.session);
  if (typeof log === 'string') return `the edit gate's folder cannot be trusted: ${log}`;
  return { mode, log, deadline: deadline - ANSWER_MS };
}

export async function stampRead(gate: Gate, file: string): Promise<void> {
  const real = realPath(file);
  const now = await fileState(real, gate.deadline);
  if (now.kind === 'file') gate.log.stamp(real, now.state.id, now.state.hash);
}

/** A save in progress is seen for a moment (VS Code truncates, then writes): a file is read until two reads agree. */
const SETTLE_MS = 50;
const SETTLE_TRIES = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sameState = (a: FileState, b: FileState) => a.id === b.id && a.hash === b.hash;

/** The file once two reads SETTLE_MS apart agree (at most SETTLE_TRIES reads), else the last read. */
async function settledState(real: string, deadline: number, first?: FileState): Promise<ReturnType<typeof fileState>> {
  let last = first ? { kind: 'file' as const, state: first } : await fileState(real, deadline);
  for (let tries = 1; last.kind !== 'absent' && tries < SETTLE_TRIES && Date.now() < deadline; tries++) {
    await pause(SETTLE_MS);
    const next = await fileState(real, deadline);
    if (next.kind === 'file' && last.kind === 'file' && sameState(next.state, last.state)) return next;
    last = next;
  }
  return last;
}

/** Larger files are stamped after an edit by their hash alone (the edit's expected result is not worked out). */
const EDIT_MAX_BYTES = 32 * 1024 * 1024;

/** After the session's own edit: the file as it is on disk now, and as it will be once the edit lands there (VS Code saves a moment later). */
async function stampOwnEdit(gate: Gate, call: HookCall, real: string): Promise<void> {
  const now = await settledState(real, gate.deadline);
  if (now.kind !== 'file') return;
  const { id, hash } = now.state;
  const bytes = now.state.size <= EDIT_MAX_BYTES ? await bytesNow(real) : undefined;
  const sameFile = (named: unknown) => typeof named === 'string' && realPath(path.resolve(call.cwd, named)) === real;
  const after = bytes && hashBytes(bytes) === hash ? expectedHash(call.tool, call.input, bytes.toString('utf8'), sameFile) : undefined;
  gate.log.stamp(real, id, ...(after && after !== hash ? [hash, after] : [hash]));
}

async function bytesNow(real: string): Promise<Buffer | undefined> {
  try {
    return (await readRegularFile(real, EDIT_MAX_BYTES)).bytes;
  } catch {
    return undefined;
  }
}

/** Whether `name` still names the file `id` (a hard link that was not removed or replaced since). */
function namesFile(id: string): (name: string) => boolean {
  return (name) => {
    try {
      return fileId(statSync(name)) === id;
    } catch {
      return false;
    }
  };
}

/**
 * The gate's decision on an edit of `file` before it runs, and whether the session never read it.
 * Only a file with a stamp is hashed: without one there is nothing to compare.
 */
async function judgeEdit(gate: Gate, file: string, real: string): Promise<GateDecision & { unread?: boolean }> {
  let id: string;
  try {
    id = fileId(statSync(real));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { allow: true };
    // Something stands there that the gate cannot look at: a refusal if the session read it, else as for any file it never read.
    if (gate.log.last(real, '', () => false)) return undecidable(gate.mode, file, describeFileError(error, real));
    return { ...decideEdit(gate.mode, file, '', undefined), unread: true };
  }
  const stamp = gate.log.last(real, id, namesFile(id));
  // Without a stamp only the file's existence counts, so its identity stands in for its hash.
  if (stamp === undefined) return { ...decideEdit(gate.mode, file, id, undefined), unread: true };
  let now = await fileState(real, gate.deadline);
  if (now.kind === 'file' && decideEdit(gate.mode, file, now.state.hash, stamp).allow) return { allow: true };
  // Before refusing, look again once the file has settled: a save in progress is no change.
  now = await settledState(real, gate.deadline, now.kind === 'file' ? now.state : undefined);
  if (now.kind === 'unknown') return undecidable(gate.mode, file, now.why);
  return decideEdit(gate.mode, file, now.kind === 'file' ? now.state.hash : undefined, stamp);
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
  const files = editedFiles(call.tool, call.input)?.map((f) => path.resolve(call.cwd, f));
  if (!files) return undefined;
  const reals = files.map((file) => realPath(file));
  if (call.event === 'pre' && (await writesRedactionBack(call.tool, call.input, reals))) return denial(call, writesRedaction(files.join(', ')).reason);
  for (const [i, file] of files.entries()) {
    if (call.event === 'post') {
      await stampOwnEdit(gate, call, reals[i]);
      continue;
    }
    const decision = await judgeEdit(gate, file, reals[i]);
    if (!decision.allow) return denial(call, decision.reason);
    if (decision.unread) {
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
