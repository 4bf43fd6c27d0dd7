import { Options } from '../core/config/options';
import { withOptions } from '../core/config/read';
import { cacheFileFor } from '../core/cache/location';
import { Project, ProjectFile } from '../core/files/project';
import type { GuardedRead } from '../core/guard/guard';
import { RemoteMaps } from '../core/hook/remoteMaps';
import type { OwnCommand } from '../core/hook/shellRewrite';
import type { HookCall } from '../core/hook/payload';
import type { onContextEvent } from '../core/ledger/hookLedger';
import { shellWord } from '../core/hook/shellWord';
import { findExtension } from '../core/hook/socketPath';
import type { MapEntry, Region } from '../core/map/types';
import { EnsureOptions, MapOutcome, MapSource, MapUnavailableError } from '../core/mapping/mapSource';
import { DEFAULT_LOCK_WAIT_MS, LockBusyError, LockUnusableError, withFileLock } from '../core/cache/lock';
import { makeFolder } from '../core/files/makeFolder';
import { readForMapping } from '../core/files/readSource';
import { hashBytes } from '../core/files/scan';
import { sha256Hex } from '../core/files/sha256';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Where the hook and `skim lines` get a file's map: the parts loaded apart (the engine, the entry
 * files, the screen), and the map source made of them for one file.
 */

/** This process's own engine for a project (cache, model, tree-sitter): loaded only when a read needs a map. */
export type OpenMaps = (
  root: string,
  options: Options,
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
) => Promise<{
  maps: MapSource;
  close(): Promise<void>;
  /** Writes the entry file beside the database for a map found there, so that the next read finds it without SQLite. */
  keepEntryFile(key: string): Promise<void>;
  /** Saves the maps made so far, with their entry files, waiting at most `lockWaitMs` for another writer. */
  flush(lockWaitMs: number): Promise<void>;
}>;

/**
 * The result screen for the read the hook's answer tells of: the file's name (`key`) where the
 * notice prints it, and the map it carries (credentials redacted in its prose, names and notes
 * before it is drawn), and why no map was made (a reason quotes the file's paths, `names`);
 * loaded only when there is something to tell.
 */
/** A read as the hook's answer shows it, screened; with `drawnOf`, its map only where the answer draws it (hookScreen). */
export type Screener = (
  options: Options,
  read: GuardedRead,
  key: string,
  names: readonly string[],
  drawnOf?: (read: GuardedRead) => ReadonlySet<Region>,
) => Promise<GuardedRead>;

/** A message the hook gives the agent (the edit gate's refusal), screened: the names it quotes as names, the rest as a message (screen/message). */
export type MessageScreener = (options: Options, message: string, names: readonly string[]) => Promise<string>;

/** A fresh map from the entry files beside the project's database (`indexedEntry`), found without loading SQLite. */
export type IndexedLookup = (options: Options, databaseFile: string, key: string, hash: string, size: number) => Promise<MapEntry | undefined>;

/** The session ledger's part of the hook (dist/hook-ledger.js). */
/** What the hook lends the session ledger for one read: its environment, options, parts and deadline. */
export interface LedgerHookContext {
  env: NodeJS.ProcessEnv;
  options: Options;
  parts: HookParts;
  deadline: number;
  warn(message: string): void;
}

/** The session ledger's part of a hook (src/cli/hookLedger.ts, bundled apart as dist/hook-ledger.js). */
export interface LedgerParts {
  onContextEvent: typeof onContextEvent;
  /** A read once it ran: the host's answer replacing its result where the session's context already holds lines of it, or undefined. */
  afterRead(call: HookCall, payload: Record<string, unknown>, hook: LedgerHookContext): Promise<object | undefined>;
}

/** What the hook (and `skim lines`) takes from the bundles it loads only for a read over the limit, or for the session ledger. */
export interface HookParts {
  openMaps: OpenMaps;
  screen: Screener;
  /** The file's name and map as a guarded shell read prints them (or a ledger note places changed lines in), screened. */
  screenMap(options: Options, key: string, entry: MapEntry | undefined): Promise<{ name: string; entry?: MapEntry }>;
  indexed: IndexedLookup;
  message: MessageScreener;
  ledger(): LedgerParts;
}

/** Opens the engine on the first request for a map, so that a read which needs none never loads it. */
class LazyMaps implements MapSource {
  private opened?: ReturnType<OpenMaps>;

  constructor(private readonly open: () => ReturnType<OpenMaps>) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    return (await (this.opened ??= this.open())).maps.cached(file, hash, size);
  }

  async ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome> {
    return (await (this.opened ??= this.open())).maps.ensure(file, options);
  }

  async keepEntryFile(key: string): Promise<void> {
    return (await (this.opened ??= this.open())).keepEntryFile(key);
  }

  async flush(lockWaitMs: number): Promise<void> {
    if (this.opened) await (await this.opened).flush(lockWaitMs);
  }

  async close(): Promise<void> {
    if (this.opened) await (await this.opened).close();
  }
}

/** A wait for another hook's map shorter than this says nothing of how long a map takes: the lock was just being let go. */
const WAITED_BEFORE_MS = 500;

/**
 * This process's maps, the entry files first: a fresh hit there is answered without opening the
 * database. A hit the database gives instead has its entry file written for next time. A map is
 * made by one hook at a time (`mapping`, a lock per file beside the database): many hooks reading
 * one new file at once (an agent's parallel reads, subagents) would each parse it, and on a busy
 * machine none would finish in time. The others wait for the one that maps it, as long as they
 * may, and take its map from its entry file; one still waiting at its time says the map is being
 * made, and the read goes ahead as asked.
 */
class IndexedMaps implements MapSource {
  constructor(
    private readonly lookup: (key: string, hash: string, size: number) => Promise<MapEntry | undefined>,
    private readonly local: LazyMaps,
    private readonly mapping: { database: string; lockFile(key: string): string; until: number },
  ) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const indexed = file.inside ? await this.lookup(file.key, hash, size) : undefined;
    if (indexed) return indexed;
    // No database yet: nothing to open it for.
    if (!existsSync(this.mapping.database)) return undefined;
    const stored = await this.local.cached(file, hash, size);
    if (stored) await this.local.keepEntryFile(file.key);
    return stored;
  }

  async ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome> {
    if (!file.inside) return this.local.ensure(file, options);
    const lockFile = this.mapping.lockFile(file.key);
    const waiting = Date.now();
    try {
      await makeFolder(path.dirname(lockFile), 0o700);
      return await withFileLock(
        lockFile,
        async () => {
          // Made by the hook this one waited for: its entry file has it.
          const bytes = await readForMapping(file.real);
          const made = await this.lookup(file.key, hashBytes(bytes), bytes.length);
          if (made) return { entry: made, modelCalls: 0, fromCache: true, source: 'local' as const };
          // The hook waited for ran out of time making it: with less time left than it had, on the same busy machine, this one would too.
          const waited = Date.now() - waiting;
          if (waited > WAITED_BEFORE_MS && this.mapping.until - Date.now() < waited) {
            throw new MapUnavailableError('another Skim hook ran out of time making its map; a later read tries again', 0);
          }
          const outcome = await this.local.ensure(file, options);
          // Saved before the lock is let go, so that the hooks waiting find it; a cache another process holds is waited for as
          // any save waits (2 s), and never for more than half the time left: the answer is worth more than the saving.
          await this.local.flush(Math.min(DEFAULT_LOCK_WAIT_MS, Math.max(0, (this.mapping.until - Date.now()) / 2)));
          return outcome;
        },
        Math.max(0, this.mapping.until - Date.now()),
      );
    } catch (error) {
      if (error instanceof LockUnusableError) throw new MapUnavailableError(error.message, 0);
      if (error instanceof LockBusyError) throw new MapUnavailableError('another Skim hook is making its map now; a read a moment later will have it', 0);
      throw error;
    }
  }
}

/** This Node and this `skim`, as this very process was started: a command Skim writes runs them, so it works wherever the hook does. */
export const ownProgram = (): OwnCommand => ({ node: process.execPath, cli: process.argv[1] ?? 'skim', electron: !!process.versions.electron });

/** The command that prints a file's whole map. */
export function wholeMapCommand(file: string): string {
  const own = ownProgram();
  return `run ${own.electron ? 'ELECTRON_RUN_AS_NODE=1 ' : ''}${shellWord(own.node)} ${shellWord(own.cli)} map ${shellWord(file)}`;
}

/** Where a hook-side process gets a file's map, and the cache it may have to save. */
export interface HookMapSource {
  project: Project;
  file: ProjectFile;
  maps: MapSource;
  local: LazyMaps;
  /** The running extension's maps, when one serves the file's folder. */
  remote?: RemoteMaps;
}

/**
 * The maps for `absolute` as a hook reads them: with an extension running for the file's workspace
 * folder, that folder is the project (as in VS Code) and the extension's vscode.lm model and cache
 * serve the map; otherwise the entry files beside this project's cache, then its database, then
 * this process's outline, loaded only when a map is asked for. `deadline`: when the map must be had,
 * for the answer to be given in time.
 */
export function hookMapSource(
  absolute: string,
  ownRoot: string,
  options: Options,
  env: NodeJS.ProcessEnv,
  parts: HookParts,
  deadline: number,
  warn: (m: string) => void,
): HookMapSource {
  const budget = options.hookBudgetMs;
  const extension = findExtension(absolute, ownRoot, env);
  const root = extension?.folder ?? ownRoot;
  const project = new Project(root);
  const file = project.file(absolute);
  // The extension's vscode.lm model maps the file; this process keeps to tree-sitter if it must stand in.
  const localOptions = extension
    ? withOptions(options, { modelUrl: '' })
    : withOptions(options, { modelTimeoutSeconds: Math.max(1, Math.min(options.modelTimeoutSeconds, Math.floor(budget / 1000))) });
  const local = new LazyMaps(() => parts.openMaps(root, localOptions, env, warn));
  if (extension) {
    // A silent extension leaves a quarter of the budget (at most 2 s) for this process's own outline.
    const remote = new RemoteMaps(extension.socket, local, deadline - Math.min(2_000, budget / 4));
    return { project, file, maps: remote, local, remote };
  }
  const cacheFile = cacheFileFor(project.root, undefined, localOptions, env);
  const maps = new IndexedMaps((key, hash, size) => parts.indexed(localOptions, cacheFile, key, hash, size), local, {
    database: cacheFile,
    lockFile: (key) => path.join(`${cacheFile.replace(/\.sqlite$/, '')}.mapping`, `${sha256Hex(key).slice(0, 40)}.lock`),
    // A waiter gives up a little before the map's own time, so that it can say why.
    until: deadline - Math.min(250, budget / 20),
  });
  return { project, file, maps, local };
}
