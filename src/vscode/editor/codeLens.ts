import * as vscode from 'vscode';
import { codeLensTitle } from '../../core/map/render';
import { settings } from '../settings';
import { WorkspaceMaps } from '../workspaceMaps';

/** A lens at each region's first line (kind, name, range, note), from the stored map when it is fresh. */
export class MapCodeLens implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly workspace: WorkspaceMaps) {
    this.onDidChangeCodeLenses = (listener, thisArg, disposables) => workspace.onDidChange(() => listener.call(thisArg), undefined, disposables);
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!settings().codeLens) return [];
    const state = await this.workspace.state(document.uri);
    if (state.state !== 'fresh') return [];
    return state.entry.regions.map((region) => {
      const line = Math.min(region.start - 1, document.lineCount - 1);
      return new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
        title: codeLensTitle(region),
        command: 'skim.showMap',
        arguments: [document.uri],
      });
    });
  }
}
