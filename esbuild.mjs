// Bundles the extension and the `skim` command, and stores the WebAssembly and tables they load at run time.
import * as esbuild from 'esbuild';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

const watch = process.argv.includes('--watch');

// Every grammar the language table names, and each language's outline query; tree-sitter's own JavaScript is
// loaded from a file (not bundled) so that a runtime whose WebAssembly failed can be replaced by a fresh copy.
const languages = JSON.parse(readFileSync('src/core/structural/languages.json', 'utf8'));
const grammars = languages.map((l) => [l.package ?? 'tree-sitter-wasms/out', l.wasm]);
// SQLite and tree-sitter's runtime, which every hook process loads, as they are: brotli would save 60 KB of the .vsix and cost
// each hook process about 5 ms to decompress them.
const runtimes = [
  ['sql.js/dist', 'sql-wasm.wasm'],
  ['web-tree-sitter', 'tree-sitter.wasm'],
  ['web-tree-sitter', 'tree-sitter.cjs'],
];
mkdirSync('dist/wasm', { recursive: true });
// Whatever an older build left there that this one does not write (a grammar as .wasm beside its .br) would be packaged.
const stored = new Set([...grammars.map(([, file]) => `${file}.br`), ...runtimes.map(([, file]) => file)]);
for (const file of readdirSync('dist/wasm')) if (!stored.has(file)) rmSync(path.join('dist/wasm', file));
for (const [pkg, file] of runtimes) copyFileSync(path.join('node_modules', pkg, file), path.join('dist/wasm', file));
mkdirSync('dist/queries', { recursive: true });
for (const file of readdirSync('src/core/structural/queries')) copyFileSync(path.join('src/core/structural/queries', file), path.join('dist/queries', file));

// The grammars (src/core/assets.ts) and gpt-tokenizer's o200k tables (src/core/tokenizerBundle.ts) are stored
// brotli-compressed and decompressed in memory when loaded: the .vsix deflates a grammar to about a tenth, brotli at
// its best with a 16 MB window to about a sixteenth (the 23 grammars 3.97 MB deflated, 2.46 MB so). That best
// takes minutes on two cores, so a file is compressed again only when its bytes changed: the digest of what each .br
// was made from is kept in dist/meta/compressed.json.
const brotli = promisify(zlib.brotliCompress);
const BROTLI = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24 };
const madeFrom = path.join('dist/meta', 'compressed.json');
mkdirSync('dist/meta', { recursive: true });
const made = existsSync(madeFrom) ? JSON.parse(readFileSync(madeFrom, 'utf8')) : {};
async function compress(bytes, out) {
  const digest = createHash('sha256').update(JSON.stringify(BROTLI)).update(bytes).digest('hex');
  if (made[out] === digest && existsSync(out)) return;
  writeFileSync(out, await brotli(bytes, { params: { ...BROTLI, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  made[out] = digest;
}
// The tables as gpt-tokenizer's own module builds them, written as JSON (it parses faster than the same array as JavaScript).
const require = (await import('node:module')).createRequire(import.meta.url);
const o200k = Buffer.from(JSON.stringify(require('gpt-tokenizer/cjs/bpeRanks/o200k_base').default));
const compressing = Promise.all([
  ...grammars.map(([pkg, file]) => compress(readFileSync(path.join('node_modules', pkg, file)), path.join('dist/wasm', `${file}.br`))),
  compress(o200k, 'dist/o200k_base.json.br'),
]).then(() => writeFileSync(madeFrom, JSON.stringify(made, null, 1)));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // What `npm run build` writes is what the tests run and the .vsix ships: minified, every window loads less. Function and
  // class names are kept, so that a stack trace (the one `skim` prints on an internal error, or the extension host's log)
  // still names Skim's functions; its line and column map back to the sources through the .map files written beside each
  // bundle (not shipped: `node --enable-source-maps` reads them from a build of the same commit). --watch stays readable.
  minify: !watch,
  keepNames: true,
  sourcemap: true,
  // Non-ASCII text (the tokenizer's tables, the screen's patterns) as itself, not as \u escapes that double its size.
  charset: 'utf8',
  logLevel: 'warning',
  external: ['vscode'],
  // jsonc-parser's CommonJS entry is a UMD wrapper whose inner requires esbuild cannot follow; its ES module build bundles.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

// Two parts are bundles of their own, each loaded only when first needed: secretlint's rules (dist/secretlint.js) when the
// screen's prefilter finds a candidate, gpt-tokenizer's o200k tables (dist/tokenizer.js) at the first token count. Every other
// bundle requires them from beside itself instead of carrying (and parsing) them.
const apart = {
  name: 'apart',
  setup(build) {
    build.onResolve({ filter: /\/secretlintBundle$/ }, () => ({ path: './secretlint.js', external: true }));
    build.onResolve({ filter: /\/tokenizerBundle$/ }, () => ({ path: './tokenizer.js', external: true }));
  },
};

// dist/tokenizer.js reads the o200k tables from dist/o200k_base.json.br; their JavaScript module is only its way from source.
const ranksApart = {
  name: 'ranks-apart',
  setup(build) {
    build.onResolve({ filter: /\/bpeRanks\/o200k_base$/ }, (args) => ({ path: args.path, external: true }));
  },
};

const builds = [
  // dist/cli.js only loads dist/cli-main.js through V8's code cache; that is small on purpose (the hook starts there on every
  // read) and loads dist/engine.js for everything else.
  { ...common, entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...common, entryPoints: ['src/cli/cliMain.ts'], outfile: 'dist/cli-main.js' },
  { ...common, entryPoints: ['src/cli/engine.ts'], outfile: 'dist/engine.js', plugins: [apart] },
  { ...common, entryPoints: ['src/cli/hookMaps.ts'], outfile: 'dist/hook-maps.js', plugins: [apart] },
  { ...common, entryPoints: ['src/cli/hookFresh.ts'], outfile: 'dist/hook-fresh.js', plugins: [apart] },
  // The session ledger's part of a hook: context events and a read's result once it ran.
  { ...common, entryPoints: ['src/cli/hookLedger.ts'], outfile: 'dist/hook-ledger.js', plugins: [apart] },
  // `skim lines`, what a guarded shell read runs: dispatched by dist/cli-main.js, loading the two above as the hook does.
  { ...common, entryPoints: ['src/cli/shellRead.ts'], outfile: 'dist/shell-read.js' },
  // A written tree query runs in a worker thread of its own (src/core/syntax/worker.ts).
  { ...common, entryPoints: ['src/core/syntax/queryWorker.ts'], outfile: 'dist/query-worker.js' },
  // In the extension host, structural maps are made in a worker thread of their own (src/core/structural/outlineWorker.ts).
  { ...common, entryPoints: ['src/core/workers/outlineWorkerMain.ts'], outfile: 'dist/outline-worker.js' },
  // In skim mcp and the extension host, a project history's index is made in a worker thread of its own (src/core/locate/historyIndex.ts).
  { ...common, entryPoints: ['src/core/locate/indexWorker.ts'], outfile: 'dist/history-index-worker.js' },
  { ...common, entryPoints: ['src/vscode/main.ts'], outfile: 'dist/extension.js', jsxFactory: 'vscpp', jsxFragment: 'vscppf', plugins: [apart] },
  { ...common, entryPoints: ['src/core/screen/secretlintBundle.ts'], outfile: 'dist/secretlint.js' },
  { ...common, entryPoints: ['src/core/tokenizerBundle.ts'], outfile: 'dist/tokenizer.js', plugins: [ranksApart] },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  // Each bundle's metafile (what went into it, what it requires) beside it in dist/meta/: test/unit/bundles.test.ts reads them.
  await Promise.all(
    builds.map(async (options) => {
      const { metafile } = await esbuild.build({ ...options, metafile: true });
      writeFileSync(path.join('dist/meta', `${path.basename(options.outfile, '.js')}.json`), JSON.stringify(metafile));
    }),
  );
}
await compressing;
