import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { Savings } from './savings';
import { savingsPage } from './savingsPage';

/**
 * "Skim: Show Savings": a webview (never a buffer that asks to be saved) drawn from the counted
 * savings, drawn again whenever a read is counted while it is open. No script runs in it.
 */
export class SavingsView implements vscode.Disposable {
  private panel?: vscode.WebviewPanel;
  private listening?: vscode.Disposable;

  constructor(private readonly savings: () => Savings) {
    this.follow();
  }

  /** Listens to whichever Savings counts now (tests put their own in place). */
  private follow(): void {
    this.listening?.dispose();
    this.listening = this.savings().onDidChange(() => this.draw());
  }

  /** The page shown now, for tests. */
  html = '';

  show(): vscode.WebviewPanel {
    this.follow();
    if (this.panel) this.panel.reveal();
    else {
      this.panel = vscode.window.createWebviewPanel('skim.savings', 'Skim: Savings', vscode.ViewColumn.Active, {
        enableScripts: false,
        localResourceRoots: [],
      });
      this.panel.onDidDispose(() => (this.panel = undefined));
    }
    this.draw();
    return this.panel;
  }

  private draw(): void {
    if (!this.panel) return;
    this.html = savingsPage(this.savings().totals(), randomBytes(16).toString('base64'));
    this.panel.webview.html = this.html;
  }

  dispose(): void {
    this.listening?.dispose();
    this.panel?.dispose();
  }
}
