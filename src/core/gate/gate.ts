import { EDIT_GATE_MODES } from '../config/options';

/**
 * The write stamp's decision: an edit of a file that changed on disk since this session last read
 * or wrote it is refused; in `strict` mode so is an edit of a file it never read. Creating a file
 * is never refused. A pure function of the stamp and the file's hash now.
 */
export type EditGateMode = (typeof EDIT_GATE_MODES)[number];

export type GateDecision = { allow: true } | { allow: false; reason: string };

export function gateModeOf(value: unknown, fallback: EditGateMode = 'drift'): EditGateMode {
  return typeof value === 'string' && (EDIT_GATE_MODES as readonly string[]).includes(value) ? (value as EditGateMode) : fallback;
}

/** `now` is the file's hash on disk (undefined: it does not exist), `stamp` the hashes of what the session last saw. */
export function decideEdit(mode: EditGateMode, file: string, now: string | undefined, stamp: readonly string[] | undefined): GateDecision {
  if (mode === 'off' || now === undefined) return { allow: true };
  if (stamp === undefined)
    return mode === 'strict' ? { allow: false, reason: `Read ${file} before editing it (Skim's edit gate is strict).` } : { allow: true };
  if (!stamp.includes(now)) return { allow: false, reason: `${file} changed since you read it; read it again before editing it (Skim's edit gate).` };
  return { allow: true };
}
