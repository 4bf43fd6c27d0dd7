import * as path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { capProse, normalizeRegions, rawRegions } from '../map/normalize';
import { MapEntry, Region } from '../map/types';
import { RefusalMemory, refusalReason, TeamKey, teamKeyId } from './teamRefusals';
import { within } from '../time/deadline';

export type { TeamKey } from './teamRefusals';

/**
 * The team tier behind the local cache: maps a model wrote, shared on PostgreSQL by content hash,
 * byte size and producer (which names the model and the prompt version), so a team pays one
 * model call per file version. Only maps travel, never file contents. It can only make things
 * cheaper: a lookup has a deadline, a failing database is left alone (one warning) until it is
 * tried again later, and publishing happens off the read path. Rows are normalized on the way in
 * exactly like a model's answer, so a teammate's bad row cannot break anyone's reader.
 *
 * A row is untrusted text: it names the database role that published it (written by the
 * database, not claimed by the client), a reader may refuse it (and then never fetches it again),
 * a refused row is replaced by the next publish for its key, and `forget` removes a version's rows.
 */

/** Bumped when the tables change; migrate() brings an older schema up to it. */
export const TEAM_SCHEMA_VERSION = 2;
export const TEAM_LOOKUP_DEADLINE_MS = 300;
const RETRY_AFTER_MS = 60_000;
const CLOSE_WAIT_MS = 2_000;
/** How long `forget`, a command someone waits on, may take. */
const FORGET_TIMEOUT_MS = 10_000;
/** The most bytes of regions (or prose) a shared row may hold: far beyond any real map. */
const MAX_ROW_BYTES = 8 * 1024 * 1024;
/** A role name is at most 63 bytes in PostgreSQL: a longer publisher was not written by the database. */
const MAX_ROLE_BYTES = 63;
/** PostgreSQL's SQLSTATE for a missing privilege (a grant, or ownership). */
const INSUFFICIENT_PRIVILEGE = '42501';
/** Where, in the refusals folder, the rows this user refused are remembered. */
const REFUSALS_FILE = 'team-refusals.jsonl';
const UNDEFINED_TABLE = '42P01';

/**
 * The schema at TEAM_SCHEMA_VERSION from nothing or from any older version: every statement is
 * idempotent. Run only when the stored version is older, since altering a table takes its owner;
 * every other role needs only the grants the README lists.
 */
const MIGRATION = `
CREATE TABLE IF NOT EXISTS skim_schema (version integer NOT NULL);
CREATE TABLE IF NOT EXISTS skim_maps (
  hash text NOT NULL,
  size bigint NOT NULL,
  producer text NOT NULL,
  PRIMARY KEY (hash, size, producer)
);
ALTER TABLE skim_maps ADD COLUMN IF NOT EXISTS prose text NOT NULL DEFAULT '';
ALTER TABLE skim_maps ADD COLUMN IF NOT EXISTS regions jsonb NOT NULL DEFAULT '[]';
ALTER TABLE skim_maps ADD COLUMN IF NOT EXISTS created timestamptz NOT NULL DEFAULT now();
-- Version 2. Who published a row: rows from before it have none (NULL), never a guess.
ALTER TABLE skim_maps ADD COLUMN IF NOT EXISTS publisher text;
CREATE TABLE IF NOT EXISTS skim_refusals (
  hash text NOT NULL,
  size bigint NOT NULL,
  producer text NOT NULL,
  published timestamptz NOT NULL,
  publisher text,
  role text NOT NULL,
  reason text NOT NULL,
  refused timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS skim_refusals_row ON skim_refusals (hash, size, producer, published);
-- The database, not the client, says who wrote a row and when: whatever an INSERT or UPDATE claims is overwritten.
CREATE OR REPLACE FUNCTION skim_stamp_map() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.publisher := current_user;
  NEW.created := now();
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS skim_stamp_map ON skim_maps;
CREATE TRIGGER skim_stamp_map BEFORE INSERT OR UPDATE ON skim_maps FOR EACH ROW EXECUTE FUNCTION skim_stamp_map();
CREATE OR REPLACE FUNCTION skim_stamp_refusal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.role := current_user;
  NEW.refused := now();
  NEW.publisher := (SELECT m.publisher FROM skim_maps m
    WHERE m.hash = NEW.hash AND m.size = NEW.size AND m.producer = NEW.producer AND m.created = NEW.published);
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS skim_stamp_refusal ON skim_refusals;
CREATE TRIGGER skim_stamp_refusal BEFORE INSERT OR UPDATE ON skim_refusals FOR EACH ROW EXECUTE FUNCTION skim_stamp_refusal();
`;

const KEY = 'm.hash = $1 AND m.size = $2 AND m.producer = $3';
/** The row `m` has been refused: a refusal names it by its key and the time it was published. */
const REFUSED = 'EXISTS (SELECT 1 FROM skim_refusals r WHERE r.hash = m.hash AND r.size = m.size AND r.producer = m.producer AND r.published = m.created)';
/** A row's publication time, exact to the microsecond, as ISO 8601: shown to people, and handed back to name the row. */
const PUBLISHED = `to_char(m.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A map shared by the team, ready for the local cache, with where it came from. */
export interface SharedMap extends TeamKey {
  prose: string;
  regions: Region[];
  /** The database role that published the row (PostgreSQL's current_user); null for a row from before Skim recorded it. */
  publisher: string | null;
  /** When the database stored the row (ISO 8601, microseconds): it names this row, so a refusal never reaches a later one. */
  published: string;
}

/** A row `forget` removed. */
export interface ForgottenRow {
  producer: string;
  publisher: string | null;
}

export interface TeamCacheOptions {
  url: string;
  warn: (message: string) => void;
  lookupDeadlineMs?: number;
  /** Heard about every team hit and miss (the VS Code output channel). */
  onLookup?: (hit: boolean, key: string) => void;
  /** The folder where refused rows are remembered for every process of this user (the cache folder); without it, in this process only. */
  refusalsFolder?: string;
}

class Unavailable extends Error {}

/** What an explicit request of the team cache (forget) could not do, in words for whoever asked. */
export class TeamCacheError extends Error {}

/**
 * `postgres://user@host/db`, for messages: its password left out altogether (an elided one, `user:…@`,
 * still reads as a connection string with a password, and the screen would redact the whole URL).
 */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the team cache URL';
  }
}

export class TeamCache {
  private pool?: Pool;
  private ready?: Promise<void>;
  private downUntil = 0;
  private warned = false;
  private warnedReplace = false;
  private readonly writing = new Set<Promise<void>>();
  /** Refusals being recorded, by key: a publish for that key waits for them, so that it replaces the row. */
  private readonly refusing = new Map<string, Promise<void>>();
  private readonly refusals: RefusalMemory;

  constructor(private readonly options: TeamCacheOptions) {
    // One file for every team database: a key names a file version's bytes, whichever URL (or proxy) reaches the rows.
    this.refusals = new RefusalMemory(options.refusalsFolder && path.join(options.refusalsFolder, REFUSALS_FILE), options.warn);
  }

  private deadline(): number {
    return this.options.lookupDeadlineMs ?? TEAM_LOOKUP_DEADLINE_MS;
  }

  /** The pool, with the schema created or migrated once (concurrent migrators take turns on an advisory lock). */
  private connect(): Promise<void> {
    if (!this.pool) {
      // pg is loaded only where a team cache is configured: every other process starts without it.
      const { Pool: PgPool } = require('pg') as typeof import('pg');
      this.pool = new PgPool({ connectionString: this.options.url, max: 2, connectionTimeoutMillis: 3_000, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
      // An idle connection the server drops is not an error of any lookup: the next one reconnects.
      this.pool.on('error', () => undefined);
    }
    this.ready ??= (async () => {
      const client = await (this.pool as Pool).connect();
      try {
        // Every process asks once, inside a lookup's deadline: one query when the schema is current.
        if ((await currentVersion(client)) === TEAM_SCHEMA_VERSION) return;
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('skim_schema'))`);
        const version = await schemaVersion(client);
        if (version !== null && version > TEAM_SCHEMA_VERSION)
          throw new Unavailable(`the database holds a newer Skim's schema (version ${version}); update Skim to use it`);
        if (version !== TEAM_SCHEMA_VERSION) await migrate(client, version);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    })();
    return this.ready;
  }

  /** Lets the connections go; the next request connects (and checks the schema) again. */
  private reset(): void {
    this.ready = undefined;
    const pool = this.pool;
    this.pool = undefined;
    void pool?.end().catch(() => undefined);
  }

  /** A failure leaves the database alone until RETRY_AFTER_MS have passed; the first says so. */
  private failed(error: unknown): void {
    this.downUntil = Date.now() + RETRY_AFTER_MS;
    this.reset();
    if (this.warned) return;
    this.warned = true;
    this.options.warn(
      `the team cache at ${safeUrl(this.options.url)} is not usable (${(error as Error).message}); maps stay local, and Skim tries again later`,
    );
  }

  private up(): boolean {
    return Date.now() >= this.downUntil;
  }

  /** Work off the read path that close() waits for. */
  private track(work: Promise<void>): Promise<void> {
    const tracked = work.finally(() => this.writing.delete(tracked));
    this.writing.add(tracked);
    return tracked;
  }

  /**
   * The team's map for these bytes and this producer, normalized for a file of `lines` lines;
   * undefined on a miss, for a row a reader of this user refused (without asking the database),
   * past the deadline, or when the database fails.
   */
  async lookup(hash: string, size: number, producer: string, lines: number): Promise<SharedMap | undefined> {
    if (!this.up()) return undefined;
    const refused = await this.refusals.reasonFor({ hash, size, producer });
    if (refused !== undefined) {
      this.options.onLookup?.(false, `${hash.slice(0, 12)} (refused here before: ${refused})`);
      return undefined;
    }
    const work = (async () => {
      await this.connect();
      const { rows } = await (this.pool as Pool).query<StoredRow>({
        // A row larger than any map (a hostile one) is no map: it is never even sent.
        text: `SELECT m.prose, m.regions, m.publisher, ${PUBLISHED} AS published FROM skim_maps m WHERE ${KEY} AND octet_length(m.regions::text) <= $4 AND octet_length(m.prose) <= $4 AND octet_length(coalesce(m.publisher, '')) <= ${MAX_ROLE_BYTES}`,
        values: [hash, size, producer, MAX_ROW_BYTES],
        query_timeout: this.deadline(),
      } as never);
      return { row: rows[0] };
    })();
    try {
      const answer = await within(work, this.deadline());
      if (!answer) {
        work.catch(() => undefined);
        this.options.onLookup?.(false, `${hash.slice(0, 12)} (no answer within ${this.deadline()} ms)`);
        return undefined;
      }
      const { row } = answer;
      const shared = row && accept(row, { hash, size, producer }, lines);
      this.options.onLookup?.(!!shared, shared ? `${hash.slice(0, 12)} (published by ${shared.publisher ?? 'an unrecorded role'})` : hash.slice(0, 12));
      return shared;
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  /**
   * Shares a map a model wrote, off the read path. The first row for a key stays (concurrent
   * publishers of one key are harmless), unless a reader refused it: then this map replaces it.
   */
  publish(entry: MapEntry): void {
    if (!this.up() || entry.status !== 'model') return;
    const key = { hash: entry.hash, size: entry.size, producer: entry.producer };
    void this.track(
      (async () => {
        await this.refusing.get(teamKeyId(key));
        await this.connect();
        const values = [entry.hash, entry.size, entry.producer, entry.prose, JSON.stringify(entry.regions)];
        const inserted = await (this.pool as Pool).query(
          'INSERT INTO skim_maps (hash, size, producer, prose, regions) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (hash, size, producer) DO NOTHING',
          values,
        );
        if (inserted.rowCount === 0) await this.replaceRefused(values);
      })().catch((error: unknown) => this.failed(error)),
    );
  }

  /**
   * The key is taken: its row gives way only when a reader refused it. Asked first, so that a role
   * without UPDATE (which PostgreSQL checks before it looks at any row) publishes as before.
   */
  private async replaceRefused(values: unknown[]): Promise<void> {
    const pool = this.pool as Pool;
    const { rows } = await pool.query<{ refused: boolean }>(`SELECT ${REFUSED} AS refused FROM skim_maps m WHERE ${KEY}`, values.slice(0, 3));
    if (!rows[0]?.refused) return;
    try {
      await pool.query(`UPDATE skim_maps m SET prose = $4, regions = $5 WHERE ${KEY} AND ${REFUSED}`, values);
    } catch (error) {
      if (sqlState(error) !== INSUFFICIENT_PRIVILEGE) throw error;
      if (this.warnedReplace) return;
      this.warnedReplace = true;
      const role = await currentRole(pool, this.options.url);
      this.options.warn(
        `the team cache holds a refused map of a file this process mapped again, and the database role ${role} may not replace it (${(error as Error).message}); the tables' owner can allow it: GRANT UPDATE (prose, regions) ON skim_maps TO ${quoteIdent(role)}`,
      );
    }
  }

  /**
   * Refuses a row a reader will not use (give it what lookup returned). This process, and every
   * process of this user that shares the refusals folder, never fetches that key again; the
   * database records the refusal (its role, the reason, the time) against the very row refused, so
   * that the next publish for the key replaces it. Recorded off the read path.
   */
  refuse(row: TeamKey & { published?: string }, reason: string): void {
    const key = { hash: row.hash, size: row.size, producer: row.producer };
    const local = this.refusals.remember(key, reason);
    const shared = this.up()
      ? (async () => {
          await this.connect();
          await (this.pool as Pool).query(
            `INSERT INTO skim_refusals (hash, size, producer, published, reason)
             SELECT m.hash, m.size, m.producer, m.created, $5 FROM skim_maps m WHERE ${KEY} AND ($4::timestamptz IS NULL OR m.created = $4::timestamptz)`,
            [key.hash, key.size, key.producer, row.published ?? null, refusalReason(reason)],
          );
        })().catch((error: unknown) => this.failed(error))
      : undefined;
    const id = teamKeyId(key);
    const recorded = this.track(Promise.all([local, shared]).then(() => undefined));
    this.refusing.set(id, recorded);
    void recorded.then(() => {
      if (this.refusing.get(id) === recorded) this.refusing.delete(id);
    });
  }

  /**
   * Removes the team's rows for these bytes, every producer's, and says whose they were.
   * PostgreSQL decides who may: a role without DELETE gets a TeamCacheError naming the grant.
   */
  async forget(hash: string, size: number): Promise<ForgottenRow[]> {
    let client: PoolClient;
    try {
      await this.connect();
      client = await (this.pool as Pool).connect();
    } catch (error) {
      this.reset();
      throw new TeamCacheError(`the team cache at ${safeUrl(this.options.url)} is not usable (${(error as Error).message})`);
    }
    try {
      const { rows } = await client.query<ForgottenRow>({
        text: 'DELETE FROM skim_maps WHERE hash = $1 AND size = $2 RETURNING producer, publisher',
        values: [hash, size],
        query_timeout: FORGET_TIMEOUT_MS,
      } as never);
      return rows.sort((a, b) => (a.producer < b.producer ? -1 : a.producer > b.producer ? 1 : 0));
    } catch (error) {
      if (sqlState(error) === INSUFFICIENT_PRIVILEGE) {
        const role = await currentRole(client, this.options.url);
        throw new TeamCacheError(
          `the database role ${role} may not remove the team's rows (${(error as Error).message}); the tables' owner can allow it: GRANT DELETE ON skim_maps TO ${quoteIdent(role)}`,
        );
      }
      throw new TeamCacheError(`the team cache at ${safeUrl(this.options.url)} could not remove the rows (${(error as Error).message})`);
    } finally {
      client.release();
    }
  }

  /** Waits for what is being published or refused (at most CLOSE_WAIT_MS: a hung database never holds an exit), then lets the connections go. */
  async close(): Promise<void> {
    await within(Promise.all([...this.writing]), CLOSE_WAIT_MS);
    const pool = this.pool;
    this.pool = undefined;
    // Not awaited: a connection still being attempted would hold the exit until its own timeout.
    void pool?.end().catch(() => undefined);
  }
}

interface StoredRow {
  prose: unknown;
  regions: unknown;
  publisher: string | null;
  published: string;
}

/** The schema version the database holds, in one query outside a transaction (which a missing table would abort); null when Skim's tables are not there yet. */
async function currentVersion(client: PoolClient): Promise<number | null> {
  try {
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM skim_schema');
    return rows[0]?.version ?? null;
  } catch (error) {
    if (sqlState(error) === UNDEFINED_TABLE) return null;
    throw error;
  }
}

/** The schema version the database holds, asked inside a transaction; null when Skim's tables are not there yet. */
async function schemaVersion(client: PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('skim_schema') IS NOT NULL AS present`);
  if (!rows[0]?.present) return null;
  const stored = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM skim_schema');
  return stored.rows[0]?.version ?? null;
}

/** Brings the schema from `from` (null: nothing yet) to TEAM_SCHEMA_VERSION, inside the caller's transaction. */
async function migrate(client: PoolClient, from: number | null): Promise<void> {
  try {
    await client.query(MIGRATION);
  } catch (error) {
    if (sqlState(error) !== INSUFFICIENT_PRIVILEGE) throw error;
    const what =
      from === null
        ? 'its tables are not there yet, and only a role that may create tables can create them'
        : `its tables are at schema version ${from} and this Skim needs ${TEAM_SCHEMA_VERSION}, which only their owner may migrate`;
    throw new Unavailable(`${what} (${(error as Error).message}): run Skim once as that role`);
  }
  await client.query('DELETE FROM skim_schema');
  await client.query('INSERT INTO skim_schema (version) VALUES ($1)', [TEAM_SCHEMA_VERSION]);
}

function sqlState(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

/** The role this connection acts as, for a message naming the grant it lacks (the URL's user should the question fail). */
async function currentRole(client: Pick<PoolClient, 'query'>, url: string): Promise<string> {
  const { rows } = await client.query<{ role: string }>('SELECT current_user AS role').catch(() => ({ rows: [] as { role: string }[] }));
  if (rows[0]) return rows[0].role;
  try {
    return decodeURIComponent(new URL(url).username) || 'your_role';
  } catch {
    return 'your_role';
  }
}

/** A role name as it would be typed in a GRANT. */
function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** A row as a model's answer is taken: normalized, and refused when nothing usable is left. */
function accept(row: StoredRow, key: TeamKey, lines: number): SharedMap | undefined {
  const raw = typeof row.regions === 'string' ? safeParse(row.regions) : row.regions;
  if (!Array.isArray(raw)) return undefined;
  const regions = normalizeRegions(rawRegions(raw), lines);
  return regions.length ? { ...key, prose: capProse(row.prose), regions, publisher: row.publisher, published: row.published } : undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
