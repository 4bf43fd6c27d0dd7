import * as path from 'node:path';
import * as vscode from 'vscode';
import { plainNote, screenedText } from '../../core/map/render';
import { RegionNode, regionTree } from '../../core/map/tree';
import { symbolKind } from './outline';
import { ShownMaps } from './shownMaps';

export const MAP_VIEW = 'skim.mapView';
export const REVEAL_LINES = 'skim.revealLines';

/** The codicon VS Code draws for a symbol kind (`symbol-type-parameter` for TypeParameter). */
const icon = (kind: vscode.SymbolKind) => `symbol-${vscode.SymbolKind[kind].replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`;

/** A region of the shown map, with its parent: the tree view needs both ways to reveal one. */
interface MapNode {
  node: RegionNode;
  /** Its document and place in the tree (`file:///a.ts#2/0/5`): unique even where regions share their lines and name. */
  id: string;
  parent?: MapNode;
  children?: MapNode[];
}

const span = (n: MapNode) => (n.node.region.start === n.node.region.end ? `${n.node.region.start}` : `${n.node.region.start}-${n.node.region.end}`);

/**
 * Skim's own map view in the Explorer, following the active editor: the regions of the map the
 * document shows, nested, each with its lines and note; a click reveals its lines in the editor.
 */
export class MapView implements vscode.TreeDataProvider<MapNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<MapNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<MapNode>;
  private readonly subscriptions: vscode.Disposable[];
  private document?: vscode.TextDocument;
  private roots: MapNode[] = [];
  private updates = 0;

  constructor(private readonly maps: ShownMaps) {
    this.view = vscode.window.createTreeView(MAP_VIEW, { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions = [
      this.view,
      // Focus leaving the editors (a panel, a webview) keeps the map of the last one still on screen.
      vscode.window.onDidChangeActiveTextEditor((editor) => (editor || !vscode.window.visibleTextEditors.length) && void this.follow(editor?.document)),
      maps.onDidChange((uri) => uri.toString() === this.document?.uri.toString() && void this.follow(this.document)),
    ];
    void this.follow(vscode.window.activeTextEditor?.document);
  }

  /** A row as the view shows it: its label, then its lines and note. */
  private row(n: MapNode): string {
    const item = this.getTreeItem(n);
    return `${item.label} ${item.description}`;
  }

  /** What the view shows now, in order, indented by depth: for tests. */
  lines(): string[] {
    const out: string[] = [];
    const visit = (nodes: MapNode[], depth: number) => {
      for (const n of nodes) {
        out.push(`${'  '.repeat(depth)}${this.row(n)}`);
        visit(this.getChildren(n), depth + 1);
      }
    };
    visit(this.roots, 0);
    return out;
  }

  /** The rows selected now, for tests. */
  selected(): string[] {
    return this.view.selection.map((n) => this.row(n));
  }

  /** The view's message and title line, for tests. */
  get state(): { message?: string; description?: string } {
    return { message: this.view.message, description: this.view.description };
  }

  private async follow(document: vscode.TextDocument | undefined): Promise<void> {
    const update = ++this.updates;
    const shown = document && (await this.maps.get(document));
    // The file's name is shown as any name: screened, its control characters escaped.
    const [name] = document ? await this.maps.workspace.shownNames([path.basename(document.uri.fsPath)]) : [];
    if (update !== this.updates) return;
    const entry = shown?.entry;
    this.document = document;
    this.roots = entry && document ? regionTree(entry.regions).map((node, i) => ({ node, id: `${document.uri}#${i}` })) : [];
    this.view.description = document && entry ? `${name} · ${entry.status === 'structural' ? 'outline' : 'map'}` : undefined;
    this.view.message = !document
      ? 'Open a source file to see its map.'
      : !this.maps.workspace.inWorkspace(document.uri)
        ? 'Skim maps only the files of the open workspace folders: this one is outside them, or a link that leads out of them.'
        : !shown
          ? 'No map of this file yet: tree-sitter cannot outline it as you type (its language, its size, or it is generated), and no map is stored. Summarize File makes one.'
          : !entry
            ? 'The stored map is stale: the file changed since. Summarize File makes it again.'
            : entry.regions.length === 0
              ? 'No declarations found in this file.'
              : screenedText(shown.screened) || undefined;
    this.changed.fire(undefined);
  }

  getTreeItem(n: MapNode): vscode.TreeItem {
    const { region } = n.node;
    const item = new vscode.TreeItem(
      region.name || region.kind,
      n.node.children.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    const note = plainNote(region.note);
    item.description = `${span(n)}${note ? ` · ${note}` : ''}`;
    item.tooltip = `${region.kind} ${region.name}, lines ${span(n)}${note ? `\n${note}` : ''}`;
    item.iconPath = new vscode.ThemeIcon(icon(symbolKind(region.kind)));
    item.id = n.id;
    if (this.document) item.command = { command: REVEAL_LINES, title: 'Reveal lines', arguments: [this.document.uri, region.start, region.end] };
    return item;
  }

  getChildren(n?: MapNode): MapNode[] {
    if (!n) return this.roots;
    n.children ??= n.node.children.map((child, i) => ({ node: child, id: `${n.id}/${i}`, parent: n }));
    return n.children;
  }

  getParent(n: MapNode): MapNode | undefined {
    return n.parent;
  }

  /** Shows the region at these lines of this document in the view, selected (a CodeLens's click). */
  async reveal(uri: vscode.Uri, start: number, end: number): Promise<boolean> {
    if (this.document?.uri.toString() !== uri.toString()) await this.follow(await vscode.workspace.openTextDocument(uri));
    for (let attempt = 0; ; attempt++) {
      const found = this.find(this.roots, start, end);
      if (!found) return false;
      try {
        await this.view.reveal(found, { select: true, focus: false, expand: true });
        return true;
      } catch (error) {
        // The tree was drawn anew (the text changed) between finding the row and revealing it: find it again, once.
        if (attempt > 0) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private find(nodes: MapNode[], start: number, end: number): MapNode | undefined {
    for (const n of nodes) {
      const { region } = n.node;
      if (region.start === start && region.end === end) return n;
      if (region.start <= start && end <= region.end) {
        const inner = this.find(this.getChildren(n), start, end);
        if (inner) return inner;
      }
    }
    return undefined;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** A region's lines revealed in its editor, its first line selected (the map view's click, and Go to Symbol's). */
export async function revealLines(uri: vscode.Uri, start: number, end: number): Promise<void> {
  const editor = await vscode.window.showTextDocument(uri, { preserveFocus: false, preview: false });
  const first = new vscode.Position(start - 1, 0);
  editor.selection = new vscode.Selection(first, first);
  editor.revealRange(new vscode.Range(first, new vscode.Position(Math.max(start, end) - 1, 0)), vscode.TextEditorRevealType.AtTop);
}
