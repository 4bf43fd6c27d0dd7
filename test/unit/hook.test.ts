import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { chownSync, closeSync, constants, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { CONTEXT_LIMITS } from '../../src/core/hook/readAnswer';
import { hookCommands } from '../../src/core/hook/command';
import { renderMap } from '../../src/core/map/render';
import { skim } from '../support/cli';
import { scratch, tsSource } from '../support/files';
import { bytesRead, childrenRunning, reopenedStdin, stalledWriting, waitFor } from '../support/waitFor';

const NOTICE = (file: string, askedEnd: number) =>
  `[skim] This read was shortened: lines 1-200 of ${file} are shown, of 900 in all (the read asked for 1-${askedEnd}). Next start: line 201. Reads of more than 200 lines are shortened here. The file's map follows: read the range you need next.`;

describe("skim hook, for each host's payload", () => {
  let s: ReturnType<typeof scratch>;
  let big: string;
  let map: string;
  const hook = async (payload: unknown) => skim(['hook'], { cwd: s.dir, stdin: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  beforeEach(async () => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    big = s.write('big.ts', tsSource(30, 26));
    const mapped = await skim(['map', 'big.ts', '--json'], { cwd: s.dir });
    const json = JSON.parse(mapped.stdout);
    map = renderMap({ ...json, size: 0, created: 0 });
  });
  afterEach(() => s.cleanup());

  it("keeps to a project this user owns: a .git another user planted above the agent's folder does not widen it", async () => {
    const payload = (cwd: string) => ({
      hook_event_name: 'PreToolUse',
      session_id: 'planted',
      tool_name: 'read_file',
      tool_input: { filePath: big, startLine: 1, endLine: 900 },
      cwd,
    });
    const work = path.join(s.dir, 'work');
    mkdirSync(work);
    assert.ok(JSON.parse((await hook(payload(work))).stdout).hookSpecificOutput.updatedInput, "this user's .git: one project");
    chownSync(path.join(s.dir, '.git'), 65534, 65534);
    const r = await hook(payload(work));
    assert.deepEqual([r.code, r.stdout], [0, '']);
    assert.equal(r.stderr, `hook: ${big} is outside the project ${work}; the read goes ahead untouched`);
  });

  it('VS Code read_file {filePath, startLine, endLine}: the range shortened to 200 lines, the notice then the whole map', async () => {
    const r = await hook({ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { filePath: big, startLine: 1, endLine: 900 }, cwd: s.dir });
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout), {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { filePath: big, startLine: 1, endLine: 200 },
        additionalContext: `${NOTICE('big.ts', 900)}\n\n${map}`,
      },
    });
  });

  it('VS Code read_file {filePath, offset, limit}: offset and limit rewritten', async () => {
    const r = await hook({ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { filePath: 'big.ts', offset: 1, limit: 500 }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedInput, { filePath: 'big.ts', offset: 1, limit: 200 });
    assert.ok(out.additionalContext.startsWith(NOTICE('big.ts', 500)));
  });

  it('Claude Code Read of a 2,633-line file with no limit: offset 1 and limit 200, and the whole file counted as asked (its Read has no line cap)', async () => {
    s.write('argparse.py', readFileSync('/usr/lib/python3.11/argparse.py', 'utf8'));
    const r = await hook({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: 'argparse.py' }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedInput, { file_path: 'argparse.py', offset: 1, limit: 200 });
    assert.match(
      out.additionalContext,
      /^\[skim\] This read was shortened: lines 1-200 of argparse\.py are shown, of 2633 in all \(the read asked for 1-2633\)\. Next start: line 201\./,
    );
  });

  it('Claude Code Read {file_path}: offset 1 and limit 200', async () => {
    const r = await hook({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: big }, tool_use_id: 't', cwd: s.dir });
    assert.deepEqual(JSON.parse(r.stdout), {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { file_path: big, offset: 1, limit: 200 },
        additionalContext: `${NOTICE('big.ts', 900)}\n\n${map}`,
      },
    });
  });

  it('Copilot CLI view {path}: the flat answer with view_range [1, 200]', async () => {
    const r = await hook({ sessionId: 's', timestamp: 1, cwd: s.dir, toolName: 'view', toolArgs: { path: big } });
    assert.deepEqual(JSON.parse(r.stdout), {
      permissionDecision: 'allow',
      modifiedArgs: { path: big, view_range: [1, 200] },
      additionalContext: `${NOTICE('big.ts', 900)}\n\n${map}`,
    });
  });

  it('Copilot CLI view with toolArgs as a JSON string and a view_range', async () => {
    const r = await hook({ cwd: s.dir, toolName: 'view', toolArgs: JSON.stringify({ path: big, view_range: [1, 900] }) });
    assert.deepEqual(JSON.parse(r.stdout).modifiedArgs, { path: big, view_range: [1, 200] });
  });

  it('a Copilot CLI payload arriving through a Claude-style hook keeps its own argument names', async () => {
    const r = await hook({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { path: big, view_range: [1, 900] }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedInput, { path: big, view_range: [1, 200] });
    assert.equal(out.permissionDecision, 'allow');
  });

  it('says on stderr that a call with no session id is not stamped: the edit gate cannot tell sessions apart without one', async () => {
    const r = await hook({ tool_name: 'Read', tool_input: { file_path: big }, cwd: s.dir });
    assert.match(r.stderr, /^hook: the host sent no session id, so the edit gate cannot tell this session's reads apart; this read is not stamped$/m);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'allow');
  });

  it('lets small reads, prose, binaries, other tools and missing files through with no output and exit 0', async () => {
    s.write('small.ts', tsSource(5, 26));
    s.write('notes.md', 'A line.\n'.repeat(900));
    s.write('blob.ts', Buffer.from([1, 0, 2, 10]));
    const cases: [unknown, RegExp | ''][] = [
      [{ tool_name: 'read_file', tool_input: { filePath: 'small.ts' }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'read_file', tool_input: { filePath: big, startLine: 1, endLine: 150 }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'Read', tool_input: { file_path: 'notes.md' }, cwd: s.dir, session_id: 's' }, ''],
      [{ toolName: 'view', toolArgs: { path: 'blob.ts' }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'Edit', tool_input: { file_path: big }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: s.dir, session_id: 's' }, ''],
      [
        { tool_name: 'Read', tool_input: { file_path: 'missing.ts' }, cwd: s.dir, session_id: 's' },
        /^hook: missing\.ts does not exist; the read goes ahead untouched$/,
      ],
      ['{not json', /^hook: the payload is not a JSON object; the call goes ahead untouched$/],
      ['', /^hook: the payload is not a JSON object/],
      [
        { tool_name: 'Read', tool_input: { file_path: '/etc/hostname' }, cwd: s.dir, session_id: 's' },
        /^hook: \/etc\/hostname is outside the project .*; the read goes ahead untouched$/,
      ],
    ];
    for (const [payload, stderr] of cases) {
      const r = await hook(payload);
      assert.equal(r.code, 0, JSON.stringify(payload));
      assert.equal(r.stdout, '', JSON.stringify(payload));
      if (stderr) assert.match(r.stderr, stderr);
      else assert.equal(r.stderr, '');
    }
  });

  it('an oversized read that cannot be mapped goes through untouched, and the extra text says why', async () => {
    s.write('big.cob', 'x = 1\n'.repeat(900));
    const r = await hook({ tool_name: 'Read', tool_input: { file_path: 'big.cob' }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.equal(out.updatedInput, undefined);
    assert.equal(out.permissionDecision, undefined);
    assert.match(
      out.additionalContext,
      /^\[skim\] No map of big\.cob could be made \(Skim has no tree-sitter grammar for .*\), so the read was not shortened\.$/,
    );
  });

  it('folds a map too large for the host by depth, says so, and keeps the notice first', async () => {
    const source = Array.from(
      { length: 40 },
      (_, c) =>
        `export class Big${c} {\n${Array.from({ length: 25 }, (_, m) => `  method${m}(value: number): number {\n    return value + ${m};\n  }\n`).join('')}}\n`,
    ).join('');
    const file = s.write('wide.ts', source);
    for (const [payload, limit] of [
      [{ tool_name: 'read_file', tool_input: { filePath: file, startLine: 1, endLine: 5000 }, cwd: s.dir }, CONTEXT_LIMITS.vscode],
      [{ tool_name: 'Read', tool_input: { file_path: file }, cwd: s.dir }, CONTEXT_LIMITS.claude],
    ] as const) {
      const context: string = JSON.parse((await hook(payload)).stdout).hookSpecificOutput.additionalContext;
      assert.ok(Buffer.byteLength(context) <= limit, `${Buffer.byteLength(context)} bytes`);
      assert.match(context, /^\[skim\] This read was shortened: lines 1-200 of wide\.ts/);
      assert.match(context, /; notes left out, members below depth 1 folded to fit; run .* map .*wide\.ts for the whole map:\n/);
      assert.match(context, /^\d+-\d+ class Big39 \[folded: 25 methods\]$/m);
    }
  });
});

describe('skim hook reads a bounded payload, as a real process', () => {
  const CLI = path.resolve(__dirname, '../../../dist/cli.js');
  let s: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
  });
  afterEach(() => s.cleanup());

  /** `skim hook` with `stdin` as its standard input: a file descriptor, or a payload written by `feed` (which may never end it). */
  function hookProcess(stdin: number | ((input: Writable) => void), env: NodeJS.ProcessEnv = {}) {
    const child = spawn(process.execPath, [CLI, 'hook'], {
      cwd: s.dir,
      stdio: [typeof stdin === 'number' ? stdin : 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, SKIM_CACHE_DIR: path.join(s.dir, '.cache'), XDG_STATE_HOME: path.join(s.dir, '.state'), ...env },
    });
    if (typeof stdin !== 'number') {
      child.stdin?.on('error', () => undefined);
      stdin(child.stdin as Writable);
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  }
  const write = (file: string, content: string) =>
    JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 'session-a', tool_name: 'Write', tool_input: { file_path: file, content }, cwd: s.dir });

  it('a host that closed its end of the pipe before the answer: the hook exits 0, saying nothing', async () => {
    const big = s.write('big.ts', tsSource(30, 26));
    const read = { hook_event_name: 'PreToolUse', session_id: 'gone', tool_name: 'Read', tool_input: { file_path: big }, cwd: s.dir };
    const child = spawn(process.execPath, [CLI, 'hook'], { cwd: s.dir, env: { ...process.env, SKIM_CACHE_DIR: path.join(s.dir, '.cache') } });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(JSON.stringify(read));
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.deepEqual([code, stderr], [0, '']);
  });

  it('skim hook < /dev/zero stops at 4 MB: exit 0, nothing on stdout, one line on stderr', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const r = await hookProcess(zero);
      assert.deepEqual(
        [r.code, r.stdout, r.stderr],
        [0, '', 'skim: hook: the payload is over 4 MB, larger than any call the hook guards; the call goes ahead untouched\n'],
      );
    } finally {
      closeSync(zero);
    }
  });

  it('reads a Write of a 2.4 MB file whole, and lets one of a 6 MB file through untouched, saying why', async function () {
    this.timeout(60_000);
    const file = s.write('bundle.js', 'module.exports = {};\n');
    const strict = { SKIM_EDIT_GATE: 'strict' };
    const under = readFileSync(path.resolve(__dirname, '../../../node_modules/gpt-tokenizer/cjs/bpeRanks/o200k_base.js'), 'utf8');
    const gated = await hookProcess((input) => input.end(write(file, under)), strict);
    assert.deepEqual([gated.code, gated.stderr], [0, '']);
    assert.equal(JSON.parse(gated.stdout).hookSpecificOutput.permissionDecisionReason, `Read ${file} before editing it (Skim's edit gate is strict).`);
    const over = readFileSync(path.resolve(__dirname, '../../../node_modules/typescript/lib/_tsc.js'), 'utf8');
    const passed = await hookProcess((input) => input.end(write(file, over)), strict);
    assert.deepEqual(
      [passed.code, passed.stdout, passed.stderr],
      [0, '', 'skim: hook: the payload is over 4 MB, larger than any call the hook guards; the call goes ahead untouched\n'],
    );
  });

  it("a read the installed command lets through loads neither node:crypto, nor Node's streams, nor its network or V8 modules", async () => {
    // What those modules cost is most of what a passed read costs over Node's own start (docs/measurements.md).
    const big = s.write('big.ts', tsSource(30, 26));
    const loaded = path.join(s.dir, 'loaded.txt');
    const record = s.write(
      'record.js',
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(loaded)}, process.moduleLoadList.join('\\n')));`,
    );
    const payload = {
      hook_event_name: 'PreToolUse',
      session_id: 's1',
      tool_name: 'read_file',
      tool_input: { filePath: big, startLine: 1, endLine: 100 },
      cwd: s.dir,
    };
    // The command exactly as `skim hook install` writes it: the filter hands Skim the payload through a pipe.
    const installed = hookCommands(process.execPath, CLI).pre;
    const r = await new Promise<{ error: Error | null; stdout: string; stderr: string }>((resolve) => {
      const env = { ...process.env, NODE_OPTIONS: `--require ${record}`, XDG_STATE_HOME: path.join(s.dir, '.state'), XDG_CACHE_HOME: path.join(s.dir, '.xdg') };
      const child = execFile('/bin/sh', ['-c', installed], { cwd: s.dir, env }, (error, stdout, stderr) => resolve({ error, stdout, stderr }));
      child.stdin?.end(JSON.stringify(payload));
    });
    assert.deepEqual([r.error, r.stdout, r.stderr], [null, '', '']);
    const modules = readFileSync(loaded, 'utf8').split('\n');
    assert.deepEqual(
      ['NativeModule crypto', 'NativeModule stream', 'NativeModule net', 'NativeModule v8'].filter((m) => modules.includes(m)),
      [],
    );
    // And the read was stamped all the same, with the file's SHA-256.
    const stamps = readdirSync(path.join(s.dir, '.state/skim/stamps')).map((f) => readFileSync(path.join(s.dir, '.state/skim/stamps', f), 'utf8'));
    assert.equal(JSON.parse(stamps.join('').trim()).hashes[0], createHash('sha256').update(readFileSync(big)).digest('hex'));
  });

  it('reads the whole payload from a pipe, blocking or not, arriving in parts, and writes the whole answer to a slow reader', async function () {
    this.timeout(30_000);
    s.write('big.ts', tsSource(30, 26));
    const payload = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: path.join(s.dir, 'big.ts') }, cwd: s.dir });
    const answer = async (nonBlocking: boolean) => {
      // cat hands the payload on through a real pipe, as the installed command's filter does; python3 makes both
      // descriptors non-blocking (as a host sharing them with Node might) and runs the hook on them.
      const setBlocking = `import os, sys; [os.set_blocking(fd, ${nonBlocking ? 'False' : 'True'}) for fd in (0, 1)]; os.execv(sys.argv[1], sys.argv[1:])`;
      const command = `cat | exec python3 -c '${setBlocking}' '${process.execPath}' '${CLI}' hook`;
      const child = spawn('/bin/sh', ['-c', command], {
        cwd: s.dir,
        env: { ...process.env, SKIM_CACHE_DIR: path.join(s.dir, '.cache'), XDG_STATE_HOME: path.join(s.dir, '.state') },
      });
      child.stdout.pause();
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const closed = new Promise((resolve) => child.on('close', resolve));
      // The payload arrives in two parts: the second only once the hook, reading its pipe, has taken in the first. The first
      // starts with 16 KB of white space (JSON allows it), more than the few bytes the hook's event loop reads of its own.
      const first = `${' '.repeat(16 * 1024)}${payload.slice(0, 40)}`;
      let hook = 0;
      await waitFor(() => {
        hook = childrenRunning(child.pid!, process.execPath)[0] ?? 0;
        return hook !== 0 && reopenedStdin(hook);
      }, 'the hook to read its pipe');
      const before = bytesRead(hook);
      child.stdin.write(first);
      await waitFor(() => bytesRead(hook) >= before + first.length, "the hook to read the payload's first part");
      child.stdin.end(payload.slice(40));
      // And its answer is read only once the hook has written all it could: ended, or blocked on the unread pipe.
      await waitFor(() => stalledWriting(hook), 'the hook to write its answer to nobody reading yet');
      child.stdout.resume();
      const code = await closed;
      return { code, stdout, stderr };
    };
    const blocking = await answer(false);
    assert.equal(blocking.code, 0);
    assert.match(JSON.parse(blocking.stdout).hookSpecificOutput.additionalContext, /^\[skim\] This read was shortened: lines 1-200 of /);
    assert.deepEqual(await answer(true), blocking);
  });

  it('a pipe kept open, empty or holding a whole payload, is let go at the deadline: exit 0, one line on stderr', async function () {
    this.timeout(30_000);
    // A FIFO the test holds open for writing: the hook sees a pipe that never ends, as under a host that never closes stdin.
    const fifo = path.join(s.dir, 'stdin');
    await promisify(execFile)('mkfifo', [fifo]);
    const held = openSync(fifo, 'r+');
    try {
      const read = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: s.write('a.ts', 'x\n') }, cwd: s.dir });
      for (const content of ['', read]) {
        if (content) writeSync(held, content);
        const r = await hookProcess(held, { SKIM_HOOK_BUDGET_MS: '1000' });
        assert.deepEqual([r.code, r.stdout, r.stderr], [0, '', 'skim: hook: no payload arrived within 1000 ms; the call goes ahead untouched\n']);
      }
    } finally {
      closeSync(held);
    }
  });

  it("a pipe's write end handed in as stdin is never read from: what waits in the pipe stays for its reader", async () => {
    const fifo = path.join(s.dir, 'pipe');
    await promisify(execFile)('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const writer = openSync(fifo, 'w');
    try {
      const meant = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: s.write('a.ts', 'x\n') }, cwd: s.dir });
      writeSync(writer, meant);
      const r = await hookProcess(writer, { SKIM_HOOK_BUDGET_MS: '1000' });
      assert.equal(r.code, 0);
      const left = Buffer.alloc(4096);
      assert.equal(left.toString('utf8', 0, readSync(reader, left)), meant);
    } finally {
      closeSync(writer);
      closeSync(reader);
    }
  });

  it('a payload that never ends within the budget: exit 0 by the deadline, nothing on stdout, one line on stderr', async () => {
    let trickle: NodeJS.Timeout | undefined;
    const r = await hookProcess(
      (input) => {
        input.write('{"tool_name": "Read", "tool_input": {"file_path": "');
        trickle = setInterval(() => input.write('a'), 100);
      },
      { SKIM_HOOK_BUDGET_MS: '1000' },
    );
    clearInterval(trickle);
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, '', 'skim: hook: no payload arrived within 1000 ms; the call goes ahead untouched\n']);
  });
});
