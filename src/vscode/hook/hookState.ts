import * as path from 'node:path';
import * as vscode from 'vscode';
import { hookFileOf, hookInstalled } from './onboarding';

/** The context key the walkthrough's hook steps and menus read: Copilot's read hook is on for the first workspace folder. */
export const HOOK_CONTEXT = 'skim.hookInstalled';

/**
 * Whether Skim's read hook is on, kept true by file watchers on the hook files (installed,
 * removed, or edited by hand), not by polling: the status bar and the walkthrough follow it.
 */
export class HookState implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly watchers: vscode.Disposable[] = [];
  private on = false;

  constructor() {
    const folder = this.folder();
    const files = folder ? [hookFileOf('vscode', 'workspace', folder), hookFileOf('vscode', 'user', folder)] : [];
    for (const file of files) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)));
      this.watchers.push(
        watcher,
        watcher.onDidCreate(() => this.update()),
        watcher.onDidChange(() => this.update()),
        watcher.onDidDelete(() => this.update()),
      );
    }
    this.update();
  }

  private folder(): string | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
  }

  /** Whether Copilot's read hook is on for this workspace (its own hook file, or the user's). */
  get installed(): boolean {
    return this.on;
  }

  /** Reads the hook files again; fires when the answer changed. */
  update(): boolean {
    const folder = this.folder();
    const on = !!folder && (hookInstalled('vscode', folder) || hookInstalled('vscode', folder, 'user'));
    if (on !== this.on) {
      this.on = on;
      this.changed.fire();
    }
    void vscode.commands.executeCommand('setContext', HOOK_CONTEXT, on);
    return on;
  }

  dispose(): void {
    for (const w of this.watchers) w.dispose();
    this.changed.dispose();
  }
}
