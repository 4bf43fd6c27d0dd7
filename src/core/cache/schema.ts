import initSqlJs, { Database, SqlJsStatic } from 'sql.js';
import { wasmBytes } from '../assets';

/** Bumped when the tables change; a database of another version is set aside and rebuilt. */
export const SCHEMA_VERSION = '1';

/** The largest database file read: SQLite in WebAssembly holds the whole file in memory. */
export const MAX_DATABASE_BYTES = 1024 * 1024 * 1024;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  hash TEXT NOT NULL,
  lines INTEGER NOT NULL,
  status TEXT NOT NULL,
  producer TEXT NOT NULL,
  prose TEXT NOT NULL,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS regions (
  path TEXT NOT NULL,
  ord INTEGER NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  note TEXT NOT NULL,
  PRIMARY KEY (path, ord)
);
`;

let engine: Promise<SqlJsStatic> | undefined;

export function sqlite(): Promise<SqlJsStatic> {
  engine ??= wasmBytes('sql.js/dist', 'sql-wasm.wasm').then((bytes) => initSqlJs({ wasmBinary: bytes.buffer }));
  return engine;
}

export function emptyDatabase(SQL: SqlJsStatic): Database {
  const db = new SQL.Database();
  db.run(SCHEMA);
  db.run(`INSERT INTO meta (key, value) VALUES ('schema', ?)`, [SCHEMA_VERSION]);
  return db;
}

/** Opens stored bytes, or throws saying why they are not a Skim cache of this version. */
export function openDatabase(SQL: SqlJsStatic, bytes: Uint8Array): Database {
  const db = new SQL.Database(bytes);
  try {
    const version = db.exec(`SELECT value FROM meta WHERE key = 'schema'`)[0]?.values[0]?.[0];
    if (version !== SCHEMA_VERSION) throw new Error(`schema version ${String(version)}, expected ${SCHEMA_VERSION}`);
    db.exec('SELECT count(*) FROM files; SELECT count(*) FROM regions;');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
