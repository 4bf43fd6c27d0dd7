import * as vscode from 'vscode';
import { OPTION_NAMES, OptionName, Options } from '../../core/config/options';
import { Logger } from '../../core/context';
import { idleOptions } from '../../core/config/read';
import { readSettings } from './settings';
import { whenTrusted } from '../workspace/trust';

/**
 * The extension's one configuration listener: when a setting changes, it reads the options again,
 * tells each part which options changed, and says once what is wrong with a value a person set,
 * and which setting cannot take effect as set. The options themselves are read one way, fresh,
 * through settings.ts.
 */
export class SkimConfiguration implements vscode.Disposable {
  private current: Options;
  private readonly listeners: ((changed: ReadonlySet<OptionName>) => void)[] = [];
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly log: Logger) {
    this.current = this.read();
    // Trusting the workspace is a change too: its own values of the restricted settings now count.
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('skim') && this.reread()),
      whenTrusted(() => this.reread()),
    ];
  }

  private reread(): void {
    const next = this.read();
    const changed = new Set(OPTION_NAMES.filter((name) => next[name] !== this.current[name]));
    this.current = next;
    if (changed.size) for (const listener of this.listeners) listener(changed);
  }

  /** Calls `listener` with the names of the options that changed, after each change. */
  onDidChange(listener: (changed: ReadonlySet<OptionName>) => void): void {
    this.listeners.push(listener);
  }

  private read(): Options {
    const read = readSettings();
    for (const problem of [...read.problems, ...idleOptions(read)]) this.log.warn(`setting:${problem}`, problem);
    return read.options;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
