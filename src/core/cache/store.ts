import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Database, SqlJsStatic, Statement } from 'sql.js';
import { MapEntry, MapStatus, Region } from '../map/types';
import { withFileLock } from './lock';
import { emptyDatabase, openDatabase, sqlite } from './schema';

type PendingWrite = { op: 'put'; entry: MapEntry } | { op: 'forget'; path: string } | { op: 'clear' };

export interface CacheOptions {
  /** How long a write may wait before it reaches disk (write-behind). Default 250 ms. */
  flushDelayMs?: number;
  /** Told about anything the user should know: a database set aside, a write that failed. */
  onWarning?: (message: string) => void;
}

/**
 * A project's maps in one SQLite database (sql.js). Reads are served from memory; writes are
 * applied in memory at once and reach disk behind the reader's back, atomically and merged with
 * whatever another process wrote meanwhile, so two writers lose nothing.
 */
export class MapCache {
  private db: Database;
  private statements?: { file: Statement; regions: Statement };
  private pending: PendingWrite[] = [];
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private diskStamp = '';
  /** Entries already read from the database, so a hot lookup costs no SQL. Dropped on every change. */
  private readonly memo = new Map<string, MapEntry | undefined>();

  private constructor(
    private readonly SQL: SqlJsStatic,
    readonly file: string,
    private readonly options: CacheOptions,
  ) {
    this.db = emptyDatabase(SQL);
  }

  /** Opens (or starts) the database at `file`. A corrupt database is set aside, never fatal. */
  static async open(file: string, options: CacheOptions = {}): Promise<MapCache> {
    const cache = new MapCache(await sqlite(), file, options);
    await cache.reload();
    return cache;
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
      const list: Region[] = [];
      while (regions.step()) {
        const [start, end, kind, name, note] = regions.get() as [number, number, string, string, string];
        list.push({ start, end, kind, name, note });
      }
      regions.reset();
      return {
        path: row[0],
        size: row[1],
        hash: row[2],
        lines: row[3],
        status: row[4] as MapStatus,
        producer: row[5],
        prose: row[6],
        created: row[7],
        regions: list,
      };
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
   * anything was reloaded. Cheap when nothing changed: one stat.
   */
  async reloadIfChanged(): Promise<boolean> {
    if ((await this.stamp()) === this.diskStamp) return false;
    await this.reload();
    return true;
  }

  /** Writes every pending change to disk now. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const writes = this.pending;
    this.pending = [];
    this.flushing = this.write(writes).catch((error: Error) => {
      this.pending = writes.concat(this.pending);
      this.options.onWarning?.(`Skim could not save its cache to ${this.file}: ${error.message}. The maps stay in memory and saving is tried again.`);
    });
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.freeStatements();
    this.db.close();
  }

  private queue(write: PendingWrite): void {
    apply(this.db, write);
    if (write.op === 'clear') this.memo.clear();
    else this.memo.delete(write.op === 'put' ? write.entry.path : write.path);
    this.pending.push(write);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushDelayMs ?? 250);
      this.timer.unref?.();
    }
  }

  private async write(writes: PendingWrite[]): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await withFileLock(`${this.file}.lock`, async () => {
      const merged = await this.readDisk();
      for (const write of writes) apply(merged, write);
      const bytes = merged.export();
      const temp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
      const handle = await fs.open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, this.file);
      await syncDirectory(path.dirname(this.file));
      this.swap(merged);
      for (const write of this.pending) apply(this.db, write);
      this.diskStamp = await this.stamp();
    });
  }

  private async reload(): Promise<void> {
    const stamp = await this.stamp();
    const db = await this.readDisk();
    this.swap(db);
    for (const write of this.pending) apply(this.db, write);
    this.diskStamp = stamp;
  }

  /** The database on disk, or an empty one when there is none or it cannot be read. */
  private async readDisk(): Promise<Database> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyDatabase(this.SQL);
      throw error;
    }
    if (bytes.length === 0) return emptyDatabase(this.SQL);
    try {
      return openDatabase(this.SQL, bytes);
    } catch (error) {
      const aside = `${this.file}.corrupt-${Date.now()}`;
      await fs.rename(this.file, aside).catch(() => undefined);
      this.options.onWarning?.(
        `Skim's cache ${this.file} could not be read (${(error as Error).message}); it was set aside as ${aside} and a new one started.`,
      );
      return emptyDatabase(this.SQL);
    }
  }

  private async stamp(): Promise<string> {
    return fs.stat(this.file).then(
      (s) => `${s.size}:${s.mtimeMs}:${s.ino}`,
      () => 'none',
    );
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

function apply(db: Database, write: PendingWrite): void {
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
    e.path, e.size, e.hash, e.lines, e.status, e.producer, e.prose, e.created,
  ]);
  const insert = db.prepare('INSERT INTO regions (path, ord, start_line, end_line, kind, name, note) VALUES (?, ?, ?, ?, ?, ?, ?)');
  e.regions.forEach((r, ord) => insert.run([e.path, ord, r.start, r.end, r.kind, r.name, r.note]));
  insert.free();
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
