import * as vscode from 'vscode';
import { renderHover } from '../../core/map/render';
import { settings } from '../settings/settings';
import { REVEAL_IN_MAP } from './codeLens';
import { ShownMaps } from './shownMaps';

/**
 * A quiet hover: on a declaration's own line (anywhere, by setting), one line naming its region,
 * lines and note, with a link to the whole map; nothing elsewhere, and never file-level text.
 */
export class MapHover implements vscode.HoverProvider {
  constructor(private readonly maps: ShownMaps) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const { hover, hoverAnywhere } = settings();
    if (!hover) return undefined;
    const shown = await this.maps.get(document);
    if (!shown?.entry) return undefined;
    const hovered = renderHover(shown.entry, position.line + 1, hoverAnywhere);
    if (!hovered) return undefined;
    const args = encodeURIComponent(JSON.stringify([document.uri.toString(), hovered.region.start, hovered.region.end]));
    const markdown = new vscode.MarkdownString().appendText(`Skim: ${hovered.text} · `).appendMarkdown(`[whole map](command:${REVEAL_IN_MAP}?${args})`);
    markdown.isTrusted = { enabledCommands: [REVEAL_IN_MAP] };
    return new vscode.Hover(markdown);
  }
}
