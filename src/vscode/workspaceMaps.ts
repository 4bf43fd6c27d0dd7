import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { outlineFileBeside, OutlineStore } from '../core/cache/outlineStore';
import { MapCache } from '../core/cache/store';
import { Launcher } from '../core/search/launch';
import { Outlines } from '../core/search/searchOutlines';
import { hashBytes } from '../core/files/scan';
import { sha256Hex } from '../core/files/sha256';
import { MapEntry } from '../core/map/types';
import { readForMapping } from '../core/files/readSource';
import { MapService } from '../core/mapping/service';
import { MapOrigin } from '../core/map/types';
import { MapOutcome, MapSource } from '../core/mapping/mapSource';
import { TeamCache } from '../core/cache/teamCache';
import { measureShortenedRead, O200K, TokenCounter } from '../core/savings';
import { Savings } from './savings/savings';
import { Project, ProjectFile } from '../core/files/project';
import { editorSymbolOutline } from './editorSymbols';
import { SkimLog } from './log';
import { LmModel, selectModel } from './model/lmModel';
import { createContext, SkimContext } from '../core/context';
import { SeenLines } from '../core/judge/seenLines';
import { EnsureOptions } from '../core/mapping/mapSource';
import { screenNames } from '../core/screen/names';
import { vetMap } from '../core/screen/vet';
import { JudgeHolder } from './judge/judgeConfig';
import { settings } from './settings';

/** A file inside one of the open workspace folders. */
export interface WorkspaceFile extends ProjectFile {
  folder: vscode.WorkspaceFolder;
}

/** What the editor shows for a file: a pure cache read, never a model call. */
export type MapState = { state: 'fresh'; entry: MapEntry } | { state: 'stale'; entry: MapEntry } | { state: 'missing' } | { state: 'outside' };

/** A path the tools will not read: outside the workspace, or no workspace at all. Said to the model. */
export class OutsideWorkspaceError extends Error {}

/**
 * The engine as the extension uses it: one cache per workspace folder under the extension's
 * workspace storage, opened on first use; a vscode.lm model chosen by the settings on every map.
 */
export class WorkspaceMaps implements vscode.Disposable {
  private readonly caches = new Map<string, Promise<MapCache>>();
  private readonly outlineStores = new Map<string, Promise<OutlineStore>>();
  /** Starts the search programs from a small helper process: the extension host is too large to start them quickly itself. */
  readonly launcher = new Launcher();
  /** Where this session's maps came from, by file, for the content they were made of. */
  private readonly origins = new Map<string, { hash: string; source: MapOrigin }>();
  private team?: TeamCache;
  private readonly changed = new vscode.EventEmitter<vscode.Uri | undefined>();
  /** Fires when a map is stored or forgotten (undefined: all of them). */
  readonly onDidChange = this.changed.event;

  /** What each folder's session was shown by Skim's tools, by folder URI. */
  private readonly seen = new Map<string, SeenLines>();

  constructor(
    /** The extension's workspace storage (its global storage when no workspace is open). */
    private readonly storage: vscode.Uri,
    readonly log: SkimLog,
    private readonly judges: JudgeHolder,
  ) {}

  /** The session of one workspace folder: its options (its own settings), the judge, the lines its tools showed, the log. */
  context(folder: vscode.WorkspaceFolder): SkimContext {
    const key = folder.uri.toString();
    let seen = this.seen.get(key);
    if (!seen) this.seen.set(key, (seen = new SeenLines()));
    return createContext({ options: settings(folder.uri), judge: this.judges.judge, log: this.log, seen });
  }

  /** Names a person is shown (a file's, a folder's), screened as any name Skim shows (screenNames): the savings table, the map view, the status bar. */
  async shownNames(names: readonly string[]): Promise<string[]> {
    const ctx = createContext({ options: settings(), judge: this.judges.judge, log: this.log });
    return (await screenNames(ctx, names)).shown;
  }

  /** Resolves a path a model gave (absolute, or relative to a workspace folder); refuses anything outside the workspace. */
  resolve(input: string): WorkspaceFile {
    const folders = vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file') ?? [];
    if (folders.length === 0)
      throw new OutsideWorkspaceError('No folder is open in VS Code, so Skim has no workspace to read from. Open the project folder first.');
    const candidates = path.isAbsolute(input) ? [path.normalize(input)] : folders.map((f) => path.join(f.uri.fsPath, input));
    for (const absolute of candidates) {
      const file = this.inWorkspace(vscode.Uri.file(absolute));
      if (file) return file;
    }
    const roots = folders.map((f) => f.uri.fsPath).join(', ');
    throw new OutsideWorkspaceError(
      `${input} is outside the open workspace (${roots}). Skim reads only files inside it: give a path inside the workspace, absolute or relative to its folder.`,
    );
  }

  /** The workspace folder a path a model gave lies in (one where it exists, first); refuses a path outside every folder. */
  resolveFolder(input: string): vscode.WorkspaceFolder {
    const folders = vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file') ?? [];
    const candidates = path.isAbsolute(input) ? [path.normalize(input)] : folders.map((f) => path.join(f.uri.fsPath, input));
    const holding = candidates
      .map((absolute) => ({ absolute, folder: vscode.workspace.getWorkspaceFolder(vscode.Uri.file(absolute)) }))
      .filter((c) => c.folder?.uri.scheme === 'file');
    const found = holding.find((c) => existsSync(c.absolute)) ?? holding[0];
    if (found?.folder) return found.folder;
    const roots = folders.map((f) => f.uri.fsPath).join(', ') || 'no folder is open';
    throw new OutsideWorkspaceError(`${input} is outside the open workspace (${roots}): give a path inside the workspace, absolute or relative to its folder.`);
  }

  /** The workspace file for a URI, or undefined when it is not a file inside a workspace folder. */
  inWorkspace(uri: vscode.Uri): WorkspaceFile | undefined {
    if (uri.scheme !== 'file') return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder || folder.uri.scheme !== 'file') return undefined;
    const file = new Project(folder.uri.fsPath).file(uri.fsPath);
    return file.inside ? { ...file, folder } : undefined;
  }

  /** The file's map, made now if missing or stale (one model call, at most three), and stored. */
  async ensure(file: WorkspaceFile, token?: vscode.CancellationToken, options: EnsureOptions = {}): Promise<MapOutcome> {
    const { maps, model } = await this.service(file, token);
    const started = Date.now();
    const tokensBefore = model?.tokensSent ?? 0;
    const abort = new AbortController();
    const cancel = token?.onCancellationRequested(() => abort.abort());
    try {
      const outcome = await maps.ensure(file, { ...options, signal: abort.signal });
      this.afterMap(file, outcome, (model?.tokensSent ?? 0) - tokensBefore, Date.now() - started);
      return outcome;
    } finally {
      cancel?.dispose();
    }
  }

  /** The guard's view of this workspace's maps: every map it makes is logged and shown in the editor. */
  mapSource(file: WorkspaceFile, token?: vscode.CancellationToken): MapSource {
    return {
      cached: async (f, hash, size) => (await this.service(file, token)).maps.cached(f, hash, size),
      ensure: (_f, options) => this.ensure(file, token, options),
    };
  }

  /** The engine for a file's folder, with the model the settings choose (none: tree-sitter serves). */
  async service(file: WorkspaceFile, token?: vscode.CancellationToken): Promise<{ maps: MapService; model?: LmModel }> {
    const cache = await this.cache(file.folder);
    const ctx = this.context(file.folder);
    const choice = { vendor: ctx.options.modelVendor, family: ctx.options.modelFamily, id: ctx.options.modelId };
    let chat: vscode.LanguageModelChat | undefined;
    try {
      chat = await selectModel(choice);
    } catch (error) {
      this.log.line(`could not list language models: ${(error as Error).message}`);
    }
    if (!chat) {
      const named = [choice.vendor, choice.family, choice.id].filter(Boolean).join('/') || 'any';
      this.log.warnOnce('no-model', `no language model matches the skim.model settings (${named}), so maps come from the tree-sitter outline.`);
      return { maps: new MapService(ctx, cache, undefined, editorSymbolOutline, this.team) };
    }
    const model = new LmModel(chat, ctx.options.modelTimeoutSeconds * 1000, token);
    return { maps: new MapService(ctx, cache, model, editorSymbolOutline, this.team), model };
  }

  /** Where shortened reads and model calls are counted (Show Savings). */
  savings?: Savings;

  /** Counts a shortened read, its tokens counted by the model the settings choose where it can, else o200k. */
  async recordShortened(file: WorkspaceFile, shown: [number, number], askedEnd: number, mapText: string): Promise<void> {
    if (!this.savings) return;
    const { model } = await this.service(file).catch(() => ({ model: undefined }));
    const tokens: TokenCounter = model ? { name: `${model.producer}'s own countTokens`, count: (text) => model.countTokens(text) } : O200K;
    const read = await measureShortenedRead(file.real, file.key, shown, askedEnd, mapText, tokens).catch(() => undefined);
    if (read) await this.savings.record(read, tokens.name);
  }

  /** The team cache from now on (undefined: none); the one it replaces is closed. */
  setTeam(team: TeamCache | undefined): void {
    void this.team?.close();
    this.team = team;
  }

  /** Where a stored map came from: what this session saw it come from, else the local cache (or tree-sitter for an outline). */
  originOf(uri: vscode.Uri, entry: MapEntry): MapOrigin {
    const seen = this.origins.get(uri.fsPath);
    if (seen && seen.hash === entry.hash) return seen.source;
    return entry.status === 'structural' ? 'structural' : 'local';
  }

  /** A folder's stored maps as they are, for placing search hits in: never a model call. */
  async storedMaps(folder: vscode.WorkspaceFolder): Promise<MapService> {
    return new MapService(this.context(folder), await this.cache(folder));
  }

  /** A folder's tree-sitter outlines, stored beside its maps and kept open, so that search and the overview read them warm. */
  async outlines(folder: vscode.WorkspaceFolder): Promise<Outlines> {
    const key = folder.uri.toString();
    let store = this.outlineStores.get(key);
    if (!store) {
      store = OutlineStore.open(outlineFileBeside(this.cacheFile(folder)), { onWarning: (m) => this.log.warnOnce(`outlines:${m}`, m) });
      this.outlineStores.set(key, store);
    }
    return new Outlines(await store);
  }

  /**
   * The stored map the editor may show for a document, checked against the file's hash: as stored,
   * for ShownMaps to screen with whatever else it shows.
   */
  async state(uri: vscode.Uri): Promise<MapState> {
    const file = this.inWorkspace(uri);
    if (!file) return { state: 'outside' };
    const cache = await this.cache(file.folder);
    await cache.reloadIfChanged();
    const entry = cache.get(file.key);
    // A model's map that addresses the agent is never shown.
    if (!entry || (entry.status !== 'structural' && vetMap(entry))) return { state: 'missing' };
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (document?.isDirty) return { state: 'stale', entry };
    let bytes: Buffer;
    try {
      const stat = await fs.stat(file.real);
      if (stat.size !== entry.size) return { state: 'stale', entry };
      bytes = await readForMapping(file.real);
    } catch {
      return { state: 'missing' };
    }
    return hashBytes(bytes) === entry.hash ? { state: 'fresh', entry } : { state: 'stale', entry };
  }

  async forget(file: WorkspaceFile): Promise<void> {
    (await this.cache(file.folder)).forget(file.key);
    this.changed.fire(vscode.Uri.file(file.absolute));
  }

  async clear(): Promise<void> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) (await this.cache(folder)).clear();
    this.changed.fire(undefined);
  }

  async flush(): Promise<void> {
    await Promise.all([...this.caches.values()].map(async (c) => (await c).flush()));
  }

  async close(): Promise<void> {
    await Promise.all([...this.caches.values(), ...this.outlineStores.values()].map(async (c) => (await c).close()));
    this.caches.clear();
    this.outlineStores.clear();
    this.launcher.close();
    await this.team?.close();
  }

  dispose(): void {
    void this.close();
    this.changed.dispose();
  }

  private afterMap(file: WorkspaceFile, outcome: MapOutcome, tokens: number, ms: number): void {
    const { entry } = outcome;
    if (outcome.source !== 'local') this.origins.set(file.absolute, { hash: entry.hash, source: outcome.source });
    void this.savings?.recordModelCalls(outcome.modelCalls);
    const source = outcome.source === 'local' ? 'cache' : outcome.source === 'team' ? `the team cache (${entry.producer})` : entry.producer;
    this.log.line(`${file.key}: ${entry.status} map from ${source}, ${outcome.modelCalls} model call(s), ${tokens} prompt tokens, ${ms} ms`);
    if (outcome.fallback) this.log.warnOnce(`fallback:${outcome.fallback}`, `${file.key}: ${outcome.fallback}.`);
    if (entry.status === 'prose-only' && !outcome.fromCache)
      this.log.warnOnce(`prose-only:${file.key}`, `the model gave no usable map of ${file.key}; Skim keeps its prose only.`);
    if (!outcome.fromCache) this.changed.fire(vscode.Uri.file(file.absolute));
  }

  private cache(folder: vscode.WorkspaceFolder): Promise<MapCache> {
    const key = folder.uri.toString();
    let cache = this.caches.get(key);
    if (!cache) {
      cache = MapCache.open(this.cacheFile(folder), { onWarning: (m) => this.log.warnOnce(`cache:${m}`, m) });
      this.caches.set(key, cache);
    }
    return cache;
  }

  private cacheFile(folder: vscode.WorkspaceFolder): string {
    const id = sha256Hex(folder.uri.toString()).slice(0, 16);
    return path.join(this.storage.fsPath, `maps-${id}.sqlite`);
  }
}
