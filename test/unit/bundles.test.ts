import * as assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

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
  it('dist/cli-main.js, where every hook call starts, carries no package, no SQLite, tree-sitter, search or tool, in under 160 KB', () => {
    const b = bundle('cli-main');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, sharedAnd('core/config', 'core/gate', 'core/guard', 'core/hook', 'core/shell', 'core/time'));
    assert.deepEqual(b.requires, []);
    assert.ok(b.bytes < 160 * 1024, `${b.bytes} bytes`);
  });

  it('dist/hook-fresh.js, a read over the limit with a fresh entry file, carries no package, no SQLite, tree-sitter or team cache, and requires only secretlint beside it, in under 80 KB', () => {
    const b = bundle('hook-fresh');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, sharedAnd('core', 'core/guard', 'core/hook', 'core/structural'));
    assert.deepEqual(b.requires, ['./secretlint.js']);
    assert.ok(b.bytes < 80 * 1024, `${b.bytes} bytes`);
  });

  it('dist/shell-read.js, what a guarded shell read runs, carries no package, no SQLite, tree-sitter or tool, and requires nothing beside it, in under 90 KB', () => {
    const b = bundle('shell-read');
    assert.deepEqual(b.packages, []);
    assert.deepEqual(b.folders, [
      'cli',
      'core/cache',
      'core/config',
      'core/files',
      'core/guard',
      'core/hook',
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
    assert.deepEqual(b.folders, sharedAnd('core', 'core/search', 'core/structural', 'core/time'));
    assert.deepEqual(b.requires, ['pg-native']);
    assert.ok(b.bytes < 480 * 1024, `${b.bytes} bytes`);
  });
});
