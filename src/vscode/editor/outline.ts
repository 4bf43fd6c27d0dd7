import * as vscode from 'vscode';
import { regionTree, RegionNode } from '../../core/map/tree';
import { settings } from '../settings';
import { WorkspaceMaps } from '../workspaceMaps';

const SYMBOL_KINDS: Record<string, vscode.SymbolKind> = {
  class: vscode.SymbolKind.Class,
  interface: vscode.SymbolKind.Interface,
  type: vscode.SymbolKind.TypeParameter,
  enum: vscode.SymbolKind.Enum,
  function: vscode.SymbolKind.Function,
  method: vscode.SymbolKind.Method,
  constructor: vscode.SymbolKind.Constructor,
  struct: vscode.SymbolKind.Struct,
  trait: vscode.SymbolKind.Interface,
  impl: vscode.SymbolKind.Class,
  module: vscode.SymbolKind.Module,
  namespace: vscode.SymbolKind.Namespace,
  imports: vscode.SymbolKind.Package,
  constant: vscode.SymbolKind.Constant,
  record: vscode.SymbolKind.Struct,
};

/** The Outline view and breadcrumbs, nested as the map nests, from the stored map when it is fresh. */
export class MapOutline implements vscode.DocumentSymbolProvider {
  constructor(private readonly workspace: WorkspaceMaps) {}

  async provideDocumentSymbols(document: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
    if (!settings().outline) return [];
    const state = await this.workspace.state(document.uri);
    if (state.state !== 'fresh') return [];
    const toSymbol = (node: RegionNode): vscode.DocumentSymbol => {
      const { region } = node;
      const last = Math.min(region.end, document.lineCount) - 1;
      const range = new vscode.Range(region.start - 1, 0, last, document.lineAt(last).text.length);
      const symbol = new vscode.DocumentSymbol(
        region.name || region.kind,
        region.note,
        SYMBOL_KINDS[region.kind] ?? vscode.SymbolKind.Object,
        range,
        range.with({ end: range.start }),
      );
      symbol.children = node.children.map(toSymbol);
      return symbol;
    };
    return regionTree(state.entry.regions).map(toSymbol);
  }
}
