import * as path from 'node:path';
import type { PreToolAnswer } from '../hook/readAnswer';
import { HookCall } from '../hook/payload';
import { JudgeRuntime } from '../judge/runtime';
import { judgedUnverified } from '../judge/verifySite';
import { realPath } from '../files/project';
import { editedFiles, skimReadFile } from './editCalls';
import { fileState } from './fileState';
import { EditGateMode, writesRedaction } from './gate';
import { judgeEdit, stampOwnEdit } from './onDisk';
import { writesRedactionBack } from './redactedEdit';
import type { Gate } from './sessionGate';
import { stampDirectory, StampLog } from './stamps';

/** What the gate keeps in hand of the hook's deadline to give its answer. */
const ANSWER_MS = 250;

/** Whether the gate has anything to do with a call that is not a host read: an edit, or a read by one of Skim's own tools. */
export function concernsGate(call: HookCall): boolean {
  return skimReadFile(call.tool, call.input) !== undefined || editedFiles(call.tool, call.input) !== undefined;
}

/** The session's gate, or why there is none (gate off, no session id, an untrusted folder). */
export function openGate(call: HookCall, mode: EditGateMode, env: NodeJS.ProcessEnv, shown: Gate['shown'], deadline = Infinity): Gate | string {
  if (mode === 'off') return 'the edit gate is off';
  if (!call.session) return "the host sent no session id, so the edit gate cannot tell this session's reads apart";
  const dir = stampDirectory(env);
  const log = StampLog.open(dir, call.session);
  if (typeof log === 'string') return `the edit gate's folder cannot be trusted: ${log}`;
  return { mode, log, deadline: deadline - ANSWER_MS, shown };
}

export async function stampRead(gate: Gate, file: string): Promise<void> {
  const real = realPath(file);
  const now = await fileState(real, gate.deadline);
  if (now.kind === 'file') gate.log.stamp(real, now.state.id, now.state.hash);
  // Read, but not hashed (a 300 MB file late for the deadline): said so, so that an edit of it is not taken for one of a file never read.
  else if (now.kind === 'unknown') gate.log.unhashed(real, now.id, now.why);
}

/** A refusal; what it says is screened first, since it quotes the file's name (and the real path it leads to). */
const denial = async (gate: Gate, reason: string, names: readonly string[]): Promise<PreToolAnswer> => ({
  decision: 'deny',
  reason: await gate.shown(reason, names),
});

/** What the gate says of a call other than a host read: a refusal, a note, or undefined to let it be (after stamping what it must). */
export async function gateCall(gate: Gate, call: HookCall, judge: JudgeRuntime): Promise<PreToolAnswer | undefined> {
  const ownRead = skimReadFile(call.tool, call.input);
  if (ownRead) {
    if (call.event === 'pre') await stampRead(gate, path.resolve(call.cwd, ownRead));
    return undefined;
  }
  const files = editedFiles(call.tool, call.input)?.map((f) => path.resolve(call.cwd, f));
  if (!files) return undefined;
  if (call.event === 'pre' && (await writesRedactionBack(call.tool, call.input, files.map(realPath))))
    return denial(gate, writesRedaction(files.join(', ')).reason, files);
  for (const file of files) {
    const real = realPath(file);
    if (call.event === 'post') {
      await stampOwnEdit(gate, call, real);
      continue;
    }
    const decision = await judgeEdit(gate, file, real);
    if (!decision.allow) return denial(gate, decision.reason, [file, real]);
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
async function verifyEdit(gate: Gate, call: HookCall, file: string, judge: JudgeRuntime): Promise<PreToolAnswer | undefined> {
  if (judge.mode('verify') === 'off') return undefined;
  const target = JSON.stringify(call.input).slice(0, 400);
  const state = `Files this agent session read or wrote:\n${gate.log.recentPaths().join('\n') || '(none)'}\n\nThe edit: ${call.tool} of ${file}: ${target}`;
  const mode = await judgedUnverified(judge, 'target_seen', state, 'Did the target of this edit come from files this session read?');
  if (!mode) return undefined;
  if (mode === 'enforcing') return denial(gate, `Read ${file} before editing it: this session has not read it (Skim's call verify).`, [file]);
  const note = await gate.shown(`${file} was not read in this session; check it before relying on this edit.`, [file]);
  return { context: `[skim] ${note}` };
}
