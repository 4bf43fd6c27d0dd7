import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { AGENT_HOSTS, hostOf } from '../../core/hook/hosts';
import { HookCommands, hookCommands, HookTarget } from '../../core/hook/command';
import { hasSkimHook, hookPlace, hookStateDir, installHook, InstallHost, InstallScope, removeHook } from '../../core/hook/install';
import { CommandHandlers } from '../commands/ids';
import { SkimConfiguration } from '../settings/configuration';
import { settings } from '../settings/settings';
import { trusted, waitsForTrust } from '../workspace/trust';

/**
 * The node that runs `skim hook`: VS Code's own runtime (as Node), so nothing else need be installed.
 * On Windows, whose shells lack the VAR=value prefix, the `node` on PATH.
 */
function command(extensionPath: string, target: HookTarget): HookCommands {
  const cli = path.join(extensionPath, 'dist', 'cli.js');
  const gate = settings().editGate;
  if (process.platform === 'win32') return hookCommands('node', cli, gate, { target });
  return hookCommands(process.execPath, cli, gate, { env: { ELECTRON_RUN_AS_NODE: '1' }, target });
}

/** A change of skim.editGate rewrites the command of this workspace's VS Code hook, where Skim installed one. */
function followEditGate(extensionPath: string, configuration: SkimConfiguration): void {
  configuration.onDidChange((changed) => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (!folder || !changed.has('editGate') || !trusted()) return;
    const place = hookPlace('vscode', 'workspace', folder);
    try {
      if (hasSkimHook(place)) installHook(place, command(extensionPath, { host: 'vscode', scope: 'workspace' }), hookStateDir());
    } catch (error) {
      void vscode.window.showWarningMessage(`Skim could not apply the new edit gate to its hook: ${(error as Error).message}`);
    }
  });
}

/** Where a host's hook file goes, as the pick shows it: within the workspace from its root, else from the home folder. */
function shownPlace(host: InstallHost, scope: InstallScope, root: string): string {
  const file = hookPlace(host, scope, root).file;
  const home = os.homedir();
  if (scope === 'workspace') return path.relative(root, file);
  return file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : file;
}

async function choose(action: 'install' | 'remove'): Promise<{ host: InstallHost; scope: InstallScope; root: string } | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const root = folder?.uri.fsPath ?? '';
  const likely: InstallScope = folder ? 'workspace' : 'user';
  const host = await vscode.window.showQuickPick(
    AGENT_HOSTS.map((h) => ({ label: h.label, host: h.id, description: shownPlace(h.id, likely, root), detail: `Serves ${h.serves}.` })),
    { title: `Skim: ${action} the read hook for…` },
  );
  if (!host) return undefined;
  const scopes = [
    ...(folder ? [{ label: 'This workspace', scope: 'workspace' as const, description: shownPlace(host.host, 'workspace', root) }] : []),
    { label: 'Every workspace (user)', scope: 'user' as const, description: shownPlace(host.host, 'user', root) },
  ];
  const scope = await vscode.window.showQuickPick(scopes, { title: `Skim: ${action} the hook where?` });
  if (!scope) return undefined;
  return { host: host.host, scope: scope.scope, root };
}

/** "Skim Setup: Install Read Hook" and "Skim Setup: Remove Read Hook": the same implementation as `skim hook install|remove`. */
export function readHookCommands(extensionPath: string, configuration: SkimConfiguration): CommandHandlers<'skim.installReadHook' | 'skim.removeReadHook'> {
  followEditGate(extensionPath, configuration);
  const run = (action: 'install' | 'remove') => async (preset?: { host: InstallHost; scope: InstallScope }) => {
    // A hook file is a command agents run on every read: none is written, or rewritten, from a workspace not trusted yet.
    if (!trusted()) {
      void vscode.window.showWarningMessage(waitsForTrust(`Skim: to ${action} the read hook`));
      return undefined;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const target = preset ? { ...preset, root: folder } : await choose(action);
    if (!target) return undefined;
    try {
      const place = hookPlace(target.host, target.scope, target.root);
      const change = action === 'install' ? installHook(place, command(extensionPath, target), hookStateDir()) : removeHook(place, hookStateDir());
      const done = action === 'install' ? (change.changed ? 'installed in' : 'already in') : change.changed ? 'removed from' : 'was not in';
      const approval = action === 'install' ? hostOf(target.host).approval?.(target.scope) : undefined;
      void vscode.window.showInformationMessage(`Skim's read hook ${done} ${change.file}.${approval ? ` ${approval}` : ''}`);
      return change;
    } catch (error) {
      void vscode.window.showWarningMessage(`Skim could not ${action} the read hook: ${(error as Error).message}`);
      return undefined;
    }
  };
  return { 'skim.installReadHook': run('install'), 'skim.removeReadHook': run('remove') };
}
