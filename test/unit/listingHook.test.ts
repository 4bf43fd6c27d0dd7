import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');
/** Go's net package: 431 lines of ls -R (6 KB, no more than a shortened one would take), 410 of find, third-party code the overview can rank. */
const GO_NET = '/usr/lib/go-1.19/src/net';

/** A command line run as the hosts run a shell tool's: bash -c, in `cwd`. */
function bash(command: string, cwd: string, env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync('/bin/bash', ['-c', command], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.toString('utf8') };
}

describe("skim hook and skim listing, for a recursive listing through a host's shell tool (built CLI, real processes)", function () {
  this.timeout(120_000);
  let s: ReturnType<typeof scratch>;
  let caches: ReturnType<typeof scratch>;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    s = scratch();
    // Skim's caches outside the project: a listing of the project must not list them as they change.
    caches = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    cpSync(GO_NET, path.join(s.dir, 'net'), { recursive: true });
    // A shorter budget keeps each overview (and so the test) short; what it promises does not depend on it.
    env = {
      SKIM_CACHE_DIR: path.join(caches.dir, 'cache'),
      XDG_STATE_HOME: path.join(caches.dir, 'state'),
      XDG_CACHE_HOME: path.join(caches.dir, 'xdg'),
      SKIM_HOOK_BUDGET_MS: '6000',
      LC_ALL: 'C',
    };
  });
  afterEach(() => {
    s.cleanup();
    caches.cleanup();
  });

  /** What the last `rewritten` hook printed on stderr. */
  let warned = '';

  /** The hook's answer to Claude Code's Bash (or Codex's, whose payload adds turn_id) running `command`: the rewritten command, or undefined. */
  function rewritten(command: string, host: 'claude' | 'codex' = 'claude'): string | undefined {
    const payload = {
      session_id: 'listing-1',
      transcript_path: '/tmp/t.jsonl',
      cwd: s.dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command, description: 'list' },
      ...(host === 'codex' ? { turn_id: 'turn-1', model: 'gpt-5.5' } : {}),
    };
    const hook = spawnSync(process.execPath, [CLI, 'hook'], {
      cwd: s.dir,
      input: JSON.stringify(payload),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    assert.equal(hook.status, 0, hook.stderr);
    warned = hook.stderr;
    const out = hook.stdout;
    if (out === '') return undefined;
    const answer = JSON.parse(out) as { hookSpecificOutput: { permissionDecision: string; updatedInput: { command: string; description: string } } };
    assert.equal(answer.hookSpecificOutput.permissionDecision, 'allow');
    assert.equal(answer.hookSpecificOutput.updatedInput.description, 'list');
    return answer.hookSpecificOutput.updatedInput.command;
  }

  for (const [host, command, cut] of [
    ['claude', 'find .', '--max-bytes 30000'],
    ['codex', 'ls -lR', '--max-chars 40000'],
    ['claude', 'tree', '--max-bytes 30000'],
  ] as const) {
    it(`${host === 'claude' ? "Claude Code's" : "Codex's"} Bash, ${command} of a 400-line tree: its first 200 lines as printed, the rest by folder, the overview, within the host's cut`, () => {
      const guarded = rewritten(command, host);
      assert.ok(guarded);
      assert.ok(guarded.includes(` listing ${cut} --root `) && guarded.endsWith(` 2>/dev/null || ${command}; }`), guarded);
      const run = bash(guarded, s.dir, env);
      const plain = bash(command, s.dir, env);
      assert.deepEqual([run.status, run.stderr], [0, '']);
      const [notice, ...rest] = run.stdout.toString('utf8').split('\n');
      const total = plain.stdout.toString('utf8').split('\n').length - 1;
      assert.match(notice, new RegExp(`^\\[skim\\] This listing was shortened: its first 200 lines are shown, of ${total} in all\\. `));
      assert.equal(rest.slice(0, 200).join('\n'), plain.stdout.toString('utf8').split('\n').slice(0, 200).join('\n'));
      assert.match(rest[201], /^What the rest holds, by folder \([\d,]+ entries in it and below it; \d+ in \. itself\):$/);
      assert.match(rest.join('\n'), /^The project \(\S+\): \d+ of \d+ files ranked/m);
      assert.ok(run.stdout.length < plain.stdout.length, `${run.stdout.length} bytes against ${plain.stdout.length}`);
    });
  }

  it('leaves alone a filtered, piped, redirected, acting, small, missing or outside listing: no rewrite', () => {
    mkdirSync(path.join(s.dir, 'small'));
    writeFileSync(path.join(s.dir, 'small', 'a.go'), 'package a\n');
    for (const command of [
      "find . -name '*.go'",
      'find . -delete',
      'find . -type f -delete',
      'find . -exec rm {} +',
      'find . -type f -exec grep -l net {} \\;',
      'find . -print0',
      'find -L .',
      'ls -R | head -50',
      'ls -R > listing.txt',
      'ls -R; rm -rf net',
      'ls net',
      'ls -R small',
      'ls -R missing',
      'ls -R /usr/share/doc',
      'tree -I testdata',
      'tree -f',
    ]) {
      assert.equal(rewritten(command), undefined, command);
      const outside = `skim: hook: /usr/share/doc is outside the project ${s.dir}; the listing runs as written\n`;
      assert.equal(warned, command === 'ls -R /usr/share/doc' ? outside : '', command);
    }
    assert.equal(bash('ls', s.dir).stdout.toString(), 'net\nsmall\n');
  });

  it('a name with a newline in it, which ls and find print on two lines: the listing is printed exactly as it is', () => {
    writeFileSync(path.join(s.dir, 'net', 'two\nlines.go'), '');
    // Enough more names that ls -R too would be shortened.
    mkdirSync(path.join(s.dir, 'net', 'many'));
    for (let i = 0; i < 400; i++) writeFileSync(path.join(s.dir, 'net', 'many', `file_${i}.go`), '');
    for (const command of ['ls -R', 'find .']) {
      const guarded = rewritten(command);
      assert.ok(guarded, command);
      const run = bash(guarded, s.dir, env);
      assert.ok(run.stdout.equals(bash(command, s.dir, env).stdout), command);
    }
  });

  it('names with spaces, beyond ASCII, and links in a loop: the lines as printed, no link followed, the folder to list next quoted for the shell', () => {
    const odd = path.join(s.dir, 'net', 'sub dir é');
    mkdirSync(odd);
    for (let i = 0; i < 300; i++) writeFileSync(path.join(odd, `f ${i} ü.go`), '');
    symlinkSync('..', path.join(odd, 'loop'));
    symlinkSync(s.dir, path.join(s.dir, 'net', 'root'));
    for (const command of ['ls -R', 'find .', 'tree']) {
      const guarded = rewritten(command);
      assert.ok(guarded, command);
      const run = bash(guarded, s.dir, env);
      const plain = bash(command, s.dir, env).stdout.toString('utf8').split('\n');
      const lines = run.stdout.toString('utf8').split('\n');
      assert.match(lines[0], new RegExp(`of ${plain.length - 1} in all\\. `), command);
      assert.equal(lines.slice(1, 201).join('\n'), plain.slice(0, 200).join('\n'), command);
    }
    const ls = bash(rewritten('ls -R') ?? '', s.dir, env).stdout.toString('utf8');
    assert.match(ls, /^ {2}\.\/net\/sub dir é \d+$/m);
  });

  it('the folder gone, or Skim gone, by the time the command runs: the listing itself, same output, status and stderr', () => {
    const guarded = rewritten('ls -R net');
    assert.ok(guarded);
    const gone = guarded.replace(/ \S+cli\.js /, ' /nonexistent/cli.js ');
    const plain = bash('ls -R net', s.dir, env);
    const withoutSkim = bash(gone, s.dir, env);
    assert.deepEqual([withoutSkim.status, withoutSkim.stderr], [plain.status, plain.stderr]);
    assert.ok(withoutSkim.stdout.equals(plain.stdout));
    rmSync(path.join(s.dir, 'net'), { recursive: true });
    const [after, missing] = [bash(guarded, s.dir, env), bash('ls -R net', s.dir, env)];
    assert.deepEqual([after.status, after.stderr, after.stdout.toString()], [missing.status, missing.stderr, missing.stdout.toString()]);
    assert.equal(after.status, 2);
  });
});
