import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { hookCommands } from '../../core/hook/command';
import { hookPlace, hookStateDir, installHook, INSTALL_HOSTS, INSTALL_SCOPES, InstallHost, InstallScope, removeHook } from '../../core/hook/install';
import { EDIT_GATE_MODES } from '../../core/config/options';
import { gateModeOf } from '../../core/gate/gate';
import { ParsedArgs, stringFlag, UsageError } from '../args';
import { CommandFailed, Io } from '../io';

/** The `skim` bundle this code runs in (dist/cli.js), also when tests run it from the compiled sources. */
function cliBundle(): string {
  const bundled = path.join(__dirname, 'cli.js');
  return existsSync(bundled) ? bundled : path.resolve(__dirname, '../../../../dist/cli.js');
}

/** `skim hook install|remove [--host vscode|claude|copilot-cli] [--scope workspace|user] [--edit-gate off|drift|strict]`. */
export function installCommand(action: 'install' | 'remove', args: ParsedArgs, io: Io, env: NodeJS.ProcessEnv, root: string): number {
  const host = (stringFlag(args.flags, 'host') ?? 'vscode') as InstallHost;
  const scope = (stringFlag(args.flags, 'scope') ?? 'workspace') as InstallScope;
  if (!INSTALL_HOSTS.includes(host)) throw new UsageError(`--host must be one of ${INSTALL_HOSTS.join(', ')}`);
  if (!INSTALL_SCOPES.includes(scope)) throw new UsageError(`--scope must be one of ${INSTALL_SCOPES.join(', ')}`);
  const gate = stringFlag(args.flags, 'edit-gate') ?? 'drift';
  if (!(EDIT_GATE_MODES as readonly string[]).includes(gate)) throw new UsageError(`--edit-gate must be one of ${EDIT_GATE_MODES.join(', ')}`);
  const place = hookPlace(host, scope, root, env);
  const state = hookStateDir(env);
  let change;
  try {
    change = action === 'install' ? installHook(place, hookCommands(process.execPath, cliBundle(), gateModeOf(gate)), state) : removeHook(place, state);
  } catch (error) {
    // A settings file Skim will not edit (not JSON, a link, another user's): its reason is the failure's one line.
    throw new CommandFailed((error as Error).message);
  }
  const verb = action === 'install' ? (change.changed ? 'installed in' : 'already installed in') : change.changed ? 'removed from' : 'not found in';
  io.out(`Skim's read hook for ${host} (${scope}) ${verb} ${change.file}`);
  return 0;
}
