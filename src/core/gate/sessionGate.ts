import type { EditGateMode } from './gate';
import type { StampLog } from './stamps';

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
  /** A refusal or note as the agent may read it: the names it quotes (the file, its real path) and the rest screened (screen/message). */
  shown(message: string, names: readonly string[]): Promise<string>;
}
