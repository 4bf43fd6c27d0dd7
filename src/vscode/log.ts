import * as vscode from 'vscode';

/** The "Skim" output channel, created on first use, and warnings shown to the user once each. */
export class SkimLog implements vscode.Disposable {
  private channel?: vscode.OutputChannel;
  private readonly warned = new Set<string>();

  line(text: string): void {
    this.channel ??= vscode.window.createOutputChannel('Skim');
    this.channel.appendLine(`[${new Date().toISOString()}] ${text}`);
  }

  /** Logs, and tells the user once per session per `key`, without a modal dialog. */
  warnOnce(key: string, text: string): void {
    this.line(`warning: ${text}`);
    if (this.warned.has(key)) return;
    this.warned.add(key);
    void vscode.window.showWarningMessage(`Skim: ${text}`);
  }

  dispose(): void {
    this.channel?.dispose();
  }
}
