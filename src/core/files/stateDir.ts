import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Skim's folders under the user's own: state that outlives a session (the judge's log, the edit
 * gate's stamps, which hook files Skim created) and the command line's caches, where the XDG base
 * directory variables say, else under the home folder. Never a shared temporary folder.
 */
const home = (env: NodeJS.ProcessEnv) => env.HOME || os.homedir();

/** A base directory variable's value, if it is absolute: the XDG specification has a relative one ignored (it would land in whatever folder the process started in). */
const absolute = (value: string | undefined) => (value && path.isAbsolute(value) ? value : undefined);

/** `$XDG_STATE_HOME/skim/<parts>`, else `~/.local/state/skim/<parts>`. */
export function stateDir(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  return path.join(absolute(env.XDG_STATE_HOME) ?? path.join(home(env), '.local', 'state'), 'skim', ...parts);
}

/** `$XDG_CACHE_HOME/skim/<parts>`, else `~/.cache/skim/<parts>`. */
export function cacheDir(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  return path.join(absolute(env.XDG_CACHE_HOME) ?? path.join(home(env), '.cache'), 'skim', ...parts);
}
