import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { encode } from 'gpt-tokenizer';
import languages from '../../src/core/structural/languages.json';

const DIST = path.resolve(__dirname, '../../../dist');

/** What esbuild's metafile (written by esbuild.mjs to dist/meta/) says of a bundle: its inputs, and what it requires at run time. */
interface Meta {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

function bundle(name: string): { packages: string[]; folders: string[]; requires: string[]; bytes: number } {
  const meta = JSON.parse(readFileSync(path.join(DIST, 'meta', `${name}.json`), 'utf8')) as Meta;
  const inputs = Object.keys(meta.inputs);
  const packages = inputs.flatMap((input) => {
    const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    return match ? [match[1]] : [];
  });
  // The folder of src/core (or src/cli) each module is in: `core/cache`, `cli`.
  const folders = inputs.flatMap((input) => {
    const match = /^src\/(core\/[^/]+(?=\/)|core|cli)/.exec(input);
    return match ? [match[1]] : [];
  });
  // Node's own modules aside (the team cache's client names them without `node:`).
  const requires = meta.outputs[`dist/${name}.js`].imports
    .filter((i) => i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path))
    .map((i) => i.path);
  const sorted = (list: string[]) => [...new Set(list)].sort();
  return { packages: sorted(packages), folders: sorted(folders), requires: sorted(requires), bytes: statSync(path.join(DIST, `${name}.js`)).size };
}

/** The folders every hook bundle carries: reading the entry, the files, the map, the model, the screen and the judge. */
const SHARED = ['cli', 'core/cache', 'core/files', 'core/judge', 'core/map', 'core/mapping', 'core/model', 'core/screen', 'core/summarizer'];
const sharedAnd = (...own: string[]) => [...SHARED, ...own].sort();

describe("the hook's small bundles", () => {
  // 168 KB: the hosts' records it carries say how each lets a hook replace a result (the session ledger's part, about 4 KB).
  it('dist/cli-main.js, where every hook call starts, carries no package, no SQLite, tree-sitter, search or tool, in under 168 KB', () => {
    const b = bundle('cli-main');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, sharedAnd('core/config', 'core/gate', 'core/guard', 'core/hook', 'core/shell', 'core/time'));
    assert.deepEqual(b.requires, []);
    assert.ok(b.bytes < 168 * 1024, `${b.bytes} bytes`);
  });

  it('dist/hook-fresh.js, a read over the limit with a fresh entry file, carries no package, no SQLite, tree-sitter or team cache, and requires only secretlint beside it, in under 80 KB', () => {
    const b = bundle('hook-fresh');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, sharedAnd('core', 'core/config', 'core/guard', 'core/hook', 'core/structural'));
    assert.deepEqual(b.requires, ['./secretlint.js']);
    assert.ok(b.bytes < 80 * 1024, `${b.bytes} bytes`);
  });

  it("dist/hook-ledger.js, the session ledger's part of a hook (context events, a read once it ran), carries no package, SQLite or tree-sitter (it loads a map as the hook does) and requires nothing beside it, in under 96 KB", () => {
    const b = bundle('hook-ledger');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, [
      'cli',
      'core/cache',
      'core/config',
      'core/files',
      'core/gate',
      'core/hook',
      'core/ledger',
      'core/map',
      'core/mapping',
      'core/screen',
      'core/shell',
      'core/time',
    ]);
    assert.deepEqual(b.requires, []);
    assert.ok(b.bytes < 96 * 1024, `${b.bytes} bytes`);
  });

  it('dist/shell-read.js, what a guarded shell read runs (with the session ledger a Codex read prints its note through), carries no package, no SQLite, tree-sitter or tool, and requires nothing beside it, in under 90 KB', () => {
    const b = bundle('shell-read');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, [
      'cli',
      'core/cache',
      'core/config',
      'core/files',
      'core/gate',
      'core/guard',
      'core/hook',
      'core/ledger',
      'core/map',
      'core/mapping',
      'core/screen',
      'core/shell',
      'core/time',
    ]);
    assert.deepEqual(b.requires, []);
    assert.ok(b.bytes < 90 * 1024, `${b.bytes} bytes`);
  });

  it("dist/hook-maps.js, a map made or looked up for a hook, carries SQLite and the team cache's client but no tool, overview, locate or secretlint, in under 480 KB", () => {
    const b = bundle('hook-maps');
    assert.deepEqual(b.packages, [
      'pg',
      'pg-cloudflare',
      'pg-connection-string',
      'pg-int8',
      'pg-pool',
      'pg-protocol',
      'pg-types',
      'pgpass',
      'postgres-array',
      'postgres-bytea',
      'postgres-date',
      'postgres-interval',
      'split2',
      'sql.js',
      'xtend',
    ]);
    assert.deepEqual(b.folders, sharedAnd('core', 'core/outlines', 'core/structural', 'core/time'));
    assert.deepEqual(b.requires, ['pg-native']);
    assert.ok(b.bytes < 480 * 1024, `${b.bytes} bytes`);
  });
});

describe('the bundles a window or a command loads', () => {
  it("dist/extension.js, what every VS Code window loads at startup, carries neither gpt-tokenizer's tables nor secretlint (each required from beside it at first use), in under 1.5 MB", () => {
    const b = bundle('extension');
    assert.ok(!b.packages.includes('gpt-tokenizer') && !b.packages.some((name) => name.startsWith('@secretlint')), b.packages.join(', '));
    assert.deepEqual(
      b.requires.filter((name) => name.startsWith('./')),
      ['./secretlint.js', './tokenizer.js'],
    );
    assert.ok(b.bytes < 1.5 * 1024 * 1024, `${b.bytes} bytes`);
  });

  it('dist/engine.js, what a skim command loads, requires the tokenizer from beside it rather than carrying its tables', () => {
    const b = bundle('engine');
    assert.ok(!b.packages.includes('gpt-tokenizer'), b.packages.join(', '));
    assert.ok(b.requires.includes('./tokenizer.js'), b.requires.join(', '));
  });

  it("dist/tokenizer.js carries gpt-tokenizer's encoder but not its o200k tables: it counts as the package does from the brotli-compressed tables beside it", () => {
    const b = bundle('tokenizer');
    assert.ok(b.bytes < 64 * 1024, `${b.bytes} bytes`);
    assert.ok(existsSync(path.join(DIST, 'o200k_base.json.br')));
    const text = readFileSync(path.resolve(DIST, '../node_modules/mocha/lib/runner.js'), 'utf8');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle itself, as savings.ts loads it
    const bundled = require(path.join(DIST, 'tokenizer.js')) as { encode(text: string): number[] };
    assert.deepEqual(bundled.encode(text), encode(text));
  });
});

describe('the WebAssembly the bundles load', () => {
  it('is stored in dist/wasm as one brotli-compressed .wasm.br per grammar the language table names, with SQLite and the tree-sitter runtime (loaded by every hook process) as they are', () => {
    const stored = readdirSync(path.join(DIST, 'wasm')).sort();
    const expected = [...languages.map((l) => `${l.wasm}.br`), 'sql-wasm.wasm', 'tree-sitter.cjs', 'tree-sitter.wasm'].sort();
    assert.deepEqual(stored, expected);
  });

  it("a grammar decompresses to its npm package's own bytes", () => {
    for (const [pkg, file] of [
      ['tree-sitter-bash', 'tree-sitter-bash.wasm'],
      ['tree-sitter-wasms/out', 'tree-sitter-ocaml.wasm'],
    ]) {
      const stored = brotliDecompressSync(readFileSync(path.join(DIST, 'wasm', `${file}.br`)));
      assert.ok(stored.equals(readFileSync(path.resolve(DIST, '../node_modules', pkg, file))), file);
    }
  });
});
