import { closeSync, readSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { openRegularFile } from '../files/open';
import type { HookTarget } from './command';
import { HOOK_MARKER } from './marker';
import { AGENT_HOSTS, HookHost, hostOf } from './hosts';
import { INSTALL_SCOPES } from './hosts/host';

/**
 * Which of Skim's hooks acts on a call when a host runs several. The Copilot CLI (and VS Code's
 * Copilot harness) runs its own hook files and VS Code's and Claude's; VS Code runs the Copilot
 * CLI's; a host may hold one at each scope. Every Skim hook names in its command the host and
 * scope it was installed for; of the Skim hook files the calling host runs, the one it comes to
 * first (its `reads`, files it runs whatever a person trusted coming first; ties by path) acts,
 * and every other one stands aside. Only files are looked at: no state, nothing to clean up.
 */

/** Where in the host's `reads` a file stands, or undefined when the host does not run it. */
function rank(reads: readonly string[], file: string): number | undefined {
  const at = reads.findIndex(
    (read) => read === file || (path.basename(read) === '*.json' && path.dirname(read) === path.dirname(file) && file.endsWith('.json')),
  );
  return at === -1 ? undefined : at;
}

/** A settings file is at most this large: past it, it is no hook file of Skim's. */
const MOST_BYTES = 1024 * 1024;

/** Whether the file (or the file a link names) holds a hook command of Skim's (a JSON string ending with its marker); false for anything unreadable. */
function holdsSkimHook(file: string): boolean {
  let opened;
  try {
    opened = openRegularFile(realpathSync(file));
  } catch {
    return false;
  }
  try {
    const bytes = Buffer.alloc(Math.min(opened.stat.size, MOST_BYTES));
    const length = readSync(opened.fd, bytes, 0, bytes.length, 0);
    return bytes.toString('utf8', 0, length).includes(`${HOOK_MARKER}"`);
  } catch {
    return false;
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Whether the hook installed as `target` stands aside for another of Skim's hooks that the
 * calling host runs for the same call. A target the host is not known to run acts.
 */
export function standsAside(caller: HookHost, target: HookTarget, root: string, env: NodeJS.ProcessEnv): boolean {
  const reads = hostOf(caller).reads(root, env);
  const own = path.resolve(hostOf(target.host).place(target.scope, root, env).file);
  if (rank(reads, own) === undefined) return false;
  const files = [...new Set(AGENT_HOSTS.flatMap((host) => INSTALL_SCOPES.map((scope) => path.resolve(host.place(scope, root, env).file))))];
  const ranked = files
    .map((file) => ({ file, at: rank(reads, file) }))
    .filter((entry): entry is { file: string; at: number } => entry.at !== undefined)
    .sort((a, b) => a.at - b.at || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const { file } of ranked) {
    if (file === own) return false;
    if (holdsSkimHook(file)) return true;
  }
  return false;
}
