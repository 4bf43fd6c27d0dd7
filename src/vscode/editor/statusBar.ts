import * as vscode from 'vscode';
import { originLabel } from '../../core/map/render';
import { hookInstalled } from '../onboarding';
import { WorkspaceMaps } from '../workspaceMaps';

/** The active file's map (fresh, stale, missing, prose-only or structural) and whether the read hook is on for its workspace. Clicking it summarizes. */
export class MapStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('skim.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly workspace: WorkspaceMaps) {
    this.item.name = 'Skim map';
    this.item.command = 'skim.summarizeFile';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => void this.update()),
      vscode.workspace.onDidSaveTextDocument(() => void this.update()),
      vscode.workspace.onDidChangeTextDocument((e) => e.document === vscode.window.activeTextEditor?.document && void this.update()),
      workspace.onDidChange(() => void this.update()),
    );
    void this.update();
  }

  /** The text shown now, for tests and for the status bar itself. */
  text = '';

  async update(): Promise<void> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const state = uri ? await this.workspace.state(uri) : { state: 'outside' as const };
    if (state.state === 'outside') {
      this.item.hide();
      this.text = '';
      return;
    }
    const label =
      state.state === 'missing'
        ? 'no map'
        : state.state === 'stale'
          ? 'map stale'
          : state.entry.status === 'prose-only'
            ? 'prose only'
            : state.entry.status === 'structural'
              ? 'map (structural)'
              : uri && this.workspace.originOf(uri, state.entry) === 'team'
                ? 'map fresh (team)'
                : 'map fresh';
    const folder = uri && vscode.workspace.getWorkspaceFolder(uri);
    const hook = folder && folder.uri.scheme === 'file' ? (hookInstalled('vscode', folder.uri.fsPath) ? ' · hook on' : ' · hook off') : '';
    this.text = `$(list-tree) Skim: ${label}${hook}`;
    this.item.text = this.text;
    const from = state.state === 'fresh' && uri ? `, ${originLabel(this.workspace.originOf(uri, state.entry))}` : '';
    this.item.tooltip =
      state.state === 'fresh' || state.state === 'stale' ? `${state.entry.producer}${from}; click to summarize again` : 'Click to summarize this file';
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
