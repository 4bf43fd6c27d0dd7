// Bundles the extension and the `skim` command, and copies the WebAssembly they load at run time.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const watch = process.argv.includes('--watch');

// Every grammar the language table names, and each language's outline query; tree-sitter's own JavaScript is
// loaded from a file (not bundled) so that a runtime whose WebAssembly failed can be replaced by a fresh copy.
const languages = JSON.parse(readFileSync('src/core/structural/languages.json', 'utf8'));
const wasm = [
  ['sql.js/dist', 'sql-wasm.wasm'],
  ['web-tree-sitter', 'tree-sitter.wasm'],
  ['web-tree-sitter', 'tree-sitter.cjs'],
  ...languages.map((l) => [l.package ?? 'tree-sitter-wasms/out', l.wasm]),
];
mkdirSync('dist/wasm', { recursive: true });
for (const [pkg, file] of wasm) copyFileSync(path.join('node_modules', pkg, file), path.join('dist/wasm', file));
mkdirSync('dist/queries', { recursive: true });
for (const file of readdirSync('src/core/structural/queries')) copyFileSync(path.join('src/core/structural/queries', file), path.join('dist/queries', file));

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
  // Non-ASCII text (the screen's patterns) as itself, not as \u escapes that double its size.
  charset: 'utf8',
  logLevel: 'warning',
  external: ['vscode'],
  // jsonc-parser's CommonJS entry is a UMD wrapper whose inner requires esbuild cannot follow; its ES module build bundles.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

// secretlint's rules are a bundle of their own (dist/secretlint.js), loaded only when the screen's prefilter finds a candidate:
// every other bundle requires it from beside itself instead of carrying (and parsing) it.
const secretlintApart = {
  name: 'secretlint-apart',
  setup(build) {
    build.onResolve({ filter: /\/secretlintBundle$/ }, () => ({ path: './secretlint.js', external: true }));
  },
};

const builds = [
  // dist/cli.js only loads dist/cli-main.js through V8's code cache; that is small on purpose (the hook starts there on every
  // read) and loads dist/engine.js for everything else.
  { ...common, entryPoints: ['src/cli/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...common, entryPoints: ['src/cli/cliMain.ts'], outfile: 'dist/cli-main.js' },
  { ...common, entryPoints: ['src/cli/engine.ts'], outfile: 'dist/engine.js', plugins: [secretlintApart] },
  { ...common, entryPoints: ['src/cli/hookMaps.ts'], outfile: 'dist/hook-maps.js', plugins: [secretlintApart] },
  { ...common, entryPoints: ['src/cli/hookFresh.ts'], outfile: 'dist/hook-fresh.js', plugins: [secretlintApart] },
  // `skim lines`, what a guarded shell read runs: dispatched by dist/cli-main.js, loading the two above as the hook does.
  { ...common, entryPoints: ['src/cli/shellRead.ts'], outfile: 'dist/shell-read.js' },
  // A written tree query runs in a worker thread of its own (src/core/syntax/worker.ts).
  { ...common, entryPoints: ['src/core/syntax/queryWorker.ts'], outfile: 'dist/query-worker.js' },
  // In the extension host, structural maps are made in a worker thread of their own (src/core/structural/outlineWorker.ts).
  { ...common, entryPoints: ['src/core/workers/outlineWorkerMain.ts'], outfile: 'dist/outline-worker.js' },
  { ...common, entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', jsxFactory: 'vscpp', jsxFragment: 'vscppf', plugins: [secretlintApart] },
  { ...common, entryPoints: ['src/core/screen/secretlintBundle.ts'], outfile: 'dist/secretlint.js' },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  // Each bundle's metafile (what went into it, what it requires) beside it in dist/meta/: test/unit/bundles.test.ts reads them.
  mkdirSync('dist/meta', { recursive: true });
  await Promise.all(
    builds.map(async (options) => {
      const { metafile } = await esbuild.build({ ...options, metafile: true });
      writeFileSync(path.join('dist/meta', `${path.basename(options.outfile, '.js')}.json`), JSON.stringify(metafile));
    }),
  );
}
