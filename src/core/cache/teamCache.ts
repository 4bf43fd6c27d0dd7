import type { Pool } from 'pg';
import { capProse, normalizeRegions, rawRegions } from '../map/normalize';
import { MapEntry, Region } from '../map/types';

/**
 * The team tier behind the local cache: maps a model wrote, shared on PostgreSQL by content hash,
 * byte size and producer (which names the model and the prompt version), so a team pays one
 * model call per file version. Only maps travel, never file contents. It can only make things
 * cheaper: a lookup has a deadline, a failing database is left alone (one warning) until it is
 * tried again later, and publishing happens off the read path. Rows are normalized on the way in
 * exactly like a model's answer, so a teammate's bad row cannot break anyone's reader.
 */

/** Bumped when the table changes; migrate() brings an older table up to it. */
export const TEAM_SCHEMA_VERSION = 1;
export const TEAM_LOOKUP_DEADLINE_MS = 300;
const RETRY_AFTER_MS = 60_000;
const CLOSE_WAIT_MS = 2_000;
/** The most bytes of regions (or prose) a shared row may hold: far beyond any real map. */
const MAX_ROW_BYTES = 8 * 1024 * 1024;

const SCHEMA = `
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
`;

/** A map shared by the team, ready for the local cache. */
export interface SharedMap {
  prose: string;
  regions: Region[];
}

export interface TeamCacheOptions {
  url: string;
  warn: (message: string) => void;
  lookupDeadlineMs?: number;
  /** Heard about every team hit and miss (the VS Code output channel). */
  onLookup?: (hit: boolean, key: string) => void;
}

class Unavailable extends Error {}

/** `postgres://user:…@host/db` without its password, for messages. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '…';
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
  private readonly publishing = new Set<Promise<void>>();

  constructor(private readonly options: TeamCacheOptions) {}

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
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('skim_schema'))`);
        await client.query(SCHEMA);
        const { rows } = await client.query<{ version: number }>('SELECT max(version) AS version FROM skim_schema');
        const version = rows[0]?.version ?? null;
        if (version !== null && version > TEAM_SCHEMA_VERSION)
          throw new Unavailable(`the database holds a newer Skim's schema (version ${version}); update Skim to use it`);
        if (version !== TEAM_SCHEMA_VERSION) {
          await client.query('DELETE FROM skim_schema');
          await client.query('INSERT INTO skim_schema (version) VALUES ($1)', [TEAM_SCHEMA_VERSION]);
        }
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

  /** A failure leaves the database alone until RETRY_AFTER_MS have passed; the first says so. */
  private failed(error: unknown): void {
    this.downUntil = Date.now() + RETRY_AFTER_MS;
    this.ready = undefined;
    const pool = this.pool;
    this.pool = undefined;
    void pool?.end().catch(() => undefined);
    if (this.warned) return;
    this.warned = true;
    this.options.warn(
      `the team cache at ${safeUrl(this.options.url)} is not usable (${(error as Error).message}); maps stay local, and Skim tries again later`,
    );
  }

  private up(): boolean {
    return Date.now() >= this.downUntil;
  }

  /** The team's map for these bytes and this producer, normalized for a file of `lines` lines; undefined on a miss, past the deadline, or when the database fails. */
  async lookup(hash: string, size: number, producer: string, lines: number): Promise<SharedMap | undefined> {
    if (!this.up()) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.deadline())));
    const work = (async () => {
      await this.connect();
      const { rows } = await (this.pool as Pool).query<{ prose: unknown; regions: unknown }>({
        // A row larger than any map (a hostile one) is no map: it is never even sent.
        text: 'SELECT prose, regions FROM skim_maps WHERE hash = $1 AND size = $2 AND producer = $3 AND octet_length(regions::text) <= $4 AND octet_length(prose) <= $4',
        values: [hash, size, producer, MAX_ROW_BYTES],
        query_timeout: this.deadline(),
      } as never);
      return rows[0];
    })();
    try {
      const row = await Promise.race([work, late]);
      if (row === 'late') {
        work.catch(() => undefined);
        this.options.onLookup?.(false, `${hash.slice(0, 12)} (no answer within ${this.deadline()} ms)`);
        return undefined;
      }
      const shared = row && accept(row, lines);
      this.options.onLookup?.(!!shared, hash.slice(0, 12));
      return shared;
    } catch (error) {
      this.failed(error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Shares a map a model wrote, off the read path; concurrent publishers of one key are harmless. */
  publish(entry: MapEntry): void {
    if (!this.up() || entry.status !== 'model') return;
    const work = (async () => {
      await this.connect();
      await (this.pool as Pool).query(
        'INSERT INTO skim_maps (hash, size, producer, prose, regions) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (hash, size, producer) DO NOTHING',
        [entry.hash, entry.size, entry.producer, entry.prose, JSON.stringify(entry.regions)],
      );
    })()
      .catch((error: unknown) => this.failed(error))
      .finally(() => this.publishing.delete(work));
    this.publishing.add(work);
  }

  /** Waits for what is being published (at most CLOSE_WAIT_MS: a hung database never holds an exit), then lets the connections go. */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([...this.publishing]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    const pool = this.pool;
    this.pool = undefined;
    // Not awaited: a connection still being attempted would hold the exit until its own timeout.
    void pool?.end().catch(() => undefined);
  }
}

/** A row as a model's answer is taken: normalized, and refused when nothing usable is left. */
function accept(row: { prose: unknown; regions: unknown }, lines: number): SharedMap | undefined {
  const raw = typeof row.regions === 'string' ? safeParse(row.regions) : row.regions;
  if (!Array.isArray(raw)) return undefined;
  const regions = normalizeRegions(rawRegions(raw), lines);
  return regions.length ? { prose: capProse(row.prose), regions } : undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
