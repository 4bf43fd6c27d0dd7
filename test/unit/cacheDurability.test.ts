import * as assert from 'node:assert/strict';
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEFAULT_LOCK_WAIT_MS, LOCK_STALE_MS, LockBusyError, withFileLock } from '../../src/core/cache/lock';
import { DEFAULT_OPTIONS } from '../../src/core/config/options';
import { MapCache } from '../../src/core/cache/store';
import { MapEntry } from '../../src/core/map/types';
import { skim } from '../support/cli';
import { scratch, tsSource } from '../support/files';
import { waitFor } from '../support/waitFor';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');

const entry = (name: string): MapEntry => ({
  path: name,
  size: 1,
  hash: `h-${name}`,
  lines: 10,
  status: 'structural',
  producer: 'p',
  prose: '',
  created: 1,
  regions: [],
});

/** The pid of a process that has exited: nothing runs under it now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

/** A separate process holding `lock` for ever (test/support/lockHolder): `blocked`, its thread stopped; `waiting`, its event loop turning. */
function holdLock(lock: string, how: 'blocked' | 'waiting') {
  const child = spawn(process.execPath, [path.join(__dirname, '../support/lockHolder.js'), lock, how], { stdio: ['ignore', 'pipe', 'inherit'] });
  const held = new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { child, held };
}

/** `skim mcp` driven over stdio with MCP's own JSON-RPC lines, the process left to the test: its stdin, its signals, its exit. */
function mcpServer(root: string, cacheDir: string) {
  const child = spawn(process.execPath, [CLI, 'mcp', '--root', root], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SKIM_CACHE_DIR: cacheDir },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const answers = new Map<number, (result: { content: { text: string }[] }) => void>();
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      answers.get(message.id)?.(message.result);
    }
  });
  let id = 0;
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const request = (method: string, params: object) =>
    new Promise<{ content: { text: string }[] }>((resolve) => {
      answers.set(++id, resolve);
      send({ id, method, params });
    });
  const ready = request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'skim-test', version: '1.0.0' } }).then(() =>
    send({ method: 'notifications/initialized' }),
  );
  return {
    child,
    exited,
    ready,
    call: async (name: string, args: object) => (await request('tools/call', { name, arguments: args })).content.map((c) => c.text).join(''),
  };
}

describe('the cache under killed writers, signals and unusable files', () => {
  let s: ReturnType<typeof scratch>;
  beforeEach(() => (s = scratch()));
  afterEach(() => s.cleanup());

  it('a cache folder that cannot be made (under /proc) costs one line and the map is still printed: skim map ends, it does not spin', async () => {
    const file = path.join(s.dir, 'argparse.py');
    copyFileSync('/usr/lib/python3.11/argparse.py', file);
    const r = await promisify(execFile)(process.execPath, [CLI, 'map', file], {
      cwd: s.dir,
      env: { PATH: process.env.PATH, HOME: s.dir, SKIM_CACHE_DIR: '/proc/skim-nowhere' },
      timeout: 15_000,
    });
    assert.match(r.stdout, /^Map of argparse\.py \(2633 lines; tree-sitter outline\):/);
    const [line, ...rest] = r.stderr.split('\n');
    assert.match(
      line,
      /^skim: 1 change\(s\) to Skim's cache could not be saved to \/proc\/skim-nowhere\/.+\(ENOENT: no such file or directory, mkdir '\/proc\/skim-nowhere'\); those maps will be made again\.$/,
    );
    assert.deepEqual(rest, ['']);
  });

  it('breaks at once a lock whose holder died, and takes it', async () => {
    const lock = path.join(s.dir, 'maps.sqlite.lock');
    writeFileSync(lock, `${await deadPid()} ${os.hostname()} 0123abcd\n`);
    let ran = false;
    await withFileLock(lock, async () => void (ran = true), 200);
    assert.equal(ran, true);
    assert.equal(existsSync(lock), false);
  });

  it('keeps waiting on a lock whose holder is alive, then gives up saying so', async () => {
    const lock = path.join(s.dir, 'maps.sqlite.lock');
    writeFileSync(lock, `${process.pid} ${os.hostname()} 0123abcd\n`);
    await assert.rejects(
      withFileLock(lock, async () => undefined, 200),
      /the cache is locked by another process/,
    );
    assert.equal(readFileSync(lock, 'utf8'), `${process.pid} ${os.hostname()} 0123abcd\n`);
  });

  for (const [when, shift] of [
    ['10 s ago', -LOCK_STALE_MS - 5_000],
    ['a day from now (a time set by hand, or a clock that jumped back)', 86_400_000],
  ] as const)
    it(`breaks at once a lock naming a live process whose last refresh is ${when} (a reused pid), and takes it`, async () => {
      const lock = path.join(s.dir, 'maps.sqlite.lock');
      // The test runner's parent: alive, and no holder of any lock.
      writeFileSync(lock, `${process.ppid} ${os.hostname()} 0123abcd\n`);
      const then = new Date(Date.now() + shift);
      utimesSync(lock, then, then);
      let ran = false;
      // Unbroken, the lock is waited on for 200 ms and then given up (LockBusyError): nothing changes it meanwhile.
      await withFileLock(lock, async () => void (ran = true), 200);
      assert.deepEqual([ran, existsSync(lock)], [true, false]);
    });

  it('a process that takes the lock and hangs: waiters give up after 2 s while it is fresh, and break it once unrefreshed for 10 s; a live holder refreshing it keeps it', async function () {
    this.timeout(60_000);
    const hung = path.join(s.dir, 'hung.sqlite.lock');
    const live = path.join(s.dir, 'live.sqlite.lock');
    const holders = [holdLock(hung, 'blocked'), holdLock(live, 'waiting')];
    try {
      await Promise.all(holders.map((h) => h.held));
      const started = Date.now();
      await assert.rejects(
        withFileLock(hung, async () => undefined),
        (error: Error) => error instanceof LockBusyError && /^the cache is locked by another process/.test(error.message),
      );
      assert.ok(Date.now() - started >= DEFAULT_LOCK_WAIT_MS, `gave up after ${Date.now() - started} ms`);
      // The hung holder never refreshes its lock: wait until the lock file itself is older than LOCK_STALE_MS.
      await waitFor(() => Date.now() - statSync(hung).mtimeMs > LOCK_STALE_MS + 100, 'the hung lock to go stale', LOCK_STALE_MS + 10_000);
      // Stale now, and never refreshed again: broken at the first look, or waited on and given up (LockBusyError).
      let ran = false;
      await withFileLock(hung, async () => void (ran = true));
      assert.equal(ran, true);
      await assert.rejects(
        withFileLock(live, async () => undefined, 200),
        LockBusyError,
      );
      assert.equal(existsSync(live), true);
    } finally {
      for (const h of holders) h.child.kill('SIGKILL');
    }
  });

  it("lets one breaker at a time break a dead holder's lock: many waiters never hold it together", async () => {
    const lock = path.join(s.dir, 'maps.sqlite.lock');
    const dead = await deadPid();
    let holders = 0;
    let most = 0;
    for (let round = 0; round < 10; round++) {
      writeFileSync(lock, `${dead} ${os.hostname()} 0123abcd\n`);
      await Promise.all(
        Array.from({ length: 12 }, () =>
          withFileLock(lock, async () => {
            most = Math.max(most, ++holders);
            await new Promise((resolve) => setTimeout(resolve, 1));
            holders--;
          }),
        ),
      );
    }
    assert.equal(most, 1);
    assert.deepEqual(readdirSync(s.dir), []);
  });

  it('never removes a lock it no longer holds', async () => {
    const lock = path.join(s.dir, 'maps.sqlite.lock');
    const other = `4242 ${os.hostname()} feedbeef\n`;
    await withFileLock(lock, async () => writeFileSync(lock, other));
    assert.equal(readFileSync(lock, 'utf8'), other);
  });

  it('removes temp files a killed writer left, and only those', async () => {
    const file = path.join(s.dir, 'maps.sqlite');
    const abandoned = `${file}.${await deadPid()}.0badc0de.tmp`;
    const live = `${file}.${process.pid}.0badc0de.tmp`;
    writeFileSync(abandoned, 'half a database');
    writeFileSync(live, 'being written');
    const cache = await MapCache.open(file, { flushDelayMs: 1 });
    cache.put(entry('a.ts'));
    await cache.close();
    assert.deepEqual([existsSync(abandoned), existsSync(live)], [false, true]);
  });

  it('keeps maps in memory, with one warning, when the cache file cannot be read', async () => {
    const file = path.join(s.dir, 'maps.sqlite');
    mkdirSync(file);
    const warnings: string[] = [];
    const cache = await MapCache.open(file, { onWarning: (m) => warnings.push(m) });
    cache.put(entry('a.ts'));
    assert.equal(cache.get('a.ts')?.hash, 'h-a.ts');
    await cache.close();
    assert.deepEqual(warnings, [`Skim cannot read its cache ${file} (EISDIR); maps are kept in memory only, for as long as this process runs.`]);
  });

  it('every command still works when the cache cannot be read: one warning, exit 0', async () => {
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
    const cacheDir = path.join(s.dir, 'cache');
    await skim(['map', 'big.ts'], { cwd: s.dir, env: { SKIM_CACHE_DIR: cacheDir } });
    const [db] = readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
    rmSync(path.join(cacheDir, db));
    mkdirSync(path.join(cacheDir, db));
    for (const args of [
      ['map', 'big.ts'],
      ['read', 'big.ts'],
      ['at', 'big.ts', '3'],
    ]) {
      const r = await skim(args, { cwd: s.dir, env: { SKIM_CACHE_DIR: cacheDir } });
      assert.equal(r.code, 0, args.join(' '));
      assert.match(r.stderr, /^Skim cannot read its cache .* \(EISDIR\); maps are kept in memory only, for as long as this process runs\.$/, args.join(' '));
    }
  });

  it('tries a failed save again later, and says once that it failed and once that it recovered', async () => {
    const blocker = path.join(s.dir, 'cache');
    writeFileSync(blocker, 'a file where the cache folder should be');
    const warnings: string[] = [];
    const cache = await MapCache.open(path.join(blocker, 'maps.sqlite'), { flushDelayMs: 1, retryDelayMs: 20, onWarning: (m) => warnings.push(m) });
    cache.put(entry('a.ts'));
    await waitFor(() => warnings.length > 0, 'the failed save to be said');
    // Retries every 20 ms keep failing for this long: the time they have to say the failure again is what is tested.
    await new Promise((resolve) => setTimeout(resolve, 200));
    rmSync(blocker);
    await waitFor(() => warnings.length > 1, 'the recovered save to be said');
    assert.equal(warnings.length, 2, warnings.join('\n'));
    assert.match(warnings[0], /could not save its cache .* the maps stay in memory and saving is tried again/);
    assert.match(warnings[1], /saved its cache .* again/);
    await cache.close();
    const reopened = await MapCache.open(path.join(blocker, 'maps.sqlite'));
    assert.equal(reopened.get('a.ts')?.hash, 'h-a.ts');
    await reopened.close();
  });

  it('a map made while a live process holds the lock is kept in memory, saved once the lock is free, and each is said once', async function () {
    this.timeout(30_000);
    const file = path.join(s.dir, 'maps.sqlite');
    const holder = holdLock(`${file}.lock`, 'waiting');
    try {
      await holder.held;
      const warnings: string[] = [];
      const cache = await MapCache.open(file, { flushDelayMs: 1, retryDelayMs: 200, onWarning: (m) => warnings.push(m) });
      cache.put(entry('a.ts'));
      await waitFor(() => warnings.length > 0, 'the save to give up on the lock', DEFAULT_LOCK_WAIT_MS + 10_000);
      assert.deepEqual(warnings, [
        `Skim could not save its cache to ${file} (the cache is locked by another process (${file}.lock)); the maps stay in memory and saving is tried again.`,
      ]);
      assert.equal(cache.get('a.ts')?.hash, 'h-a.ts', 'kept in memory');
      holder.child.kill('SIGKILL');
      await new Promise((resolve) => holder.child.once('exit', resolve));
      cache.put(entry('b.ts'));
      await cache.close();
      assert.deepEqual(warnings.slice(1), [`Skim saved its cache to ${file} again.`]);
      const reopened = await MapCache.open(file);
      assert.deepEqual([reopened.get('a.ts')?.hash, reopened.get('b.ts')?.hash], ['h-a.ts', 'h-b.ts']);
      await reopened.close();
    } finally {
      holder.child.kill('SIGKILL');
    }
  });

  it('skim map under a lock a live process holds answers, saying its map was not saved; once the holder hangs, it saves', async function () {
    // The holder never lets go while it lives: only a map that gives up its wait for the lock answers before this timeout.
    this.timeout(60_000);
    mkdirSync(path.join(s.dir, '.git'));
    copyFileSync(require.resolve('mocha/lib/runner.js'), path.join(s.dir, 'runner.js'));
    copyFileSync(require.resolve('mocha/lib/suite.js'), path.join(s.dir, 'suite.js'));
    const cacheDir = path.join(s.dir, 'cache');
    const run = (file: string) => promisify(execFile)(process.execPath, [CLI, 'map', file], { cwd: s.dir, env: { ...process.env, SKIM_CACHE_DIR: cacheDir } });
    await run('runner.js');
    const [db] = readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
    const lock = path.join(cacheDir, `${db}.lock`);
    const holder = holdLock(lock, 'waiting');
    try {
      await holder.held;
      const locked = await run('suite.js');
      assert.match(locked.stdout, /^Map of suite\.js \(\d+ lines; tree-sitter outline/);
      assert.equal(
        locked.stderr,
        `skim: 1 change(s) to Skim's cache could not be saved to ${path.join(cacheDir, db)} (the cache is locked by another process (${lock})); those maps will be made again.\n`,
      );
      // The holder hangs, alive: it refreshes its lock no more (its last refresh put as long ago as the bound).
      holder.child.kill('SIGSTOP');
      const then = new Date(Date.now() - LOCK_STALE_MS - 5_000);
      utimesSync(lock, then, then);
      assert.equal((await run('suite.js')).stderr, '');
      assert.equal(existsSync(lock), false);
    } finally {
      holder.child.kill('SIGKILL');
    }
    const cache = await MapCache.open(path.join(cacheDir, db));
    assert.deepEqual([cache.count(), cache.get('suite.js')?.status], [2, 'structural']);
    await cache.close();
  });

  it('a hook read of an unmapped file under a lock a live process holds gives up the lock after its wait, not at its budget', async function () {
    // Its budget is ten minutes and the holder never lets go while it lives: only a hook that gives up its wait for the
    // lock (DEFAULT_LOCK_WAIT_MS) answers before this timeout.
    this.timeout(60_000);
    mkdirSync(path.join(s.dir, '.git'));
    for (const name of ['runner.js', 'suite.js']) copyFileSync(require.resolve(`mocha/lib/${name}`), path.join(s.dir, name));
    const cacheDir = path.join(s.dir, 'cache');
    const read = async (file: string) => {
      const payload = JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 's',
        tool_name: 'Read',
        tool_input: { file_path: path.join(s.dir, file) },
        cwd: s.dir,
      });
      return new Promise<{ stdout: string; stderr: string }>((resolve) => {
        const env = { ...process.env, SKIM_CACHE_DIR: cacheDir, XDG_STATE_HOME: path.join(s.dir, 'state'), SKIM_HOOK_BUDGET_MS: '600000' };
        const child = execFile(process.execPath, [CLI, 'hook'], { cwd: s.dir, env }, (_e, stdout, stderr) => resolve({ stdout, stderr }));
        child.stdin?.end(payload);
      });
    };
    const free = await read('runner.js');
    assert.equal(free.stderr, '');
    const [db] = readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
    const holder = holdLock(path.join(cacheDir, `${db}.lock`), 'waiting');
    try {
      await holder.held;
      const locked = await read('suite.js');
      assert.match(JSON.parse(locked.stdout).hookSpecificOutput.additionalContext, /^\[skim\] This read was shortened: lines 1-200 of suite\.js/);
      assert.match(
        locked.stderr,
        /^skim: hook: 1 change\(s\) to Skim's cache could not be saved to .* \(the cache is locked by another process .*\); those maps will be made again\.\n$/,
      );
    } finally {
      holder.child.kill('SIGKILL');
    }
  });

  it('skim mcp saves every map it made when SIGTERM ends it', async function () {
    this.timeout(60_000);
    mkdirSync(path.join(s.dir, '.git'));
    const files = Array.from({ length: 20 }, (_, i) => s.write(`f${i}.ts`, tsSource(3 + i, 4)));
    const cacheDir = path.join(s.dir, 'cache');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--root', s.dir],
      env: { ...process.env, SKIM_CACHE_DIR: cacheDir } as Record<string, string>,
    });
    const client = new Client({ name: 'skim-test', version: '1.0.0' });
    await client.connect(transport);
    for (const file of files) await client.callTool({ name: 'skim_summarize_file', arguments: { filePath: file } });
    const pid = transport.pid as number;
    process.kill(pid, 'SIGTERM');
    await new Promise<void>((resolve) => {
      const wait = () => {
        try {
          process.kill(pid, 0);
          setTimeout(wait, 20);
        } catch {
          resolve();
        }
      };
      wait();
    });
    await client.close().catch(() => undefined);
    const [db] = readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
    const cache = await MapCache.open(path.join(cacheDir, db));
    assert.equal(cache.count(), files.length);
    await cache.close();
  });

  for (const [how, pipelined, end, code] of [
    ['its client closes stdin', false, (child: ChildProcess) => child.stdin?.end(), 0],
    ['its client closes stdin right after sending its 20 calls, before any answer', true, (child: ChildProcess) => child.stdin?.end(), 0],
    ['SIGHUP ends it', false, (child: ChildProcess) => child.kill('SIGHUP'), 129],
  ] as const) {
    it(`skim mcp answers and saves every map it made when ${how}`, async function () {
      this.timeout(120_000);
      mkdirSync(path.join(s.dir, '.git'));
      const lib = path.dirname(require.resolve('mocha/lib/runner.js'));
      const files = (readdirSync(lib, { recursive: true }) as string[])
        .filter((f) => f.endsWith('.js'))
        .sort()
        .slice(0, 20);
      for (const file of files) {
        mkdirSync(path.dirname(path.join(s.dir, file)), { recursive: true });
        copyFileSync(path.join(lib, file), path.join(s.dir, file));
      }
      assert.equal(files.length, 20);
      const cacheDir = path.join(s.dir, 'cache');
      const server = mcpServer(s.dir, cacheDir);
      await server.ready;
      let answers: string[];
      if (pipelined) {
        const calls = files.map((file) => server.call('skim_summarize_file', { filePath: file }));
        end(server.child);
        answers = await Promise.all(calls);
      } else {
        answers = [];
        for (const file of files) answers.push(await server.call('skim_summarize_file', { filePath: file }));
        end(server.child);
      }
      answers.forEach((answer, i) => assert.ok(answer.startsWith(`Map of ${files[i]} (`), answer));
      // Nothing more is sent: no signal after the end, so only the server's own save can have saved the maps.
      assert.equal(await server.exited, code);
      const [db] = readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
      const cache = await MapCache.open(path.join(cacheDir, db));
      assert.equal(cache.count(), files.length);
      await cache.close();
    });
  }

  it('a hook whose cache is locked by a live process still answers by its deadline', async function () {
    this.timeout(30_000);
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
    s.write('small.ts', tsSource(2, 2));
    const cacheDir = path.join(s.dir, 'cache');
    await skim(['map', 'small.ts'], { cwd: s.dir, env: { SKIM_CACHE_DIR: cacheDir } });
    const [db] = readdirSync(cacheDir).filter((f) => f.endsWith('.sqlite'));
    writeFileSync(path.join(cacheDir, `${db}.lock`), `${process.pid} ${os.hostname()} 0123abcd\n`);
    const payload = JSON.stringify({ tool_name: 'read_file', tool_input: { filePath: path.join(s.dir, 'big.ts'), startLine: 1, endLine: 900 }, cwd: s.dir });
    // This process holds the lock and never lets go: only a hook that gives up its wait for it answers at all.
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [CLI, 'hook'],
        { cwd: s.dir, env: { ...process.env, SKIM_CACHE_DIR: cacheDir, SKIM_HOOK_BUDGET_MS: '5000' } },
        (_e, out, err) => resolve({ stdout: out, stderr: err }),
      );
      child.stdin?.end(payload);
    });
    assert.match(JSON.parse(stdout).hookSpecificOutput.additionalContext, /^\[skim\] This read was shortened: lines 1-200 of big\.ts/);
    // Its wait for the lock ends at the lock's wait or, on a machine slow enough to leave less than that, at half the time left.
    assert.match(
      stderr,
      /1 change\(s\) to Skim's cache could not be saved to .* \(the cache is locked by another process \(.*\.sqlite\.lock\)\); those maps will be made again\.|the cache could not be saved before the deadline; the map will be made again next time/,
    );
  });
});

describe("the hook's one deadline", () => {
  it('answers within SKIM_HOOK_BUDGET_MS when the model never answers: the read goes ahead as asked, and says so', async function () {
    // A hook that kept to the default budget rather than the 1 s given here could not answer before this timeout.
    this.timeout(DEFAULT_OPTIONS.hookBudgetMs);
    const s = scratch();
    const http = await import('node:http');
    const hung = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      mkdirSync(path.join(s.dir, '.git'));
      s.write('big.ts', tsSource(30, 26));
      const port = (hung.address() as { port: number }).port;
      const payload = JSON.stringify({ tool_name: 'read_file', tool_input: { filePath: path.join(s.dir, 'big.ts'), startLine: 1, endLine: 900 }, cwd: s.dir });
      const r = await skim(['hook'], {
        cwd: s.dir,
        stdin: payload,
        env: { SKIM_MODEL_URL: `http://127.0.0.1:${port}/v1`, SKIM_MODEL_NAME: 'm', SKIM_HOOK_BUDGET_MS: '1000' },
      });
      assert.equal(r.code, 0);
      assert.deepEqual(JSON.parse(r.stdout), {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          additionalContext:
            '[skim] No map of big.ts could be made (Skim could not make one within its 1000 ms deadline (SKIM_HOOK_BUDGET_MS)), so the read was not shortened.',
        },
      });
    } finally {
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
      s.cleanup();
    }
  });
});
