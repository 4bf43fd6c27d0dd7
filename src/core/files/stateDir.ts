import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Skim's folders under the user's own: state that outlives a session (the judge's log, the edit
 * gate's stamps, which hook files Skim created) and the command line's caches, where the XDG base
 * directory variables say, else under the home folder. Never a shared temporary folder.
 */
/** A folder variable's value, if it is absolute: a relative one is ignored (as the XDG specification says), for it would land in whatever folder the process started in. */
const absolute = (value: string | undefined) => (value && path.isAbsolute(value) ? value : undefined);

/** `$HOME`, else the user's home folder from the system's user database. */
function home(env: NodeJS.ProcessEnv): string {
  const named = absolute(env.HOME);
  if (named) return named;
  try {
    return os.userInfo().homedir;
  } catch {
    return os.homedir();
  }
}

/** `$XDG_STATE_HOME/skim/<parts>`, else `~/.local/state/skim/<parts>`. */
export function stateDir(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  return path.join(absolute(env.XDG_STATE_HOME) ?? path.join(home(env), '.local', 'state'), 'skim', ...parts);
}

/** `$XDG_CACHE_HOME/skim/<parts>`, else `~/.cache/skim/<parts>`. */
export function cacheDir(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  return path.join(absolute(env.XDG_CACHE_HOME) ?? path.join(home(env), '.cache'), 'skim', ...parts);
}
