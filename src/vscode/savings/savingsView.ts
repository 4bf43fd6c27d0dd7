import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { Savings } from './savings';
import { savingsPage } from './savingsPage';

/**
 * "Skim: Show Savings": a webview (never a buffer that asks to be saved) drawn from the counted
 * savings, drawn again whenever a read is counted while it is open. No script runs in it. The
 * files it names are screened as any name Skim shows (`names`), since a person may share it.
 */
export class SavingsView implements vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private readonly listening: vscode.Disposable;

  private draws = 0;

  constructor(
    private readonly savings: Savings,
    private readonly names: (names: readonly string[]) => Promise<string[]>,
  ) {
    this.listening = savings.onDidChange(() => void this.draw());
  }

  /** The page shown now, for tests. */
  html = '';

  async show(): Promise<vscode.WebviewPanel> {
    let panel = this.panel;
    if (panel) panel.reveal();
    else {
      panel = this.panel = vscode.window.createWebviewPanel('skim.savings', 'Skim: Savings', vscode.ViewColumn.Active, {
        enableScripts: false,
        localResourceRoots: [],
      });
      panel.onDidDispose(() => (this.panel = undefined));
    }
    await this.draw();
    return panel;
  }

  private async draw(): Promise<void> {
    if (!this.panel) return;
    const draw = ++this.draws;
    const totals = this.savings.totals();
    const paths = await this.names(totals.last.map((r) => r.path));
    // A later draw may have finished first, or the panel closed meanwhile: only the newest is shown.
    if (draw !== this.draws || !this.panel) return;
    this.html = savingsPage({ ...totals, last: totals.last.map((r, i) => ({ ...r, path: paths[i] })) }, randomBytes(16).toString('base64'));
    this.panel.webview.html = this.html;
  }

  dispose(): void {
    this.listening.dispose();
    this.panel?.dispose();
  }
}
