import { Options } from '../core/config/options';
import { withOptions } from '../core/config/read';
import { cacheFileFor } from '../core/cache/location';
import { Project, ProjectFile } from '../core/files/project';
import type { GuardedRead } from '../core/guard/guard';
import { RemoteMaps } from '../core/hook/remoteMaps';
import type { OwnCommand } from '../core/hook/shellRewrite';
import { shellWord } from '../core/hook/shellWord';
import { findExtension } from '../core/hook/socketPath';
import type { MapEntry } from '../core/map/types';
import type { EnsureOptions, MapOutcome, MapSource } from '../core/mapping/mapSource';

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
}>;

/**
 * The result screen for the read the hook's answer tells of: the file's name (`key`) where the
 * notice prints it, and the map it carries (credentials redacted in its prose, names and notes
 * before it is drawn); loaded only when there is something to tell.
 */
export type Screener = (options: Options, read: GuardedRead, key: string) => Promise<GuardedRead>;

/** A fresh map from the entry files beside the project's database (`indexedEntry`), found without loading SQLite. */
export type IndexedLookup = (options: Options, databaseFile: string, key: string, hash: string, size: number) => Promise<MapEntry | undefined>;

/** What the hook (and `skim lines`) takes from the bundles it loads only for a read over the limit. */
export interface HookParts {
  openMaps: OpenMaps;
  screen: Screener;
  /** The file's name and map as a guarded shell read prints them, screened. */
  screenMap(options: Options, key: string, entry: MapEntry | undefined): Promise<{ name: string; entry?: MapEntry }>;
  indexed: IndexedLookup;
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

  async close(): Promise<void> {
    if (this.opened) await (await this.opened).close();
  }
}

/**
 * This process's maps, the entry files first: a fresh hit there is answered without opening the
 * database. A hit the database gives instead has its entry file written for next time.
 */
class IndexedMaps implements MapSource {
  constructor(
    private readonly lookup: (key: string, hash: string, size: number) => Promise<MapEntry | undefined>,
    private readonly local: LazyMaps,
  ) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const indexed = file.inside ? await this.lookup(file.key, hash, size) : undefined;
    if (indexed) return indexed;
    const stored = await this.local.cached(file, hash, size);
    if (stored) await this.local.keepEntryFile(file.key);
    return stored;
  }

  ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome> {
    return this.local.ensure(file, options);
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
 * this process's outline, loaded only when a map is asked for. `deadline`: the answer's own.
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
  const maps = new IndexedMaps(
    (key, hash, size) => parts.indexed(localOptions, cacheFileFor(project.root, undefined, localOptions, env), key, hash, size),
    local,
  );
  return { project, file, maps, local };
}
