import type { Database, SqlJsStatic, Statement } from 'sql.js';
import { capProse, normalizeRegions } from '../map/normalize';
import { Region } from '../map/types';
import { sqlite } from './schema';
import { readDatabaseFile, saveMerged, stampOf } from './sqliteFile';

/** The names a file's code uses, and for each how many times in all, called and as a member: `counts` holds three numbers a name. */
export interface NamesUsed {
  names: string[];
  counts: number[];
}

/**
 * Tree-sitter outlines by content hash, in a database of their own beside a project's map cache:
 * an outline is a map that costs no model call, so it never takes the place of a map entry (which
 * may be a model's). One row per path: a row serves only the bytes (hash and size) and the rules
 * it was made by, and is replaced when they change. Outlines can always be made again, so the
 * store is simpler than the map cache: a database it cannot read is started anew, and saving
 * merges with what another process saved meanwhile, under the same lock, without waiting long.
 */
export const OUTLINE_SCHEMA_VERSION = '1';

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE outlines (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  hash TEXT NOT NULL,
  rules TEXT NOT NULL,
  lines INTEGER NOT NULL,
  covered TEXT NOT NULL,
  doc TEXT NOT NULL,
  regions TEXT NOT NULL,
  refs TEXT
);
`;

export interface StoredOutline {
  /** Project-relative, as the map cache keys files. */
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex: the only thing that makes a row fresh. */
  hash: string;
  /** What made it: the grammar and its outline rules, and how outlines are made here (outlines/projectOutlines). */
  rules: string;
  lines: number;
  /** The line ranges outlined (1-based, inclusive): the whole file, or the top-level blocks a search parsed. */
  covered: [number, number][];
  /** The file's leading doc comment; '' when it has none. */
  doc: string;
  regions: Region[];
  /** The names the file's code uses, with how many times; undefined until an overview asked for them. */
  refs?: NamesUsed;
}

/** Whether an outline covers its whole file. */
export const isWhole = (outline: Pick<StoredOutline, 'covered' | 'lines'>) =>
  outline.covered.length === 1 && outline.covered[0][0] <= 1 && outline.covered[0][1] >= outline.lines;

/** The outline database beside a map cache file: `maps-1a2b.sqlite` → `maps-1a2b.outlines.sqlite`. */
export function outlineFileBeside(mapCacheFile: string): string {
  return `${mapCacheFile.replace(/\.sqlite$/, '')}.outlines.sqlite`;
}

export interface OutlineStoreOptions {
  /** How long a new outline may wait before it reaches disk. Default 2,000 ms: a search writes a few, an overview thousands. */
  flushDelayMs?: number;
  /** How long saving waits for another process's lock before it tries again later. Default 2,000 ms. */
  lockWaitMs?: number;
  onWarning?: (message: string) => void;
}

type Row = [string, number, string, string, number, string, string, string, string | null];

const COLUMNS = 'path, size, hash, rules, lines, covered, doc, regions, refs';

function rowOf(o: StoredOutline): Row {
  const regions = o.regions.map((r) => [r.start, r.end, r.kind, r.name, r.note]);
  return [
    o.path,
    o.size,
    o.hash,
    o.rules,
    o.lines,
    JSON.stringify(o.covered),
    o.doc,
    JSON.stringify(regions),
    o.refs ? JSON.stringify([o.refs.names, o.refs.counts]) : null,
  ];
}

/**
 * A stored row as it may be used: the database is a file any process of this user can write, so
 * its regions and doc comment are normalized as a model's answer is (a name with a newline, a
 * 200,000-character name, ranges past the file); a row that does not parse is no row.
 */
function outlineOf(row: Row): StoredOutline | undefined {
  try {
    const lines = Math.max(0, Math.trunc(Number(row[4])) || 0);
    const raw = (JSON.parse(row[7]) as unknown[][]).map(([start, end, kind, name, note]) => ({ start, end, kind, name, note }));
    const used = row[8] === null ? undefined : (JSON.parse(row[8]) as [string[], number[]]);
    const refs = used && Array.isArray(used[0]) && Array.isArray(used[1]) ? { names: used[0], counts: used[1] } : undefined;
    const covered = JSON.parse(row[5]) as [number, number][];
    if (!Array.isArray(covered)) return undefined;
    return { path: row[0], size: row[1], hash: row[2], rules: row[3], lines, covered, doc: capProse(row[6]), regions: normalizeRegions(raw, lines), refs };
  } catch {
    return undefined;
  }
}

function emptyDb(SQL: SqlJsStatic): Database {
  const db = new SQL.Database();
  db.run(SCHEMA);
  db.run(`INSERT INTO meta (key, value) VALUES ('schema', ?)`, [OUTLINE_SCHEMA_VERSION]);
  return db;
}

/** Stores open in this process, so that a signal can save them before it ends the process. */
const openStores = new Set<OutlineStore>();

/** Saves and closes every open outline store: what a process does before a signal ends it. */
export async function closeOpenOutlineStores(): Promise<void> {
  await Promise.allSettled([...openStores].map((store) => store.close()));
}

export class OutlineStore {
  /** Outlines made here and not yet on disk; read before the database. */
  private readonly pending = new Map<string, StoredOutline>();
  private select?: Statement;
  private timer?: NodeJS.Timeout;
  private saving?: Promise<void>;
  private failures = 0;
  private closed = false;

  private constructor(
    private readonly SQL: SqlJsStatic,
    /** Undefined: kept in memory only. */
    readonly file: string | undefined,
    private readonly options: OutlineStoreOptions,
    private db: Database,
    private diskStamp: string,
  ) {}

  /** Opens the store at `file` (undefined: in memory only). Never fails for what the file holds: an unreadable one is started anew. */
  static async open(file: string | undefined, options: OutlineStoreOptions = {}): Promise<OutlineStore> {
    const SQL = await sqlite();
    if (!file) return new OutlineStore(SQL, undefined, options, emptyDb(SQL), 'none');
    const stamp = await stampOf(file);
    const store = new OutlineStore(SQL, file, options, await OutlineStore.read(SQL, file, options), stamp);
    openStores.add(store);
    return store;
  }

  private static async read(SQL: SqlJsStatic, file: string, options: OutlineStoreOptions): Promise<Database> {
    const bytes = await readDatabaseFile(file).catch(() => undefined);
    if (!bytes?.length) return emptyDb(SQL);
    let db: Database | undefined;
    try {
      db = new SQL.Database(bytes);
      const version = db.exec(`SELECT value FROM meta WHERE key = 'schema'`)[0]?.values[0]?.[0];
      if (version !== OUTLINE_SCHEMA_VERSION) throw new Error(`schema version ${String(version)}, expected ${OUTLINE_SCHEMA_VERSION}`);
      db.exec(`SELECT ${COLUMNS} FROM outlines LIMIT 1`);
      return db;
    } catch (error) {
      db?.close();
      options.onWarning?.(`Skim's outline cache ${file} could not be read (${(error as Error).message}); outlines are made again and a new cache replaces it.`);
      return emptyDb(SQL);
    }
  }

  /** Every stored row, read in one pass while `whileAll` runs: a pass over thousands of files costs one query, not one each. */
  private all?: Map<string, Row>;

  async whileAll<T>(work: () => Promise<T>): Promise<T> {
    if (this.all) return work();
    const all = new Map<string, Row>();
    const scan = this.db.prepare(`SELECT ${COLUMNS} FROM outlines`);
    try {
      while (scan.step()) {
        const row = scan.get() as Row;
        all.set(row[0], row);
      }
    } finally {
      scan.free();
    }
    this.all = all;
    try {
      return await work();
    } finally {
      this.all = undefined;
    }
  }

  /** The outline of `filePath` if it was made from exactly these bytes by these rules. */
  get(filePath: string, hash: string, size: number, rules: string): StoredOutline | undefined {
    const pending = this.pending.get(filePath);
    if (pending) return pending.hash === hash && pending.size === size && pending.rules === rules ? pending : undefined;
    const row = this.all ? this.all.get(filePath) : this.row(filePath);
    return row && row[2] === hash && row[1] === size && row[3] === rules ? outlineOf(row) : undefined;
  }

  private row(filePath: string): Row | undefined {
    this.select ??= this.db.prepare(`SELECT ${COLUMNS} FROM outlines WHERE path = ?`);
    this.select.bind([filePath]);
    try {
      return this.select.step() ? (this.select.get() as Row) : undefined;
    } finally {
      this.select.reset();
    }
  }

  put(outline: StoredOutline): void {
    if (this.closed) return;
    this.pending.set(outline.path, outline);
    if (this.file && !this.timer) this.schedule(this.options.flushDelayMs ?? 2_000, true);
  }

  /**
   * The first save's timer keeps the process alive until it fires, so that a server whose input
   * ended saves its outlines before it goes; a retry after a failed save never holds it.
   */
  private schedule(ms: number, keepAlive: boolean): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
    if (!keepAlive) this.timer.unref?.();
  }

  /** Writes what is pending, merged with what another process saved since. A failed save keeps it pending, says so once, and tries again later. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.saving) await this.saving;
    const file = this.file;
    if (!file || this.pending.size === 0) return;
    const writing = new Map(this.pending);
    this.saving = this.write(file, writing).then(
      () => {
        for (const [key, outline] of writing) if (this.pending.get(key) === outline) this.pending.delete(key);
        this.failures = 0;
      },
      (error: Error) => {
        if (this.failures++ === 0)
          this.options.onWarning?.(
            `Skim could not save its outline cache ${file} (${error.message}); it tries again, and an outline not saved is made again when needed.`,
          );
        if (!this.closed) this.schedule(Math.min(60_000, 2_000 * 2 ** this.failures), false);
      },
    );
    try {
      await this.saving;
    } finally {
      this.saving = undefined;
    }
  }

  private async write(file: string, writing: Map<string, StoredOutline>): Promise<void> {
    this.diskStamp = await saveMerged(file, {
      lockWaitMs: this.options.lockWaitMs ?? 2_000,
      stamp: this.diskStamp,
      merge: async (unchanged) => {
        const base = unchanged ? this.db : await OutlineStore.read(this.SQL, file, this.options);
        const insert = base.prepare(`INSERT OR REPLACE INTO outlines (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
        base.run('BEGIN');
        for (const outline of writing.values()) insert.run(rowOf(outline));
        base.run('COMMIT');
        insert.free();
        // sql.js frees a database's statements when it exports it, which the save does next.
        if (base === this.db) this.select = undefined;
        return base;
      },
      failed: (base) => {
        if (base !== this.db) base.close();
      },
      written: (base) => {
        if (base === this.db) return;
        this.select?.free();
        this.select = undefined;
        this.db.close();
        this.db = base;
      },
    });
  }

  /** Saves what is pending and closes. Never throws. */
  async close(): Promise<void> {
    if (this.closed) return;
    openStores.delete(this);
    await this.flush();
    this.closed = true;
    clearTimeout(this.timer);
    this.select?.free();
    this.db.close();
  }
}
