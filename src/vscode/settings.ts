import * as vscode from 'vscode';
import { gateModeOf } from '../core/gate/gate';
import { DEFAULT_LINE_LIMIT } from '../core/guard/guard';

/** Skim's settings, read fresh on every use so that a change applies at once. */
export function settings() {
  const config = vscode.workspace.getConfiguration('skim');
  return {
    lineLimit: Math.max(20, config.get<number>('guard.lineLimit', DEFAULT_LINE_LIMIT)),
    model: {
      vendor: config.get<string>('model.vendor', 'copilot').trim(),
      family: config.get<string>('model.family', '').trim(),
      id: config.get<string>('model.id', '').trim(),
      timeoutMs: Math.max(1, config.get<number>('model.timeoutSeconds', 60)) * 1000,
    },
    codeLens: config.get<boolean>('codeLens.enabled', true),
    hover: config.get<boolean>('hover.enabled', true),
    outline: config.get<boolean>('outline.enabled', true),
    lsp: { timeoutMs: Math.max(1, config.get<number>('lsp.timeoutSeconds', 5)) * 1000 },
    editGate: gateModeOf(config.get<string>('editGate', 'drift')),
    screen: { redactSecrets: config.get<boolean>('screen.redactSecrets', true) },
  };
}
