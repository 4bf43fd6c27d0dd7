import { statSync } from 'node:fs';
import * as path from 'node:path';
import { describeFileError } from '../files/errors';
import { readRegularFile } from '../files/open';
import { hashBytes } from '../files/scan';
import { HookCall } from '../hook/payload';
import { realPath } from '../files/project';
import { expectedHash } from './expected';
import { editLanded } from './landed';
import { fileId, FileState, fileState } from './fileState';
import { decideEdit, GateDecision, undecidable } from './gate';
import type { Gate } from './sessionGate';
import { pause } from '../time/deadline';

/**
 * The gate's look at a file on disk around an edit: before it, whether the edit may go ahead
 * (hashing only a file the session has a stamp for, and looking again once a save in progress has
 * settled); after it, the session's new stamp.
 */
/** A save in progress is seen for a moment (VS Code truncates, then writes): a file is read until two reads agree. */
const SETTLE_MS = 50;
const SETTLE_TRIES = 10;

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

/**
 * After the session's own edit: the file as it is on disk now, and as it will be once the edit
 * lands there (VS Code saves a moment later). Only an edit that happened is stamped: a call the
 * host says failed stamps nothing, and the text on disk counts as the session's own only when
 * the edit's new text is in it, or when it is what the session last saw (the save still to come).
 * Otherwise someone else wrote it: a post-tool payload for an edit that was denied or failed
 * must not make an outside change the session's own.
 */
export async function stampOwnEdit(gate: Gate, call: HookCall, real: string): Promise<void> {
  if (call.failed) return;
  const now = await settledState(real, gate.deadline);
  if (now.kind !== 'file') return;
  const { id, hash } = now.state;
  const bytes = now.state.size <= EDIT_MAX_BYTES ? await bytesNow(real) : undefined;
  const text = bytes && hashBytes(bytes) === hash ? bytes.toString('utf8') : undefined;
  const sameFile = (named: unknown) => typeof named === 'string' && realPath(path.resolve(call.cwd, named)) === real;
  // Too large to read again, or changed since it was hashed: only the host's word (it did not say the call failed) is left.
  const landed = text === undefined ? undefined : editLanded(call.tool, call.input, text, sameFile);
  const seen = gate.log.last(real, id, namesFile(id))?.hashes.includes(hash) ?? false;
  const after = text === undefined ? undefined : expectedHash(call.tool, call.input, text, sameFile);
  const hashes = [...(landed !== false || seen ? [hash] : []), ...(after && after !== hash ? [after] : [])];
  if (hashes.length) gate.log.stamp(real, id, ...hashes);
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
export async function judgeEdit(gate: Gate, file: string, real: string): Promise<GateDecision & { unread?: boolean }> {
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
  const last = gate.log.last(real, id, namesFile(id));
  // Without a stamp only the file's existence counts, so its identity stands in for its hash.
  if (last === undefined) return { ...decideEdit(gate.mode, file, id, undefined), unread: true };
  // Read, but what the read saw is not known: the edit cannot be shown to come from a fresh view.
  if (last.unhashed !== undefined) return undecidable(gate.mode, file, `when you read it, ${last.unhashed}`);
  const stamp = last.hashes;
  let now = await fileState(real, gate.deadline);
  if (now.kind === 'file' && decideEdit(gate.mode, file, now.state.hash, stamp).allow) return { allow: true };
  // Before refusing, look again once the file has settled: a save in progress is no change.
  now = await settledState(real, gate.deadline, now.kind === 'file' ? now.state : undefined);
  if (now.kind === 'unknown') return undecidable(gate.mode, file, now.why);
  return decideEdit(gate.mode, file, now.kind === 'file' ? now.state.hash : undefined, stamp);
}
