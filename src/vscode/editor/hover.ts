import * as vscode from 'vscode';
import { renderHover } from '../../core/map/render';
import { settings } from '../settings';
import { WorkspaceMaps } from '../workspaceMaps';

/** On any line: the regions it is in, their notes, and the file's prose. */
export class MapHover implements vscode.HoverProvider {
  constructor(private readonly workspace: WorkspaceMaps) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    if (!settings().hover) return undefined;
    const state = await this.workspace.state(document.uri);
    if (state.state !== 'fresh') return undefined;
    return new vscode.Hover(
      new vscode.MarkdownString().appendCodeblock(renderHover(state.entry, position.line + 1, this.workspace.originOf(document.uri, state.entry)), 'text'),
    );
  }
}
