import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { hasSkimHook, hookPlace, InstallHost } from '../core/hook/install';

/**
 * The read hook offered once per workspace: the first time a trusted workspace with source files
 * opens (and, for Claude Code, where a .claude folder exists), one notification, never modal,
 * never in an untrusted workspace or where the hook is already installed. A choice is
 * remembered in the workspace state: "Not now" until the next VS Code session, "Never" for good.
 */
export const INSTALL = 'Install for this workspace';
export const NOT_NOW = 'Not now';
export const NEVER = 'Never for this workspace';
export type Choice = typeof INSTALL | typeof NOT_NOW | typeof NEVER;

const HOSTS: { host: InstallHost; label: string; applies: (root: string) => boolean }[] = [
  { host: 'vscode', label: 'Copilot', applies: () => true },
  { host: 'claude', label: 'Claude Code', applies: (root) => existsSync(path.join(root, '.claude')) },
];

/** Whether Skim's hook for `host` is in this workspace's hook file. */
export function hookInstalled(host: InstallHost, root: string): boolean {
  return hasSkimHook(hookPlace(host, 'workspace', root));
}

export class Onboarding {
  /** How the question is put; tests answer it in place of a person. */
  ask: (message: string, ...choices: Choice[]) => Thenable<Choice | undefined> = (message, ...choices) =>
    vscode.window.showInformationMessage(message, ...choices);

  constructor(private readonly state: vscode.Memento) {}

  private key(host: InstallHost): string {
    return `skim.onboarding.${host}`;
  }

  /** What was chosen for `host` in this workspace, if anything still stands. */
  chosen(host: InstallHost): Choice | undefined {
    const stored = this.state.get<{ choice: Choice; session: string }>(this.key(host));
    if (!stored) return undefined;
    return stored.choice === NOT_NOW && stored.session !== vscode.env.sessionId ? undefined : stored.choice;
  }

  /** Offers the hook for each host it applies to and was not answered; returns what was asked. */
  async offer(): Promise<InstallHost[]> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder || folder.uri.scheme !== 'file' || !vscode.workspace.isTrusted) return [];
    const root = folder.uri.fsPath;
    const sources = await vscode.workspace.findFiles(
      '**/*.{ts,tsx,js,jsx,py,go,rs,java,c,cc,cpp,h,hpp,cs,rb,php,kt,swift,scala,lua,sh,dart,ex,m,zig,ml,sol}',
      '**/node_modules/**',
      1,
    );
    if (sources.length === 0) return [];
    const asked: InstallHost[] = [];
    for (const { host, label, applies } of HOSTS) {
      if (!applies(root) || hookInstalled(host, root) || this.chosen(host)) continue;
      asked.push(host);
      const choice = await this.ask(
        `Skim can shorten ${label}'s own reads of large files to the lines that matter plus the file's map. Install its read hook for this workspace?`,
        INSTALL,
        NOT_NOW,
        NEVER,
      );
      if (!choice) continue;
      await this.state.update(this.key(host), { choice, session: vscode.env.sessionId });
      if (choice === INSTALL) await vscode.commands.executeCommand('skim.installReadHook', { host, scope: 'workspace' });
    }
    return asked;
  }
}
