import * as vscode from 'vscode';
import { regionTree, RegionNode } from '../../core/map/tree';
import { SkimConfiguration } from '../settings/configuration';
import { settings } from '../settings/settings';
import { ShownMaps } from './shownMaps';

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

export const symbolKind = (kind: string) => SYMBOL_KINDS[kind] ?? vscode.SymbolKind.Object;

type Symbols = (vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined;

/**
 * Skim's symbols for the Outline, breadcrumbs and Go to Symbol, only for languages no other
 * provider (a language server) outlines, unless skim.outline.besideLanguageServer says otherwise.
 *
 * Whether others outline a language is learnt when one of its documents opens: VS Code's own
 * symbol command is asked in the background while Skim's provider answers nothing for that
 * document, so the answer is theirs alone. The provider never asks it while VS Code waits on it:
 * VS Code shares one pending request per document version, so asking from inside would wait on
 * itself. Once a language's answer changes, the provider is registered again, and VS Code asks
 * every provider anew.
 */
export class MapOutline implements vscode.DocumentSymbolProvider, vscode.Disposable {
  /** Documents whose symbols are being asked of the other providers: Skim's provider answers nothing for them meanwhile. */
  private readonly asking = new Map<string, number>();
  /** Per language: whether another provider gave symbols the last time one of its documents was asked. */
  private readonly served = new Map<string, boolean>();
  private registration: vscode.Disposable;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly maps: ShownMaps,
    configuration: SkimConfiguration,
  ) {
    this.registration = this.register();
    this.subscriptions = [vscode.workspace.onDidOpenTextDocument((document) => void this.learn(document))];
    configuration.onDidChange((changed) => (changed.has('outline') || changed.has('outlineBesideLanguageServer')) && this.reregister());
    for (const document of vscode.workspace.textDocuments) void this.learn(document);
  }

  private register(): vscode.Disposable {
    return vscode.languages.registerDocumentSymbolProvider({ scheme: 'file' }, this, { label: 'Skim map' });
  }

  /** VS Code asks every provider again when one is registered anew. */
  private reregister(): void {
    this.registration.dispose();
    this.registration = this.register();
  }

  /** The symbols every provider but Skim's gives the document (the language's own outline). */
  async otherSymbols(uri: vscode.Uri): Promise<Symbols> {
    const key = uri.toString();
    this.asking.set(key, (this.asking.get(key) ?? 0) + 1);
    try {
      return await vscode.commands.executeCommand<Symbols>('vscode.executeDocumentSymbolProvider', uri);
    } finally {
      const left = (this.asking.get(key) ?? 1) - 1;
      if (left) this.asking.set(key, left);
      else this.asking.delete(key);
    }
  }

  /** Whether another provider outlines this language, as far as Skim has learnt: undefined before it has asked. */
  servedByOthers(languageId: string): boolean | undefined {
    return this.served.get(languageId);
  }

  /** Asks the other providers about a document just opened, and follows their answer for its language. */
  async learn(document: vscode.TextDocument): Promise<void> {
    if (document.uri.scheme !== 'file' || this.served.get(document.languageId)) return;
    const symbols = await this.otherSymbols(document.uri).catch(() => undefined);
    const served = !!symbols?.length;
    const before = this.served.get(document.languageId);
    if (before === served) return;
    this.served.set(document.languageId, served);
    // Only a change that makes Skim's symbols appear or go needs VS Code to ask again.
    if (!served || before === false) this.reregister();
  }

  async provideDocumentSymbols(document: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
    const { outline, outlineBesideLanguageServer } = settings();
    if (!outline || this.asking.has(document.uri.toString())) return [];
    if (!outlineBesideLanguageServer && this.served.get(document.languageId) !== false) {
      if (!this.served.has(document.languageId)) void this.learn(document);
      return [];
    }
    const shown = await this.maps.get(document);
    if (!shown?.entry) return [];
    const toSymbol = (node: RegionNode): vscode.DocumentSymbol => {
      const { region } = node;
      const last = Math.min(region.end, document.lineCount) - 1;
      const range = new vscode.Range(region.start - 1, 0, last, document.lineAt(last).text.length);
      const symbol = new vscode.DocumentSymbol(region.name || region.kind, region.note, symbolKind(region.kind), range, range.with({ end: range.start }));
      symbol.children = node.children.map(toSymbol);
      return symbol;
    };
    return regionTree(shown.entry.regions.filter((r) => r.start <= document.lineCount)).map(toSymbol);
  }

  dispose(): void {
    this.registration.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
