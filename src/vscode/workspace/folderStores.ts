import * as path from 'node:path';
import * as vscode from 'vscode';
import { outlineFileBeside, OutlineStore } from '../../core/cache/outlineStore';
import { MapCache } from '../../core/cache/store';
import { sha256Hex } from '../../core/files/sha256';
import { SkimLog } from '../user/log';

/** Each workspace folder's map cache and outline store, under the extension's workspace storage, opened on first use and kept open. */
export class FolderStores {
  private readonly caches = new Map<string, Promise<MapCache>>();
  private readonly outlineStores = new Map<string, Promise<OutlineStore>>();

  constructor(
    /** The extension's workspace storage (its global storage when no workspace is open). */
    private readonly storage: vscode.Uri,
    private readonly log: SkimLog,
  ) {}

  cache(folder: vscode.WorkspaceFolder): Promise<MapCache> {
    const key = folder.uri.toString();
    let cache = this.caches.get(key);
    if (!cache) {
      cache = MapCache.open(this.cacheFile(folder), { onWarning: (m) => this.log.warnOnce(`cache:${m}`, m) });
      this.caches.set(key, cache);
    }
    return cache;
  }

  /** The folder's tree-sitter outlines, stored beside its maps, so that search and the overview read them warm. */
  outlineStore(folder: vscode.WorkspaceFolder): Promise<OutlineStore> {
    const key = folder.uri.toString();
    let store = this.outlineStores.get(key);
    if (!store) {
      store = OutlineStore.open(outlineFileBeside(this.cacheFile(folder)), { onWarning: (m) => this.log.warnOnce(`outlines:${m}`, m) });
      this.outlineStores.set(key, store);
    }
    return store;
  }

  async flush(): Promise<void> {
    await Promise.all([...this.caches.values()].map(async (c) => (await c).flush()));
  }

  async close(): Promise<void> {
    await Promise.all([...this.caches.values(), ...this.outlineStores.values()].map(async (c) => (await c).close()));
    this.caches.clear();
    this.outlineStores.clear();
  }

  /** Where a folder's map cache lives: the outline store and the slow-bytes markers sit beside it. */
  cacheFile(folder: vscode.WorkspaceFolder): string {
    const id = sha256Hex(folder.uri.toString()).slice(0, 16);
    return path.join(this.storage.fsPath, `maps-${id}.sqlite`);
  }
}
