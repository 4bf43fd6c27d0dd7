import * as vscode from 'vscode';
import { renderMap } from '../../core/map/render';
import { WorkspaceMaps } from '../workspaceMaps';

export const MAP_SCHEME = 'skim-map';

/** "Skim: Show Map": a read-only document rendered from the stored rows. */
export class MapDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly workspace: WorkspaceMaps) {
    workspace.onDidChange((uri) => uri && this.changed.fire(mapUri(uri)));
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const source = uri.with({ scheme: 'file', path: uri.path.replace(/\.skim-map$/, '') });
    const state = await this.workspace.state(source);
    if (state.state === 'outside') return `${source.fsPath} is not inside the open workspace.`;
    if (state.state === 'missing') return `No map of ${source.fsPath} yet. Run "Skim: Summarize File".`;
    const stale = state.state === 'stale' ? '[stale: the file has changed since this map was made; run "Skim: Summarize File"]\n\n' : '';
    return stale + renderMap(state.entry);
  }
}

export function mapUri(source: vscode.Uri): vscode.Uri {
  return source.with({ scheme: MAP_SCHEME, path: `${source.path}.skim-map` });
}
