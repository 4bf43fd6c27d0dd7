import * as vscode from 'vscode';
import { Logger } from '../../core/context';
import { SkimMessages } from './messages';

/** The "Skim" output channel, created on first use, and warnings shown to the user once each: the engine's logger in VS Code. */
export class SkimLog implements vscode.Disposable, Logger {
  private channel?: vscode.OutputChannel;
  private readonly warned = new Set<string>();
  /** Every warning the log shows goes through this queue, so that none stacks on another (a command answers its own invocation directly). */
  readonly messages = new SkimMessages();

  line(text: string): void {
    this.channel ??= vscode.window.createOutputChannel('Skim');
    this.channel.appendLine(`[${new Date().toISOString()}] ${text}`);
  }

  /** Logs, and tells the user once per session per `key`, without a modal dialog; "Show Output" opens the detail. */
  warnOnce(key: string, text: string): void {
    this.line(`warning: ${text}`);
    if (this.warned.has(key)) return;
    this.warned.add(key);
    void this.messages
      .show(() => vscode.window.showWarningMessage(`Skim: ${text}`, 'Show Output'))
      .then((choice) => {
        if (choice) this.channel?.show(true);
      });
  }

  info(text: string): void {
    this.line(text);
  }

  warn(key: string, text: string): void {
    this.warnOnce(key, text);
  }

  dispose(): void {
    this.channel?.dispose();
  }
}
