import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';

/** Issue 36 B4: a FIFO where the cache's lock goes held the hook and `skim read` past any budget, deaf to SIGTERM. */

const CLI = path.resolve(__dirname, '../../../dist/cli.js');
const BUDGET_MS = 3_000;

/** The built CLI with `args`, `stdin` written; killed if it is still alive after 30 s (its code then null). Its code and output. */
function run(args: string[], cwd: string, env: NodeJS.ProcessEnv, stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(stdin);
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('a FIFO in the cache folder where the lock goes: the hook and skim read answer and exit, saying so in one line', () => {
  let s: ReturnType<typeof scratch>;
  let env: NodeJS.ProcessEnv;
  let lock: string;
  const file = 'argparse.py';
  const payload = () => JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 'fifo', tool_name: 'Read', tool_input: { file_path: file }, cwd: s.dir });

  beforeEach(async function () {
    this.timeout(60_000);
    s = scratch();
    execFileSync('git', ['init', '-q', s.dir]);
    copyFileSync('/usr/lib/python3.11/argparse.py', path.join(s.dir, file));
    const cache = path.join(s.dir, '.cache');
    env = { PATH: process.env.PATH, HOME: s.dir, SKIM_CACHE_DIR: cache, SKIM_HOOK_BUDGET_MS: String(BUDGET_MS) };
    // A first read makes the cache and names its database; the lock beside it becomes a FIFO, and the file a new version to map.
    await run(['hook'], s.dir, env, payload());
    const [database] = readdirSync(cache).filter((f) => f.endsWith('.sqlite') && !f.endsWith('.outlines.sqlite'));
    lock = path.join(cache, `${database}.lock`);
    execFileSync('mkfifo', [lock]);
    appendFileSync(path.join(s.dir, file), '# a new version\n');
  });
  afterEach(() => s.cleanup());

  const warning = () => new RegExp(`the cache's lock file ${lock.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a regular file; remove it`);

  it('the hook answers the read shortened with the map, within its budget, with one line of warning', async function () {
    this.timeout(60_000);
    // Held by the FIFO, it would be killed (code null); what it warns of is the FIFO, so it did not wait for the lock.
    const r = await run(['hook'], s.dir, env, payload());
    assert.equal(r.code, 0);
    const answer = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual([answer.permissionDecision, answer.updatedInput.limit], ['allow', 200]);
    assert.match(answer.additionalContext, /^\[skim\] This read was shortened: lines 1-200 of argparse\.py are shown/);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, warning());
  });

  it('skim read prints the 200 lines and the map, exits 0 at once, and warns in one line', async function () {
    this.timeout(60_000);
    const r = await run(['read', file], s.dir, env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^200\t/m);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, warning());
  });
});
