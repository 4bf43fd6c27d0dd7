import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { Launcher } from '../../core/search/launch';
import { SlowFiles } from '../../core/mapping/slowFiles';
import { Outlines } from '../../core/outlines/projectOutlines';
import { hashBytes } from '../../core/files/scan';
import { MapEntry } from '../../core/map/types';
import { readForMapping } from '../../core/files/readSource';
import { MapService } from '../../core/mapping/service';
import { MapOrigin } from '../../core/map/types';
import { MapOutcome, MapSource } from '../../core/mapping/mapSource';
import { TeamCache } from '../../core/cache/teamCache';
import { Savings } from '../savings/savings';
import { SkimLog } from '../user/log';
import { LmModel } from '../model/lmModel';
import { SkimContext } from '../../core/context';
import { EnsureOptions } from '../../core/mapping/mapSource';
import { vetMap } from '../../core/screen/vet';
import { JudgeHolder } from '../judge/judgeConfig';
import { FolderContexts } from './folderContexts';
import { FolderStores } from './folderStores';
import { FolderHistories } from './folderHistories';
import type { ProjectHistory } from '../../core/history/projectHistory';
import { MapServices } from './mapServices';
import { SavingsCounter } from '../savings/savingsCounter';
import { TeamHolder } from '../team/teamHolder';
import { inWorkspace, resolveFolder, resolveInWorkspace, WorkspaceFile } from './workspacePaths';

/** What the editor shows for a file: a pure cache read, never a model call. */
export type MapState = { state: 'fresh'; entry: MapEntry } | { state: 'stale'; entry: MapEntry } | { state: 'missing' } | { state: 'outside' };

/**
 * The engine as the extension uses it: a file's map, made or stored, and what the editor shows of it.
 * Its parts each do one job: paths (workspacePaths), sessions (FolderContexts), stores
 * (FolderStores), map services (MapServices), the team cache (TeamHolder), savings (SavingsCounter).
 */
export class WorkspaceMaps implements vscode.Disposable {
  /** Starts the search programs from a small helper process: the extension host is too large to start them quickly itself. */
  readonly launcher = new Launcher();
  /** Where this session's maps came from, by file, for the content they were made of. */
  private readonly origins = new Map<string, { hash: string; source: MapOrigin }>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri | undefined>();
  /** Fires when a map is stored or forgotten (undefined: all of them). */
  readonly onDidChange = this.changed.event;
  private readonly contexts: FolderContexts;
  private readonly stores: FolderStores;
  private readonly team = new TeamHolder();
  private readonly services: MapServices;
  private readonly counter: SavingsCounter;
  private readonly histories: FolderHistories;

  constructor(
    /** The extension's workspace storage (its global storage when no workspace is open). */
    storage: vscode.Uri,
    readonly log: SkimLog,
    judges: JudgeHolder,
    /** Where shortened reads and model calls are counted (Show Savings). */
    savings: Savings,
  ) {
    this.contexts = new FolderContexts(log, judges);
    this.stores = new FolderStores(storage, log);
    this.services = new MapServices(this.contexts, this.stores, this.team, log);
    this.counter = new SavingsCounter(savings, this.services);
    this.histories = new FolderHistories((folder) => this.stores.cacheFile(folder));
  }

  /** A folder's git history for locate, read in the background and kept beside its outlines. */
  history(folder: vscode.WorkspaceFolder): ProjectHistory {
    return this.histories.history(folder);
  }

  /** The session of one workspace folder: its options (its own settings), the judge, the lines its tools showed, the log. */
  context(folder: vscode.WorkspaceFolder): SkimContext {
    return this.contexts.context(folder);
  }

  shownNames(names: readonly string[]): Promise<string[]> {
    return this.contexts.shownNames(names);
  }

  shownMessage(message: string): Promise<string> {
    return this.contexts.shownMessage(message);
  }

  resolve(input: string): WorkspaceFile {
    return resolveInWorkspace(input);
  }

  resolveFolder(input: string): vscode.WorkspaceFolder {
    return resolveFolder(input);
  }

  inWorkspace(uri: vscode.Uri): WorkspaceFile | undefined {
    return inWorkspace(uri);
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
  service(file: WorkspaceFile, token?: vscode.CancellationToken): Promise<{ maps: MapService; model?: LmModel }> {
    return this.services.service(file, token);
  }

  /** Counts a shortened read, its tokens counted by the model the settings choose where it can, else o200k. */
  recordShortened(file: WorkspaceFile, shown: [number, number], askedEnd: number, mapText: string): Promise<void> {
    return this.counter.shortened(file, shown, askedEnd, mapText);
  }

  /** The team cache from now on (undefined: none); the one it replaces is closed. */
  setTeam(team: TeamCache | undefined): void {
    this.team.set(team);
  }

  /** Where a stored map came from: what this session saw it come from, else the local cache (or tree-sitter for an outline). */
  originOf(uri: vscode.Uri, entry: MapEntry): MapOrigin {
    const seen = this.origins.get(uri.fsPath);
    if (seen && seen.hash === entry.hash) return seen.source;
    return entry.status === 'structural' ? 'structural' : 'local';
  }

  /** A folder's stored maps as they are, for placing search hits in: never a model call. */
  storedMaps(folder: vscode.WorkspaceFolder): Promise<MapService> {
    return this.services.storedMaps(folder);
  }

  /** A folder's cache file and how many files it holds maps of: what `@skim` says of the cache. */
  async storedCount(folder: vscode.WorkspaceFolder): Promise<{ file: string; maps: number }> {
    return { file: this.stores.cacheFile(folder), maps: (await this.stores.cache(folder)).count() };
  }

  /** A folder's tree-sitter outlines, stored beside its maps and kept open, so that search and the overview read them warm. */
  async outlines(folder: vscode.WorkspaceFolder): Promise<Outlines> {
    return new Outlines(await this.stores.outlineStore(folder), SlowFiles.beside(this.stores.cacheFile(folder)));
  }

  /**
   * The stored map the editor may show for a document, checked against the file's hash: as stored,
   * for ShownMaps to screen with whatever else it shows.
   */
  async state(uri: vscode.Uri): Promise<MapState> {
    const file = this.inWorkspace(uri);
    if (!file) return { state: 'outside' };
    const cache = await this.stores.cache(file.folder);
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
    (await this.stores.cache(file.folder)).forget(file.key);
    this.changed.fire(vscode.Uri.file(file.absolute));
  }

  async clear(): Promise<void> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) (await this.stores.cache(folder)).clear();
    this.changed.fire(undefined);
  }

  async flush(): Promise<void> {
    await this.stores.flush();
  }

  async close(): Promise<void> {
    await this.stores.close();
    this.launcher.close();
    await this.team.close();
  }

  dispose(): void {
    void this.close();
    this.changed.dispose();
  }

  private afterMap(file: WorkspaceFile, outcome: MapOutcome, tokens: number, ms: number): void {
    const { entry } = outcome;
    if (outcome.source !== 'local') this.origins.set(file.absolute, { hash: entry.hash, source: outcome.source });
    void this.counter.modelCalls(outcome.modelCalls);
    const source = outcome.source === 'local' ? 'cache' : outcome.source === 'team' ? `the team cache (${entry.producer})` : entry.producer;
    this.log.line(`${file.key}: ${entry.status} map from ${source}, ${outcome.modelCalls} model call(s), ${tokens} prompt tokens, ${ms} ms`);
    if (outcome.fallback) this.log.warnOnce(`fallback:${outcome.fallback}`, `${file.key}: ${outcome.fallback}.`);
    if (entry.status === 'prose-only' && !outcome.fromCache)
      this.log.warnOnce(`prose-only:${file.key}`, `the model gave no usable map of ${file.key}; Skim keeps its prose only.`);
    if (!outcome.fromCache) this.changed.fire(vscode.Uri.file(file.absolute));
  }
}
