import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { codeCacheFolder } from '../../src/cli/codeCache';
import { scratch } from '../support/files';

describe("the bundles' code cache", () => {
  let s: ReturnType<typeof scratch>;
  let cache: string;
  beforeEach(() => {
    s = scratch();
    cache = path.join(s.dir, 'cache');
    mkdirSync(cache, { mode: 0o700 });
  });
  afterEach(() => s.cleanup());

  /** A bundle as esbuild writes one: CommonJS, requiring Node's modules and files beside it by __dirname. */
  const bundle = (dir: string, answer: string) => {
    mkdirSync(path.join(s.dir, dir), { recursive: true });
    return s.write(
      `${dir}/bundle.js`,
      `#!/usr/bin/env node\n"use strict";\nconst path = require("node:path");\nmodule.exports = { answer: () => ${JSON.stringify(answer)}, here: path.basename(__dirname), file: path.basename(__filename) };\n`,
    );
  };
  const caches = () => readdirSync(cache).sort();
  const CODE_CACHE = path.resolve(__dirname, '../../src/cli/codeCache.js');
  /** Loads `file` as a process of its own would (V8 keeps scripts it compiled for the rest of a process): what it did with the cache, and the bundle's answers. */
  const loadBundle = (file: string, dir: string) => {
    const script = `const { cache, exports } = require(${JSON.stringify(CODE_CACHE)}).loadBundle(${JSON.stringify(file)}, ${JSON.stringify(dir)}); console.log(JSON.stringify({ cache, exports: { answer: exports.answer(), here: exports.here, file: exports.file } }));`;
    return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 })) as {
      cache: string;
      exports: { answer: string; here: string; file: string };
    };
  };

  it('a bundle loaded a second time runs from the cache its first load wrote, with its own __dirname and __filename', () => {
    const file = bundle('dist', 'first');
    const first = loadBundle(file, cache);
    assert.equal(first.cache, 'written');
    assert.equal(caches().length, 1);
    const second = loadBundle(file, cache);
    assert.equal(second.cache, 'used');
    assert.deepEqual(second.exports, { answer: 'first', here: 'dist', file: 'bundle.js' });
  });

  it('a rebuilt bundle of the same length and modification time runs its new code, and its cache replaces the old one', () => {
    const file = bundle('dist', 'first');
    loadBundle(file, cache);
    const before = caches();
    const { mtime } = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('first', 'newer'));
    utimesSync(file, mtime, mtime);
    const rebuilt = loadBundle(file, cache);
    assert.deepEqual([rebuilt.cache, rebuilt.exports.answer], ['written', 'newer']);
    assert.equal(caches().length, 1);
    assert.notDeepEqual(caches(), before);
  });

  it('two installed copies of a bundle keep a cache each', () => {
    loadBundle(bundle('one/dist', 'one'), cache);
    loadBundle(bundle('two/dist', 'two'), cache);
    assert.equal(caches().length, 2);
    assert.equal(loadBundle(path.join(s.dir, 'one/dist/bundle.js'), cache).cache, 'used');
    assert.equal(loadBundle(path.join(s.dir, 'two/dist/bundle.js'), cache).cache, 'used');
  });

  it('a cache no process has used for 30 days is removed when another is written; one read a day ago stays', () => {
    const old = s.write('cache/engine.js-1-2-3-4-5-6-v18.0.0-x64.v8', 'from a copy of Skim long removed');
    const recent = s.write('cache/engine.js-1-2-3-4-5-6-v20.0.0-x64.v8', 'read yesterday');
    const month = new Date(Date.now() - 31 * 24 * 3600_000);
    utimesSync(old, month, month);
    utimesSync(recent, new Date(Date.now() - 24 * 3600_000), month);
    loadBundle(bundle('dist', 'first'), cache);
    assert.deepEqual(
      caches().filter((name) => name.startsWith('engine.js-')),
      [path.basename(recent)],
    );
  });

  it('a cache held by a process that was killed (`.in-use-<pid>` of no running process) is removed when another is written; one a running process holds stays', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    const orphan = s.write(`cache/engine.js-1-2-3-4-5-6-v20.0.0-x64.v8.in-use-${dead}`, 'held by a process killed by timeout');
    const held = s.write(`cache/engine.js-1-2-3-4-5-6-v20.0.0-x64.v8.in-use-${process.pid}`, 'held by this process');
    loadBundle(bundle('dist', 'first'), cache);
    assert.ok(!existsSync(orphan));
    assert.ok(existsSync(held));
  });

  it('garbage, an empty file or a FIFO where the cache should be is passed over and replaced, never waited on', () => {
    const file = bundle('dist', 'first');
    loadBundle(file, cache);
    const [name] = caches();
    const place = path.join(cache, name);
    for (const plant of [() => writeFileSync(place, 'not V8 code at all'), () => writeFileSync(place, ''), () => execFileSync('mkfifo', [place])]) {
      execFileSync('rm', ['-f', place]);
      plant();
      const loaded = loadBundle(file, cache);
      assert.deepEqual([loaded.cache, loaded.exports.answer], ['written', 'first']);
      assert.equal(loadBundle(file, cache).cache, 'used');
    }
  });

  it('a cache damaged on disk (bits flipped in the body, or zeros where a power loss left them) is not run: the bundle compiles from source and the cache is written again', () => {
    // A bundle with enough compiled code that V8's data has a body: V8 checks its header only.
    mkdirSync(path.join(s.dir, 'dist'));
    const file = s.write(
      'dist/bundle.js',
      `module.exports = { answer: () => ${JSON.stringify('first')}, here: 'dist', file: 'bundle.js', more: [${Array.from({ length: 200 }, (_, i) => `() => ${i} * 2`).join(', ')}].map((f) => f()) };\n`,
    );
    loadBundle(file, cache);
    const place = path.join(cache, caches()[0]);
    const good = readFileSync(place);
    const flipped = Buffer.from(good);
    for (const at of [0.5, 0.7, 0.9]) flipped[Math.floor(good.length * at)] ^= 0x10;
    const zeroed = Buffer.from(good);
    zeroed.fill(0, Math.floor(good.length / 2));
    for (const damaged of [flipped, zeroed]) {
      writeFileSync(place, damaged);
      const loaded = loadBundle(file, cache);
      assert.deepEqual([loaded.cache, loaded.exports.answer], ['written', 'first']);
      assert.equal(loadBundle(file, cache).cache, 'used');
    }
  });

  it('a cache whose process dies while running its code (a crash, a kill) is not used by the next: that one compiles from source and writes it anew', () => {
    const file = bundle('dist', 'first');
    loadBundle(file, cache);
    assert.equal(loadBundle(file, cache).cache, 'used');
    const crash = `require(${JSON.stringify(CODE_CACHE)}).loadBundle(${JSON.stringify(file)}, ${JSON.stringify(cache)}); process.kill(process.pid, 'SIGKILL');`;
    assert.throws(() => execFileSync(process.execPath, ['-e', crash], { stdio: 'ignore' }), /SIGKILL/);
    const after = loadBundle(file, cache);
    assert.deepEqual([after.cache, after.exports.answer], ['written', 'first']);
    assert.equal(loadBundle(file, cache).cache, 'used');
  });

  it('keeps no cache under a folder other users may change, nor where XDG_CACHE_HOME is relative', () => {
    const env = { XDG_CACHE_HOME: path.join(s.dir, 'xdg') };
    mkdirSync(path.join(s.dir, 'xdg/skim'), { recursive: true });
    chmodSync(path.join(s.dir, 'xdg/skim'), 0o777);
    assert.equal(codeCacheFolder(env), undefined);
    // The sticky bit, as on /tmp: others may add names there, not rename or remove this user's.
    chmodSync(path.join(s.dir, 'xdg/skim'), 0o1777);
    assert.equal(codeCacheFolder(env), path.join(s.dir, 'xdg/skim/code'));
    assert.equal(codeCacheFolder({ HOME: path.join(s.dir, 'home'), XDG_CACHE_HOME: 'relative' }), path.join(s.dir, 'home/.cache/skim/code'));
  });

  it('keeps no cache in a folder other users can enter or that is a link', () => {
    const env = { XDG_CACHE_HOME: path.join(s.dir, 'xdg') };
    assert.equal(codeCacheFolder(env), path.join(s.dir, 'xdg/skim/code'));
    assert.equal(statSync(path.join(s.dir, 'xdg/skim/code')).mode & 0o777, 0o700);
    chmodSync(path.join(s.dir, 'xdg/skim/code'), 0o777);
    assert.equal(codeCacheFolder(env), undefined);
    execFileSync('rm', ['-rf', path.join(s.dir, 'xdg/skim/code')]);
    execFileSync('ln', ['-s', cache, path.join(s.dir, 'xdg/skim/code')]);
    assert.equal(codeCacheFolder(env), undefined);
  });

  it('code compiled after the hook sets its V8 flag is cached apart, and both caches are used the next time', () => {
    const first = bundle('dist', 'first');
    const second = bundle('lib', 'second');
    const script = `const c = require(${JSON.stringify(CODE_CACHE)}); const a = c.loadBundle(${JSON.stringify(first)}, ${JSON.stringify(cache)}).cache; c.useV8Flags('--liftoff-only'); const b = c.loadBundle(${JSON.stringify(second)}, ${JSON.stringify(cache)}).cache; console.log(a, b);`;
    assert.equal(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }), 'written written\n');
    assert.equal(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }), 'used used\n');
    const lib = statSync(path.join(s.dir, 'lib'));
    assert.equal(caches().length, 2);
    assert.deepEqual(
      caches()
        .filter((name) => name.endsWith('-_liftoff_only.v8'))
        .map((name) => name.startsWith(`bundle.js-${lib.dev}-${lib.ino}-`)),
      [true],
    );
  });
});
