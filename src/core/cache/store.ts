import { promises as fs } from 'node:fs';
import type { Database, SqlJsStatic, Statement } from 'sql.js';
import { RawRegion, storedEntry } from '../map/normalize';
import { MapEntry } from '../map/types';
import { entryFolderBeside, EntryWrite, writeEntryFiles } from './entryFiles';
import { DEFAULT_LOCK_WAIT_MS, withFileLock } from './lock';
import { emptyDatabase, openDatabase, sqlite } from './schema';
import { readDatabaseFile, saveMerged, stampOf } from './sqliteFile';

export interface CacheOptions {
  /** How long a write may wait before it reaches disk (write-behind). Default 250 ms. */
  flushDelayMs?: number;
  /** The first wait before a failed save is tried again; it doubles up to a minute. Default 1,000 ms. */
  retryDelayMs?: number;
  /** Told about anything the user should know: a database set aside, a cache kept in memory only. */
  onWarning?: (message: string) => void;
}

/** Caches open in this process, so that a signal can save them all before it ends the process. */
const openCaches = new Set<MapCache>();

/** Saves every open cache, each within `ms`: what a process does before a signal ends it. */
export async function saveOpenCaches(ms: number): Promise<void> {
  await Promise.allSettled([...openCaches].map((cache) => cache.close(ms)));
}

/**
 * A project's maps in one SQLite database (sql.js). Reads are served from memory; writes are
 * applied in memory at once and reach disk behind the reader's back, atomically and merged with
 * whatever another process wrote meanwhile, so two writers lose nothing.
 */
export class MapCache {
  private statements?: { file: Statement; regions: Statement };
  private pending: EntryWrite[] = [];
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private diskStamp = '';
  /** Entries already read from the database, so a hot lookup costs no SQL. Dropped on every change. */
  private readonly memo = new Map<string, MapEntry | undefined>();
  /** False once the file proved unreadable: the maps then live in memory only, and the file is left alone. */
  private persistent = true;
  private failures = 0;
  /** Why the last save failed, for the word at close when the changes could still not be saved. */
  private lastFailure = '';
  private closed = false;

  private constructor(
    private readonly SQL: SqlJsStatic,
    readonly file: string,
    private readonly options: CacheOptions,
    private db: Database,
  ) {}

  /**
   * Opens (or starts) the database at `file`. A corrupt database is set aside; one that cannot be
   * read at all leaves a cache in memory only. Neither is ever fatal.
   */
  static async open(file: string, options: CacheOptions = {}): Promise<MapCache> {
    const SQL = await sqlite();
    const stamp = await stampOf(file);
    let db: Database;
    let persistent = true;
    try {
      db = await readDatabase(SQL, file, options);
    } catch (error) {
      options.onWarning?.(
        `Skim cannot read its cache ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); maps are kept in memory only, for as long as this process runs.`,
      );
      db = emptyDatabase(SQL);
      persistent = false;
    }
    const cache = new MapCache(SQL, file, options, db);
    cache.persistent = persistent;
    cache.diskStamp = stamp;
    openCaches.add(cache);
    return cache;
  }

  /** Whether the maps reach disk (false: the file could not be read, and they live in memory only). */
  get persists(): boolean {
    return this.persistent;
  }

  get(filePath: string): MapEntry | undefined {
    if (this.memo.has(filePath)) return this.memo.get(filePath);
    const entry = this.select(filePath);
    this.memo.set(filePath, entry);
    return entry;
  }

  private select(filePath: string): MapEntry | undefined {
    const { file, regions } = this.prepared();
    file.bind([filePath]);
    try {
      if (!file.step()) return undefined;
      const row = file.get() as [string, number, string, number, string, string, string, number];
      regions.bind([filePath]);
      const list: RawRegion[] = [];
      while (regions.step()) {
        const [start, end, kind, name, note] = regions.get() as [number, number, string, string, string];
        list.push({ start, end, kind, name, note });
      }
      regions.reset();
      // The database is a file any process of this user can write: its rows are normalized on
      // the way out as a model's answer is on the way in.
      const [key, size, hash, lines, status, producer, prose, created] = row;
      return storedEntry({ path: key, size, hash, lines, status, producer, prose, created, regions: list });
    } finally {
      file.reset();
    }
  }

  /** How many files the cache holds. */
  count(): number {
    return Number(this.db.exec('SELECT count(*) FROM files')[0].values[0][0]);
  }

  put(entry: MapEntry): void {
    this.queue({ op: 'put', entry });
  }

  forget(filePath: string): void {
    this.queue({ op: 'forget', path: filePath });
  }

  clear(): void {
    this.queue({ op: 'clear' });
  }

  /**
   * Picks up what another process wrote since this one last read the disk. Returns whether
   * anything was reloaded. Cheap when nothing changed: one stat, shared by the callers that ask
   * while it runs (a search looks up the maps of many files at once).
   */
  reloadIfChanged(): Promise<boolean> {
    this.reloading ??= this.reloadNow().finally(() => (this.reloading = undefined));
    return this.reloading;
  }

  private reloading?: Promise<boolean>;

  private async reloadNow(): Promise<boolean> {
    if (!this.persistent || (await stampOf(this.file)) === this.diskStamp) return false;
    await this.reload();
    return true;
  }

  /**
   * Writes every pending change to disk now, waiting at most `lockWaitMs` for another writer.
   * A save that fails keeps the changes in memory, says so once, and is tried again later; with
   * `lastWordAtClose`, a process that ends soon (a hook) leaves the saying to close, whose word is
   * what could not be saved.
   */
  async flush(lockWaitMs = DEFAULT_LOCK_WAIT_MS, lastWordAtClose = false): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0 || !this.persistent) return;
    const writes = this.pending;
    this.pending = [];
    this.flushing = this.write(writes, lockWaitMs).then(
      () => {
        if (this.failures > 0) this.options.onWarning?.(`Skim saved its cache to ${this.file} again.`);
        this.failures = 0;
      },
      (error: Error) => {
        this.pending = writes.concat(this.pending);
        this.lastFailure = error.message;
        // Closing, the last word is close's own: what could not be saved.
        if (this.failures++ === 0 && !this.closed && !lastWordAtClose) {
          this.options.onWarning?.(`Skim could not save its cache to ${this.file} (${error.message}); the maps stay in memory and saving is tried again.`);
        }
        if (!this.closed) this.schedule(Math.min(60_000, (this.options.retryDelayMs ?? 1000) * 2 ** (this.failures - 1)));
      },
    );
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  /** Saves what is pending (waiting at most `lockWaitMs` for another writer, a save already under way included) and closes. Never throws. */
  async close(lockWaitMs = DEFAULT_LOCK_WAIT_MS): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    openCaches.delete(this);
    const deadline = Date.now() + lockWaitMs;
    while (this.flushing) await this.flushing;
    await this.flush(Math.max(0, deadline - Date.now()));
    clearTimeout(this.timer);
    if (this.persistent && this.pending.length > 0)
      this.options.onWarning?.(
        `${this.pending.length} change(s) to Skim's cache could not be saved to ${this.file} (${this.lastFailure}); those maps will be made again.`,
      );
    this.freeStatements();
    this.db.close();
  }

  /**
   * Writes the entry file that lets a hook find a path's map without opening SQLite, from the
   * database's own row (one stored before entry files were kept, or whose file a crash lost). Only
   * while nothing is pending here and no other process has saved since this one read, under the
   * database's lock, so that the file says what the database says. Never throws.
   */
  async keepEntryFile(filePath: string, lockWaitMs = 250): Promise<void> {
    if (!this.persistent || this.closed || this.pending.length > 0) return;
    await withFileLock(
      `${this.file}.lock`,
      async () => {
        if ((await stampOf(this.file)) !== this.diskStamp || this.pending.length > 0) return;
        const entry = this.get(filePath);
        if (entry) await writeEntryFiles(entryFolderBeside(this.file), [{ op: 'put', entry }]);
      },
      lockWaitMs,
    ).catch(() => undefined);
  }

  private queue(write: EntryWrite): void {
    apply(this.db, write);
    if (write.op === 'clear') this.memo.clear();
    else this.memo.delete(write.op === 'put' ? write.entry.path : write.path);
    this.pending.push(write);
    if (!this.timer) this.schedule(this.options.flushDelayMs ?? 250);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref?.();
  }

  private async write(writes: EntryWrite[], lockWaitMs: number): Promise<void> {
    this.diskStamp = await saveMerged(this.file, {
      lockWaitMs,
      fsync: true,
      stamp: this.diskStamp,
      // Always what is on disk: this process's database already holds its pending changes.
      merge: async () => {
        const merged = await readDatabase(this.SQL, this.file, this.options);
        for (const write of writes) apply(merged, write);
        return merged;
      },
      failed: (merged) => merged.close(),
      written: async (merged) => {
        await writeEntryFiles(entryFolderBeside(this.file), writes);
        this.swap(merged);
        for (const write of this.pending) apply(this.db, write);
      },
    });
  }

  private async reload(): Promise<void> {
    const stamp = await stampOf(this.file);
    const db = await readDatabase(this.SQL, this.file, this.options);
    this.swap(db);
    for (const write of this.pending) apply(this.db, write);
    this.diskStamp = stamp;
  }

  private prepared() {
    this.statements ??= {
      file: this.db.prepare('SELECT path, size, hash, lines, status, producer, prose, created FROM files WHERE path = ?'),
      regions: this.db.prepare('SELECT start_line, end_line, kind, name, note FROM regions WHERE path = ? ORDER BY ord'),
    };
    return this.statements;
  }

  private freeStatements(): void {
    this.statements?.file.free();
    this.statements?.regions.free();
    this.statements = undefined;
  }

  private swap(db: Database): void {
    this.memo.clear();
    this.freeStatements();
    if (db !== this.db) this.db.close();
    this.db = db;
  }
}

/** The database on disk; an empty one when there is none, or when it is corrupt (set aside, with a warning). Throws when it cannot be read. */
async function readDatabase(SQL: SqlJsStatic, file: string, options: CacheOptions): Promise<Database> {
  const bytes = await readDatabaseFile(file);
  if (bytes.length === 0) return emptyDatabase(SQL);
  try {
    return openDatabase(SQL, bytes);
  } catch (error) {
    const aside = `${file}.corrupt-${Date.now()}`;
    await fs.rename(file, aside).catch(() => undefined);
    options.onWarning?.(`Skim's cache ${file} could not be read (${(error as Error).message}); it was set aside as ${aside} and a new one started.`);
    return emptyDatabase(SQL);
  }
}

function apply(db: Database, write: EntryWrite): void {
  db.run('BEGIN');
  if (write.op === 'clear') {
    db.run('DELETE FROM files; DELETE FROM regions;');
  } else {
    const filePath = write.op === 'put' ? write.entry.path : write.path;
    db.run('DELETE FROM files WHERE path = ?', [filePath]);
    db.run('DELETE FROM regions WHERE path = ?', [filePath]);
    if (write.op === 'put') insertEntry(db, write.entry);
  }
  db.run('COMMIT');
}

function insertEntry(db: Database, e: MapEntry): void {
  db.run('INSERT INTO files (path, size, hash, lines, status, producer, prose, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    e.path,
    e.size,
    e.hash,
    e.lines,
    e.status,
    e.producer,
    e.prose,
    e.created,
  ]);
  const insert = db.prepare('INSERT INTO regions (path, ord, start_line, end_line, kind, name, note) VALUES (?, ?, ?, ?, ?, ?, ?)');
  e.regions.forEach((r, ord) => insert.run([e.path, ord, r.start, r.end, r.kind, r.name, r.note]));
  insert.free();
}
