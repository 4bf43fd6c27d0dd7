import * as path from 'node:path';
import * as vscode from 'vscode';
import { hookCommand, hookPlace, hookStateDir, installHook, InstallHost, InstallScope, removeHook } from '../core/hook/install';

const HOSTS: { label: string; host: InstallHost; detail: string }[] = [
  { label: 'VS Code (Copilot agent)', host: 'vscode', detail: 'the agent\'s read_file' },
  { label: 'Claude Code', host: 'claude', detail: 'Read' },
  { label: 'GitHub Copilot CLI', host: 'copilot-cli', detail: 'view (loaded only in a trusted folder)' },
];

/**
 * The node that runs `skim hook`: VS Code's own runtime (as Node), so nothing else need be installed.
 * On Windows, whose shells lack the VAR=value prefix, the `node` on PATH.
 */
function command(extensionPath: string): string {
  const cli = path.join(extensionPath, 'dist', 'cli.js');
  if (process.platform === 'win32') return hookCommand('node', cli);
  return `ELECTRON_RUN_AS_NODE=1 ${hookCommand(process.execPath, cli)}`;
}

async function choose(action: 'install' | 'remove'): Promise<{ host: InstallHost; scope: InstallScope; root: string } | undefined> {
  const host = await vscode.window.showQuickPick(HOSTS.map((h) => ({ ...h, description: h.detail })), { title: `Skim: ${action} the read hook for…` });
  if (!host) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  const scopes = [
    ...(folder ? [{ label: 'This workspace', scope: 'workspace' as const, description: folder.uri.fsPath }] : []),
    { label: 'Every workspace (user)', scope: 'user' as const, description: '' },
  ];
  const scope = await vscode.window.showQuickPick(scopes, { title: `Skim: ${action} the hook where?` });
  if (!scope) return undefined;
  return { host: host.host, scope: scope.scope, root: folder?.uri.fsPath ?? '' };
}

/** "Skim: Install Read Hook" and "Skim: Remove Read Hook": the same implementation as `skim hook install|remove`. */
export function registerHookCommands(extensionPath: string): vscode.Disposable[] {
  const run = (action: 'install' | 'remove') => async (preset?: { host: InstallHost; scope: InstallScope }) => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const target = preset ? { ...preset, root: folder } : await choose(action);
    if (!target) return undefined;
    try {
      const place = hookPlace(target.host, target.scope, target.root);
      const change = action === 'install' ? installHook(place, command(extensionPath), hookStateDir()) : removeHook(place, hookStateDir());
      const done = action === 'install' ? (change.changed ? 'installed in' : 'already in') : change.changed ? 'removed from' : 'was not in';
      void vscode.window.showInformationMessage(`Skim's read hook ${done} ${change.file}.`);
      return change;
    } catch (error) {
      void vscode.window.showWarningMessage(`Skim could not ${action} the read hook: ${(error as Error).message}`);
      return undefined;
    }
  };
  return [vscode.commands.registerCommand('skim.installReadHook', run('install')), vscode.commands.registerCommand('skim.removeReadHook', run('remove'))];
}
