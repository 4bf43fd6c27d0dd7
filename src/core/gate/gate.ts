import { EDIT_GATE_MODES } from '../config/options';
import { redactionMarker } from '../screen/marker';

/**
 * The write stamp's decision: an edit of a file that changed on disk since this session last read
 * or wrote it is refused; in `strict` mode so is an edit of a file it never read. Creating a file
 * is never refused. A pure function of the stamp and the file's hash now.
 */
export type EditGateMode = (typeof EDIT_GATE_MODES)[number];

export type GateDecision = { allow: true } | { allow: false; reason: string };

/** The one line a hook says of an --edit-gate value it cannot use (it goes on with the default: a hook never blocks). */
export const unknownGateLine = (value: unknown, fallback: EditGateMode = 'drift') =>
  `hook: --edit-gate ${JSON.stringify(String(value ?? '')).slice(0, 80)} is not one of ${EDIT_GATE_MODES.join(', ')}; the hook uses ${fallback}`;

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

/**
 * An edit of a file the session read, whose content Skim cannot get now (`why`: out of time to hash
 * it, unreadable): the gate cannot tell whether it changed, so it refuses and says why, never
 * letting the edit through unchecked.
 */
export function undecidable(mode: EditGateMode, file: string, why: string): GateDecision {
  if (mode === 'off') return { allow: true };
  return {
    allow: false,
    reason: `Skim's edit gate cannot tell whether ${file} changed since you read it: ${why}. Ask the user to raise SKIM_HOOK_BUDGET_MS or to turn the gate off (SKIM_EDIT_GATE=off) for this edit.`,
  };
}

/**
 * An edit whose old or new text holds Skim's redaction marker: the line it stands for holds a
 * credential Skim withheld from the agent, so writing the marker would destroy the real value.
 */
export function writesRedaction(file: string): { allow: false; reason: string } {
  return {
    allow: false,
    reason: `${file}: this edit's text holds "${redactionMarker('…')}", the marker Skim shows in place of a credential it withheld from you. The file holds the real credential there; replacing it with the marker would destroy it. Leave those lines as they are (edit around them), or ask the user to change them.`,
  };
}
