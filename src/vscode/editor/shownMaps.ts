import * as vscode from 'vscode';
import { fileKindByName } from '../../core/files/kind';
import { hashBytes } from '../../core/files/scan';
import { splitLines } from '../../core/files/readSource';
import { MapEntry, MapOrigin } from '../../core/map/types';
import type { SkimContext } from '../../core/context';
import { screenEntry } from '../../core/screen/entry';
import { NoGrammarError, structuralMap } from '../../core/structural/mapper';
import { StructuralMap } from '../../core/structural/structuralMap';
import { MapState, WorkspaceMaps } from '../workspace/workspaceMaps';

/** What the screen took out of the map shown: credentials redacted, and fields left out as addressed to an AI agent. */
export interface Screened {
  redacted: number;
  leftOut: number;
}

/**
 * What the editor shows for a document: the stored map when it is fresh for the file, else
 * tree-sitter's outline of the document's text as it is now (a parse, never a model call). A
 * stored map the file no longer matches is said (`stale`), never shown: where no outline can
 * stand in for it, nothing is shown. Every entry here has passed the screen the tools' maps pass
 * (screenEntry): every surface that draws from it shows only screened text.
 */
export type ShownMap = Unscreened & { screened: Screened };

/** A map as the editor found it, before the screen. */
type Unscreened =
  | {
      entry: MapEntry;
      /** Where the entry came from: a stored map (and its origin), or an outline of the text now. */
      source: { kind: 'stored'; origin: MapOrigin } | { kind: 'outline' };
      stale?: MapEntry;
    }
  | { entry?: undefined; stale: MapEntry };

/** How long the map view and status bar wait after a keystroke before following the text. */
const TYPING_DELAY_MS = 300;

/**
 * The most text the editor outlines as it changes: a parse runs once per version (in the outline
 * worker, off the extension host's thread), so a larger file shows its stored map only (Summarize File makes one).
 */
export const LIVE_OUTLINE_MAX_CHARS = 512 * 1024;
/** A line this long is minified code: its outline costs seconds and helps no one reading it. */
const MINIFIED_LINE_CHARS = 5_000;

/** Whether the editor outlines this text as it is typed: a source file (not generated, not prose), of a size a parse keeps up with. */
function outlinedLive(file: string, text: string): boolean {
  if (fileKindByName(file) !== 'source' || text.length > LIVE_OUTLINE_MAX_CHARS) return false;
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) if (end - start > MINIFIED_LINE_CHARS) return false;
  return text.length - start <= MINIFIED_LINE_CHARS;
}

/**
 * The map each open document shows, computed once per document version and kept in memory:
 * CodeLens, hover, outline, status bar and map view all read it here, so they always agree.
 */
export class ShownMaps implements vscode.Disposable {
  /** Each document's map for one version; `stop` ends its outline once no one waits for it (a newer version, the document closed). */
  private readonly shown = new Map<string, { version: number; map: Promise<ShownMap | undefined>; stop: AbortController }>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires when what a document shows may have changed: its text, or its stored map. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private readonly typing = new Map<string, NodeJS.Timeout>();

  constructor(readonly workspace: WorkspaceMaps) {
    this.subscriptions = [
      workspace.onDidChange((uri) => {
        for (const key of uri ? [uri.toString()] : [...this.shown.keys()]) this.forget(vscode.Uri.parse(key));
      }),
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.later(e.document.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => this.forget(d.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => this.drop(d.uri.toString())),
    ];
  }

  /** The map `document` shows now; undefined where Skim has none (outside the workspace, no grammar and nothing stored). */
  get(document: vscode.TextDocument): Promise<ShownMap | undefined> {
    const key = document.uri.toString();
    const known = this.shown.get(key);
    if (known && known.version === document.version) return known.map;
    known?.stop.abort();
    const stop = new AbortController();
    const map = this.make(document, stop.signal).catch((error: Error) => {
      if (!stop.signal.aborted) this.workspace.log.line(`no map shown for ${document.uri.fsPath}: ${error.message}`);
      return undefined;
    });
    this.shown.set(key, { version: document.version, map, stop });
    return map;
  }

  private drop(key: string): void {
    this.shown.get(key)?.stop.abort();
    this.shown.delete(key);
  }

  /**
   * The stored map and the outline are looked for at once, and neither waits for the other: the
   * first to serve is shown, and a stored map found after the outline was shown replaces it (and
   * says so through onDidChange).
   */
  private async make(document: vscode.TextDocument, signal: AbortSignal): Promise<ShownMap | undefined> {
    const file = this.workspace.inWorkspace(document.uri);
    if (!file) return undefined;
    const text = document.getText();
    const lines = splitLines(text).length;
    const stateNow = this.workspace.state(document.uri);
    const outlineNow = outlinedLive(file.absolute, text) ? outlineOf(file.absolute, text, lines, signal) : Promise.resolve(undefined);
    const first = await Promise.race([stateNow.then((state) => ({ state })), outlineNow.then((outline) => ({ outline }))]);
    const outlineEntry = (outline: StructuralMap): MapEntry => {
      const bytes = Buffer.from(text);
      return { path: file.key, size: bytes.length, hash: hashBytes(bytes), lines, status: 'structural', ...outline, created: Date.now() };
    };
    const combine = (state: MapState, outline: StructuralMap | undefined): Unscreened | undefined => {
      if (state.state === 'fresh') return { entry: state.entry, source: { kind: 'stored', origin: this.workspace.originOf(document.uri, state.entry) } };
      const stale = state.state === 'stale' ? state.entry : undefined;
      if (!outline) return stale && { stale };
      return { entry: outlineEntry(outline), source: { kind: 'outline' }, stale };
    };
    const ctx = this.workspace.context(file.folder);
    const shown = (state: MapState, outline: StructuralMap | undefined) => screenShown(ctx, combine(state, outline));
    if ('state' in first) return shown(first.state, await outlineNow);
    if (!first.outline) return shown(await stateNow, undefined);
    const { outline } = first;
    const version = document.version;
    void stateNow.then(
      (state) => {
        const known = this.shown.get(document.uri.toString());
        if (state.state === 'missing' || state.state === 'outside' || known?.version !== version) return;
        known.map = shown(state, outline);
        void known.map.then(() => this.changed.fire(document.uri));
      },
      (error: Error) => this.workspace.log.line(`no stored map looked up for ${file.key}: ${error.message}`),
    );
    return shown({ state: 'missing' }, outline);
  }

  private forget(uri: vscode.Uri): void {
    this.drop(uri.toString());
    this.changed.fire(uri);
  }

  /** After typing stops: the providers VS Code asks follow edits themselves; the map view and status bar need telling. */
  private later(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.typing.get(key));
    this.typing.set(
      key,
      setTimeout(() => {
        this.typing.delete(key);
        this.changed.fire(uri);
      }, TYPING_DELAY_MS),
    );
  }

  dispose(): void {
    for (const timer of this.typing.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/**
 * A map as the editor may show it: its entry (and the stale one) screened as the tools screen a
 * map, so that a credential in a doc comment is redacted and a comment addressed to an AI agent
 * is left out, on every surface, people's included.
 */
async function screenShown(ctx: SkimContext, map: Unscreened | undefined): Promise<ShownMap | undefined> {
  if (!map) return undefined;
  const shown = await screenEntry(ctx, map.entry ?? map.stale);
  const stale = map.entry && map.stale && (await screenEntry(ctx, map.stale)).entry;
  const screened = { redacted: shown.findings.redactions.length, leftOut: new Set(shown.findings.flags.map((f) => f.line)).size };
  return map.entry ? { ...map, entry: shown.entry, stale, screened } : { stale: shown.entry, screened };
}

/** Tree-sitter's outline of the text (made in the outline worker), or undefined where it has no grammar (or the file is too large to parse). */
async function outlineOf(file: string, text: string, lines: number, signal: AbortSignal) {
  try {
    return await structuralMap(file, text, lines, signal);
  } catch (error) {
    if (error instanceof NoGrammarError) return undefined;
    throw error;
  }
}
