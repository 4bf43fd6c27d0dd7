import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * A real PostgreSQL (Debian's `postgresql`, installed by scripts/setup-services.sh) in a temp
 * folder, listening on a free loopback port, with a password-protected role and database for
 * Skim. As root, the server runs as the `postgres` user (initdb refuses root).
 */
export interface TestPostgres {
  url: string;
  port: number;
  /** The URL with another password, for a test of a wrong one. */
  urlWithPassword(password: string): string;
  /** Runs SQL as the superuser, over the local socket. */
  sql(statement: string): string;
  stop(): void;
  start(): void;
  cleanup(): void;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(path.join(base, version, 'bin', 'initdb'))) return path.join(base, version, 'bin');
  throw new Error('PostgreSQL is not installed: run bash scripts/setup-services.sh');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skim-pg-'));
  const data = path.join(dir, 'data');
  const root = process.getuid?.() === 0;
  const owner = root
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) }
    : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) =>
    execFileSync(root ? 'runuser' : path.join(bin, tool), root ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const port = await freePort();
  const pwfile = path.join(dir, 'pw');
  writeFileSync(pwfile, 'superuser-secret\n');
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  run('initdb', ['-D', data, '-U', 'postgres', '--pwfile', pwfile, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    void run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const stop = () => void run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  const sql = (statement: string) => run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'skim', '-v', 'ON_ERROR_STOP=1', '-tAc', statement]);
  start();
  run('psql', [
    '-h',
    dir,
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    "CREATE ROLE skim LOGIN PASSWORD 'team-secret'",
    '-c',
    'CREATE DATABASE skim OWNER skim',
  ]);
  const urlWithPassword = (password: string) => `postgres://skim:${encodeURIComponent(password)}@127.0.0.1:${port}/skim`;
  return {
    url: urlWithPassword('team-secret'),
    port,
    urlWithPassword,
    sql,
    stop,
    start,
    cleanup: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
