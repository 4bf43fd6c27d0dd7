import * as vscode from 'vscode';
import { renderMap, screenedText } from '../../core/map/render';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { ShownMaps } from './shownMaps';

export const MAP_SCHEME = 'skim-map';

/** "Skim: Show Map": a read-only document of the map the editor shows for the file, rendered from its rows as an agent reads it. */
export class MapDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly workspace: WorkspaceMaps,
    private readonly maps: ShownMaps,
  ) {
    maps.onDidChange((uri) => this.changed.fire(mapUri(uri)));
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const source = uri.with({ scheme: 'file', path: uri.path.replace(/\.skim-map$/, '') });
    // The file's name is shown as any name: screened, its control characters escaped.
    const [name] = await this.workspace.shownNames([source.fsPath]);
    if (!this.workspace.inWorkspace(source)) return `${name} is not inside the open workspace.`;
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(source);
    } catch (error) {
      return `Skim cannot open ${name}: ${(error as Error).message}`;
    }
    const shown = await this.maps.get(document);
    if (!shown) return `Skim has no map of ${name}: tree-sitter cannot outline its language, and no map is stored. Run "Skim: Summarize File".`;
    const screened = screenedText(shown.screened);
    const said = screened ? `[${screened}]\n\n` : '';
    if (!shown.entry) return `[stale: the file has changed since this map was made; run "Skim: Summarize File"]\n\n${said}${renderMap(shown.stale)}`;
    const stale = shown.stale
      ? '[the stored map is stale (the file has changed since); this is the outline of the file as it is now. Run "Skim: Summarize File" for a new map.]\n\n'
      : '';
    return stale + said + renderMap(shown.entry);
  }
}

export function mapUri(source: vscode.Uri): vscode.Uri {
  return source.with({ scheme: MAP_SCHEME, path: `${source.path}.skim-map` });
}
