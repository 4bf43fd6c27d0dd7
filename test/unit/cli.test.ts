import * as assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from '../../src/cli/args';
import { main } from '../../src/cli/main';
import { defaultRoot } from '../../src/cli/root';
import { MapCache } from '../../src/core/cache/store';
import { onPath } from '../../src/core/search/program';
import { skim } from '../support/cli';
import { corpusFile } from '../support/corpus';
import { scratch, tsRegions, tsSource } from '../support/files';
import { goodAnswer, ScriptedModel } from '../support/scriptedModel';

const NINE_HUNDRED = tsSource(30, 26);
const CLI = path.resolve(__dirname, '../../../dist/cli.js');

describe('the skim command', () => {
  let s: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', NINE_HUNDRED);
  });
  afterEach(() => s.cleanup());

  it('read --json prints the contract fields for a capped read', async () => {
    const r = await skim(['read', 'big.ts', '--json'], { cwd: s.dir });
    assert.equal(r.code, 0);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(
      { path: json.path, start: json.start, end: json.end, total: json.total, capped: json.capped },
      { path: 'big.ts', start: 1, end: 200, total: 900, capped: true },
    );
    assert.equal(json.text.split('\n').length, 200);
    assert.equal(json.text.split('\n')[0], 'export function fn0(n: number): number {');
    assert.match(json.notice, /Next start: line 201\./);
    assert.equal(json.map.status, 'structural');
    assert.equal(json.map.regions.length, 30);
    assert.deepEqual(Object.keys(json.map), ['path', 'lines', 'hash', 'status', 'producer', 'prose', 'regions', 'modelCalls']);
  });

  it('read --json of a small range has a null map and a null total where it was not counted', async () => {
    const json = JSON.parse((await skim(['read', 'big.ts', '--offset', '10', '--limit', '5', '--json'], { cwd: s.dir })).stdout);
    assert.deepEqual([json.start, json.end, json.total, json.capped, json.notice, json.map], [10, 14, null, false, '', null]);
    assert.equal(json.text, ['  n = n + 8;', '  n = n + 9;', '  n = n + 10;', '  n = n + 11;', '  n = n + 12;'].join('\n'));
  });

  it('read --json past the last line says so in its notice, as the text does', async () => {
    const json = JSON.parse((await skim(['read', 'big.ts', '--offset', '99999', '--json'], { cwd: s.dir })).stdout);
    assert.deepEqual([json.text, json.notice], ['', '[skim] big.ts has no line 99999: it has 900 lines.']);
  });

  it('read prints numbered lines exactly as a model reads them', async () => {
    const r = await skim(['read', 'big.ts', '--offset', '899'], { cwd: s.dir });
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, '899\t}\n900\t', '']);
  });

  it('map --json spends no model call on a fresh hit and reports the producer', async () => {
    const first = JSON.parse((await skim(['map', 'big.ts', '--json'], { cwd: s.dir })).stdout);
    const second = JSON.parse((await skim(['map', 'big.ts', '--json'], { cwd: s.dir })).stdout);
    assert.deepEqual(
      [first.status, first.producer, first.lines, first.modelCalls, first.source],
      ['structural', 'tree-sitter:typescript@13', 900, 0, 'structural'],
    );
    assert.deepEqual(second, { ...first, source: 'local' });
  });

  it('map spends one call through SKIM_MODEL_URL on a miss and none on the hit that follows', async () => {
    const model = await new ScriptedModel([goodAnswer(tsRegions(30, 26))]).start();
    try {
      const first = JSON.parse((await skim(['map', 'big.ts', '--json'], { cwd: s.dir, env: model.env() })).stdout);
      const second = JSON.parse((await skim(['map', 'big.ts', '--json'], { cwd: s.dir, env: model.env() })).stdout);
      assert.deepEqual([first.status, first.producer, first.modelCalls, second.modelCalls, model.calls], ['model', 'openai:scripted@p1', 1, 0, 1]);
      assert.deepEqual([first.source, second.source], ['model', 'local']);
    } finally {
      await model.stop();
    }
  });

  it('maps a file of another project with --root DIR and caches it under that project, so a second map costs no call', async () => {
    const other = scratch('skim-other-');
    mkdirSync(path.join(other.dir, '.git'));
    const file = other.write('far.ts', tsSource(30, 26));
    const model = await new ScriptedModel([goodAnswer(tsRegions(30, 26))]).start();
    try {
      const first = JSON.parse((await skim(['map', file, '--root', other.dir, '--json'], { cwd: s.dir, env: model.env() })).stdout);
      const second = JSON.parse((await skim(['map', file, '--root', other.dir, '--json'], { cwd: s.dir, env: model.env() })).stdout);
      assert.deepEqual([first.path, first.modelCalls, second.modelCalls, model.calls], ['far.ts', 1, 0, 1]);
    } finally {
      await model.stop();
      other.cleanup();
    }
  });

  it('maps again, with no model call, a file whose structural map older outline rules made (an older Skim, whose one version covered every language)', async () => {
    await skim(['map', 'big.ts'], { cwd: s.dir });
    const [db] = readdirSync(path.join(s.dir, '.cache')).filter((f) => f.endsWith('.sqlite'));
    const cache = await MapCache.open(path.join(s.dir, '.cache', db));
    const entry = cache.get('big.ts');
    assert.ok(entry);
    cache.put({ ...entry, producer: 'tree-sitter:typescript@12', regions: [] });
    await cache.close();
    const again = JSON.parse((await skim(['map', 'big.ts', '--json'], { cwd: s.dir })).stdout);
    assert.deepEqual([again.producer, again.regions.length, again.modelCalls], ['tree-sitter:typescript@13', 30, 0]);
  });

  it('a minified file has no map to show: map and symbols say so and exit 1, by its name (app.min.js) or by its lines (a bundle on one line)', async () => {
    s.write('app.min.js', 'function add(a,b){return a+b}\n');
    s.write('bundle.js', `${'var e=function(t,n){return t+n},r=function(t){return e(t,1)};'.repeat(600)}\n`);
    const said = {
      'app.min.js': "app.min.js is minified code: it has no useful map, only a minifier's names on a few long lines",
      'bundle.js': "bundle.js is minified code (1 line of 36 KB on average): it has no useful map, only a minifier's names on a few long lines",
    };
    for (const [name, stderr] of Object.entries(said))
      for (const command of ['map', 'symbols']) {
        const r = await skim([command, name], { cwd: s.dir });
        assert.deepEqual([r.code, r.stdout, r.stderr], [1, '', stderr], `${command} ${name}`);
      }
  });

  it('at names the regions that hold a line, or the gap', async () => {
    assert.equal((await skim(['at', 'big.ts', '35'], { cwd: s.dir })).stdout, '31-59 fn1(n: number): number');
    assert.equal((await skim(['at', 'big.ts', '30'], { cwd: s.dir })).stdout, 'big.ts:30 is in a gap between regions.');
  });

  it('at a line the file does not have fails, as symbol does for a name it lacks: exit 1, one line on stderr', async () => {
    const r = await skim(['at', 'big.ts', '99999'], { cwd: s.dir });
    assert.deepEqual([r.code, r.stdout, r.stderr], [1, '', 'big.ts has 900 lines; line 99999 is outside it']);
    s.write('one.ts', 'export const one = 1;\n');
    assert.equal((await skim(['at', 'one.ts', '2'], { cwd: s.dir })).stderr, 'one.ts has 1 line; line 2 is outside it');
  });

  it("symbols prints a real file's outline and symbol one declaration's numbered lines by name, as the tools do; a name it lacks exits 1 with its declarations listed (mocha's runner.js)", async () => {
    const runner = require.resolve('mocha/lib/runner.js');
    const outline = await skim(['symbols', '--root', '/', runner], { cwd: s.dir });
    assert.deepEqual(
      [outline.code, outline.stdout.split('\n').slice(1, 4)],
      [0, ['9-21 imports', '172-242 class Runner — extends EventEmitter', '\t187-241 constructor']],
    );
    const one = await skim(['symbol', '--root', '/', runner, 'hookUp'], { cwd: s.dir });
    assert.deepEqual([one.code, one.stdout.split('\n').slice(1, 2)], [0, ['748\tRunner.prototype.hookUp = function (name, fn) {']]);
    assert.match(one.stdout, /^method Runner\.prototype\.hookUp: lines 748-751 of /);
    const json = JSON.parse((await skim(['symbol', '--root', '/', runner, 'hookUp', '--json'], { cwd: s.dir })).stdout);
    assert.deepEqual(json.found, [{ start: 748, end: 751, kind: 'method', name: 'Runner.prototype.hookUp', note: "Run 'afterEach' hooks from bottom up." }]);
    // A function assigned under two names is found by either, qualified or not (express's res.set = res.header, mocha's context.it = context.specify).
    const express = corpusFile('express');
    for (const name of ['res.set', 'set', 'header', 'res.type', 'contentType']) {
      const found = await skim(['symbol', '--root', '/', path.join(express, 'lib/response.js'), name], { cwd: s.dir });
      assert.match(found.stdout, /^function res\.(set = res\.header: lines 670-692|contentType = res\.type: lines 507-514) of /, name);
    }
    const bdd = path.join(path.dirname(runner), 'interfaces/bdd.js');
    assert.match((await skim(['symbol', '--root', '/', bdd, 'specify'], { cwd: s.dir })).stdout, /^function context\.it = context\.specify: lines 82-91 of /);
    const none = await skim(['symbol', 'big.ts', 'nothing'], { cwd: s.dir });
    assert.equal(none.code, 1);
    assert.match(none.stdout, /^No declaration named "nothing" in big\.ts\. The declarations it has:\n\nMap of big\.ts/);
    assert.equal(none.stderr, 'no declaration named "nothing" in big.ts: its declarations are listed above');
  });

  it("symbol selects a member by its qualified name, whether the owner is in the member's name (mocha's Runner.prototype.run as Runner.run) or the class it is declared in (http.client's HTTPConnection.send)", async () => {
    const runner = require.resolve('mocha/lib/runner.js');
    const run = await skim(['symbol', '--root', '/', runner, 'Runner.run'], { cwd: s.dir });
    assert.deepEqual([run.code, run.stdout.split('\n')[1]], [0, '1188\tRunner.prototype.run = function (fn, opts = {}) {']);
    const client = '/usr/lib/python3.11/http/client.py';
    const send = await skim(['symbol', '--root', '/', client, 'HTTPConnection.send'], { cwd: s.dir });
    assert.deepEqual(
      [send.code, send.stdout.split('\n').slice(0, 2)],
      [0, [`method send: lines 967-1005 of ${client.slice(1)}`, '967\t    def send(self, data):']],
    );
    // Of the file's two close methods, the one of the class named.
    const close = await skim(['symbol', '--root', '/', client, 'HTTPConnection.close', '--json'], { cwd: s.dir });
    assert.deepEqual(
      JSON.parse(close.stdout).found.map((r: { start: number }) => r.start),
      [953],
    );
    const none = await skim(['symbol', '--root', '/', client, 'HTTPMessage.send'], { cwd: s.dir });
    assert.equal(none.code, 1);
  });

  it('a reader that closes the pipe early (skim read BIG | head -2) ends the command quietly, as cat does: exit 141, nothing on stderr', async () => {
    // Prose is printed whole: 20,000 lines are far more than a pipe holds.
    const notes = s.write('notes.txt', Array.from({ length: 20_000 }, (_, i) => `line ${i + 1} of the notes`).join('\n'));
    const child = spawn(process.execPath, [CLI, 'read', notes], { cwd: s.dir, env: { PATH: process.env.PATH, SKIM_CACHE_DIR: path.join(s.dir, '.cache') } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.deepEqual([code, stderr], [141, '']);
  });

  it('exits 2 with usage on a usage error', async () => {
    for (const args of [['frobnicate'], ['read'], ['read', 'big.ts', '--offset', '0'], ['read', 'big.ts', '--bogus'], ['at', 'big.ts', 'x'], []]) {
      const r = await skim(args, { cwd: s.dir });
      assert.equal(r.code, 2, args.join(' '));
    }
    const r = await skim(['map', 'big.ts'], { cwd: s.dir, env: { SKIM_MODEL_URL: 'http://127.0.0.1:9/v1' } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^SKIM_MODEL_URL is set but SKIM_MODEL_NAME is not/);
  });

  it('exits 1 with one line on stderr for a missing file, a folder or a binary', async () => {
    mkdirSync(path.join(s.dir, 'folder.ts'));
    s.write('blob.ts', Buffer.from([1, 2, 0, 3]));
    for (const [args, message] of [
      [['read', 'missing.ts'], 'missing.ts does not exist'],
      [['map', 'missing.ts'], 'missing.ts does not exist'],
      [['read', 'folder.ts'], 'folder.ts is a folder, not a file'],
      [['read', 'blob.ts'], 'blob.ts is a binary file: Skim reads text files only'],
      [['map', 'blob.ts'], 'no map for blob.ts: it is a binary file'],
    ] as const) {
      const r = await skim([...args], { cwd: s.dir });
      assert.deepEqual([r.code, r.stderr, r.stdout], [1, message, ''], args.join(' '));
    }
  });

  it('reads as asked and tells the user when an oversized file cannot be mapped', async () => {
    s.write('big.cob', 'x = 1\n'.repeat(300));
    const r = await skim(['read', 'big.cob'], { cwd: s.dir });
    assert.equal(r.code, 0);
    assert.equal(r.stdout.split('\n').filter((l) => /^\d+\t/.test(l)).length, 300);
    assert.match(r.stderr, /^no map for big\.cob: Skim has no tree-sitter grammar .*; the read was not shortened$/);
  });

  it('keeps one cache per project root under the cache folder, and survives a corrupt one', async () => {
    await skim(['map', 'big.ts'], { cwd: s.dir });
    const [db] = readdirSync(path.join(s.dir, '.cache')).filter((f) => f.endsWith('.sqlite'));
    assert.match(db, /^skim-test-\w+-[0-9a-f]{16}\.sqlite$/);
    writeFileSync(path.join(s.dir, '.cache', db), 'garbage'.repeat(1000));
    const r = await skim(['read', 'big.ts', '--json'], { cwd: s.dir });
    assert.equal(r.code, 0);
    assert.equal(JSON.parse(r.stdout).capped, true);
    assert.match(r.stderr, /could not be read .* set aside as .* and a new one started/);
  });

  it('reports an internal error with its whole stack, so that it can be reported', async () => {
    const err: string[] = [];
    const io = {
      out: () => {
        throw new Error('stdout is gone');
      },
      warn: (t: string) => err.push(t),
      stdin: async () => '',
    };
    const code = await main(['read', 'big.ts'], io, { SKIM_CACHE_DIR: path.join(s.dir, '.cache') }, s.dir);
    assert.equal(code, 1);
    assert.match(err.join('\n'), /^internal error \(please report it with what follows\): Error: stdout is gone\n\s+at /);
  });

  it('takes the project root from the nearest .git, else the current folder', () => {
    mkdirSync(path.join(s.dir, 'src', 'deep'), { recursive: true });
    assert.equal(defaultRoot(path.join(s.dir, 'src', 'deep')), s.dir);
  });

  it('never takes for the project a .git another user owns, as one planted in a shared folder such as /tmp', () => {
    // s.dir stands for the shared folder: another user (uid 65534) made the .git in it.
    chownSync(path.join(s.dir, '.git'), 65534, 65534);
    const work = path.join(s.dir, 'work', 'src');
    mkdirSync(work, { recursive: true });
    assert.equal(defaultRoot(work), work);
    // This user's own repository below it is still its project; a link of this user's to the other user's .git is not.
    mkdirSync(path.join(s.dir, 'work', '.git'));
    assert.equal(defaultRoot(work), path.join(s.dir, 'work'));
    rmSync(path.join(s.dir, 'work', '.git'), { recursive: true });
    symlinkSync(path.join(s.dir, '.git'), path.join(s.dir, 'work', '.git'));
    assert.equal(defaultRoot(work), work);
  });

  it('runs as a real process: the bundled binary prints the guarded read and exits 0', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'read', 'big.ts', '--json', '--cache-dir', path.join(s.dir, '.c')], { cwd: s.dir });
    assert.deepEqual([JSON.parse(stdout).end, JSON.parse(stdout).total], [200, 900]);
    await assert.rejects(
      promisify(execFile)(process.execPath, [CLI, 'read', 'nope.ts'], { cwd: s.dir }),
      (e: { code: number; stderr: string }) => e.code === 1 && e.stderr === 'skim: nope.ts does not exist\n',
    );
  });
});

describe('skim search -- PATTERN', () => {
  let s: ReturnType<typeof scratch>;
  let bin: ReturnType<typeof scratch>;
  let marker: string;
  beforeEach(() => {
    s = scratch();
    execFileSync('git', ['init', '-q', s.dir]);
    s.write('grep.sh', '#!/bin/sh\n# Search through a preprocessor:\nrg --pre=x "$1" .\n');
    // Were --pre=x ever read as ripgrep's option, ripgrep would run the program x on every file: this one leaves a mark.
    bin = scratch();
    marker = path.join(bin.dir, 'ran');
    writeFileSync(path.join(bin.dir, 'x'), `#!/bin/sh\ntouch ${marker}\ncat "$1"\n`, { mode: 0o755 });
  });
  afterEach(() => {
    s.cleanup();
    bin.cleanup();
  });

  it('searches for the text --pre=x, with ripgrep and with git grep, and never hands it to either as an option', async () => {
    const gitOnly = path.join(bin.dir, 'git-only');
    mkdirSync(gitOnly);
    symlinkSync(onPath('git') as string, path.join(gitOnly, 'git'));
    for (const PATH of [`${bin.dir}:${process.env.PATH}`, `${bin.dir}:${gitOnly}`]) {
      const r = await skim(['search', '--', '--pre=x'], { cwd: s.dir, env: { PATH } });
      assert.deepEqual([r.code, r.stderr, r.stdout], [0, '', '1 match for /--pre=x/ in the project, in 1 file.\n\ngrep.sh\n  3\trg --pre=x "$1" .'], PATH);
    }
    const literal = await skim(['search', '--literal', '--', '-e'], { cwd: s.dir, env: { PATH: `${bin.dir}:${process.env.PATH}` } });
    assert.deepEqual([literal.code, literal.stdout], [0, 'No match for "-e" in the project.']);
    assert.equal(existsSync(marker), false);
  });

  it('reads every argument after -- as a positional, and the flags before it as flags', () => {
    assert.deepEqual(parseArgs(['--max', '3', '--', '--pre=x', '--json']), { positionals: ['--pre=x', '--json'], flags: new Map([['max', '3']]) });
  });
});
