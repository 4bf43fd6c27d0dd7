import { gateModeOf, unknownGateLine, EditGateMode } from '../core/gate/gate';
import type { HookTarget } from '../core/hook/command';
import { HOOK_HOSTS, HookHost } from '../core/hook/hosts';
import { INSTALL_SCOPES, InstallScope } from '../core/hook/hosts/host';

/** What `skim hook`'s flags say: the edit gate, and the hook file it was installed in; with the lines to say of values it cannot use. */
export interface HookFlags {
  editGate?: EditGateMode;
  target?: HookTarget;
  problems: string[];
}

const FLAGS = ['--edit-gate', '--host', '--scope'];

/**
 * The flags of `skim hook` (`--edit-gate M`, `--host H --scope S`, as `skim hook install` writes
 * them), or undefined when the arguments hold anything else. A value it cannot use is said and
 * left out, never an error: a hook's exit code 2 would block the agent's call. Without a host
 * and scope both, the hook acts wherever it runs.
 */
export function hookFlags(rest: readonly string[]): HookFlags | undefined {
  const given = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    if (!FLAGS.includes(rest[i]) || i + 1 >= rest.length || given.has(rest[i])) return undefined;
    given.set(rest[i], rest[i + 1]);
  }
  const problems: string[] = [];
  const gate = given.get('--edit-gate');
  const editGate = gate === undefined ? undefined : gateModeOf(gate);
  if (gate !== undefined && editGate !== gate) problems.push(unknownGateLine(gate));
  const host = given.get('--host');
  const scope = given.get('--scope');
  if (host === undefined && scope === undefined) return { editGate, problems };
  if (!HOOK_HOSTS.includes(host as HookHost) || !INSTALL_SCOPES.includes(scope as InstallScope)) {
    problems.push(
      `hook: --host ${JSON.stringify(String(host ?? '')).slice(0, 40)} --scope ${JSON.stringify(String(scope ?? '')).slice(0, 40)} names no hook file Skim installs; the hook acts as if it were the only one`,
    );
    return { editGate, problems };
  }
  return { editGate, target: { host: host as HookHost, scope: scope as InstallScope }, problems };
}
