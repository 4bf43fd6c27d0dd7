import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { hookCommands } from '../../core/hook/command';
import {
  hasSkimHook,
  hookPlace,
  hookStateDir,
  installHook,
  INSTALL_HOSTS,
  INSTALL_SCOPES,
  InstallHost,
  InstallScope,
  removeHook,
} from '../../core/hook/install';
import { hasSkimMcp, installMcp, mcpPlace, removeMcp } from '../../core/hook/mcpInstall';
import { AGENT_HOSTS, hostOf } from '../../core/hook/hosts';
import { EDIT_GATE_MODES } from '../../core/config/options';
import { gateModeOf } from '../../core/gate/gate';
import { ParsedArgs, stringFlag, UsageError } from '../args';
import { CommandFailed, Io } from '../io';

/** The `skim` bundle this code runs in (dist/cli.js), also when tests run it from the compiled sources. */
function cliBundle(): string {
  const bundled = path.join(__dirname, 'cli.js');
  return existsSync(bundled) ? bundled : path.resolve(__dirname, '../../../../dist/cli.js');
}

/** The host (none: every host, for a removal) and scope the flags name, checked. */
function target(args: ParsedArgs, defaultHost?: InstallHost): { host?: InstallHost; scope: InstallScope } {
  const host = (stringFlag(args.flags, 'host') ?? defaultHost) as InstallHost | undefined;
  const scope = (stringFlag(args.flags, 'scope') ?? 'workspace') as InstallScope;
  if (host !== undefined && !INSTALL_HOSTS.includes(host)) throw new UsageError(`--host must be one of ${INSTALL_HOSTS.join(', ')}`);
  if (!INSTALL_SCOPES.includes(scope)) throw new UsageError(`--scope must be one of ${INSTALL_SCOPES.join(', ')}`);
  return { host, scope };
}

/** A settings file Skim will not edit (not JSON, a link, another user's): its reason is the failure's one line. */
function refused<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new CommandFailed((error as Error).message);
  }
}

/**
 * `skim hook install [--host H] [--scope S] [--edit-gate M]` (host vscode unless named), and
 * `skim hook remove [--host H] [--scope S]`: without a host, removal takes Skim's hook out of
 * every host's file for the scope where it is.
 */
export function installCommand(action: 'install' | 'remove', args: ParsedArgs, io: Io, env: NodeJS.ProcessEnv, root: string): number {
  const { host, scope } = target(args, action === 'install' ? 'vscode' : undefined);
  const gate = stringFlag(args.flags, 'edit-gate') ?? 'drift';
  if (!(EDIT_GATE_MODES as readonly string[]).includes(gate)) throw new UsageError(`--edit-gate must be one of ${EDIT_GATE_MODES.join(', ')}`);
  const state = hookStateDir(env);
  if (action === 'install' && host) {
    const place = hookPlace(host, scope, root, env);
    const change = refused(() => installHook(place, hookCommands(process.execPath, cliBundle(), gateModeOf(gate), { target: { host, scope } }), state));
    io.out(`Skim's read hook for ${host} (${scope}) ${change.changed ? 'installed in' : 'already installed in'} ${change.file}`);
    const approval = hostOf(host).approval?.(scope);
    if (approval) io.out(approval);
    return 0;
  }
  const hosts = host ? [host] : AGENT_HOSTS.map((h) => h.id).filter((h) => hasSkimHook(hookPlace(h, scope, root, env)));
  if (hosts.length === 0) io.out(`Skim's read hook is not installed for any host (${scope}); nothing was removed`);
  for (const each of hosts) {
    const change = refused(() => removeHook(hookPlace(each, scope, root, env), state));
    io.out(`Skim's read hook for ${each} (${scope}) ${change.changed ? 'removed from' : 'not found in'} ${change.file}`);
  }
  return 0;
}

/**
 * `skim mcp install --host H [--scope S]` registers `skim mcp` as the MCP server `skim` where the
 * host reads MCP servers; `skim mcp remove [--host H] [--scope S]` takes it out (without a host,
 * from every host's file for the scope where it is).
 */
export function mcpInstallCommand(action: 'install' | 'remove', args: ParsedArgs, io: Io, env: NodeJS.ProcessEnv, root: string): number {
  const { host, scope } = target(args);
  if (action === 'install' && !host) throw new UsageError(`skim mcp install needs --host: one of ${INSTALL_HOSTS.filter((h) => hostOf(h).mcp).join(', ')}`);
  const state = hookStateDir(env);
  const hosts = host ? [host] : AGENT_HOSTS.map((h) => h.id).filter((h) => hostOf(h).mcp);
  const places = hosts.flatMap((h) => {
    const place = mcpPlace(h, scope, root, env);
    return place ? [{ host: h, place }] : [];
  });
  if (host && places.length === 0) {
    io.out(`${hostOf(host).label} gets Skim's tools from the extension (Skim registers its MCP server with VS Code itself); nothing to ${action}`);
    return 0;
  }
  const seen = new Set<string>();
  const todo = places.filter(({ place }) => !seen.has(place.file) && seen.add(place.file) && (host !== undefined || hasSkimMcp(place)));
  if (todo.length === 0) io.out(`Skim's MCP server is not registered for any host (${scope}); nothing was removed`);
  for (const { host: each, place } of todo) {
    const change = refused(() =>
      action === 'install' ? installMcp(place, { command: process.execPath, args: [cliBundle(), 'mcp'] }, state) : removeMcp(place, state),
    );
    const verb = action === 'install' ? (change.changed ? 'registered in' : 'already registered in') : change.changed ? 'removed from' : 'not found in';
    const shared = place.sharedWith ? ` (read by ${place.sharedWith} too)` : '';
    io.out(`Skim's MCP server for ${each} (${scope}) ${verb} ${change.file}${shared}`);
    if (action === 'install' && place.approval) io.out(place.approval);
  }
  return 0;
}
