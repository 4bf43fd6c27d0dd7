/**
 * `npm run test:vscode`: the integration suites in a real VS Code, each in windows of its own:
 * the main suite against this checkout; the reload suite (a window, then the same profile
 * reopened: the cache must survive it); the multiroot suite (a workspace of two folders); the untrusted suite (Restricted Mode); the screenshot suite (what the editor surfaces show, read
 * from the page); and the main suite again against the packaged .vsix installed offline into a
 * fresh profile.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { packageVsix } from '../support/packageVsix';
import { ROOT } from './profile';

const STATE = path.join(ROOT, '.vscode-test');
const runner = path.join(__dirname, 'runner.js');

function window(args: string[]): void {
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [runner, ...args], { stdio: 'inherit' });
  console.log(`[vscode-test] ${args.join(' ')}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (status !== 0) process.exit(status ?? 2);
}

mkdirSync(STATE, { recursive: true });
window(['--suite', 'main', '--state', path.join(STATE, 'window')]);
window(['--suite', 'reload', '--state', path.join(STATE, 'reload')]);
window(['--suite', 'multiroot', '--state', path.join(STATE, 'multiroot')]);
window(['--suite', 'untrusted', '--state', path.join(STATE, 'untrusted')]);
window(['--suite', 'screenshot', '--state', path.join(STATE, 'screenshot'), '--pictures', path.join(STATE, 'pictures')]);
const vsix = path.join(STATE, 'skim.vsix');
packageVsix(vsix);
// The bar of issue 40: a .vsix of at most 5 MB (in MB as vsce counts them, 1024 * 1024 bytes). It was 7.12 MB; 4.6 MB with the
// WebAssembly and the tokenizer's tables stored brotli-compressed (esbuild.mjs) and the pictures as palette PNGs.
const MAX_VSIX_MB = 5;
const megabytes = statSync(vsix).size / 1024 / 1024;
console.log(`[vscode-test] ${path.basename(vsix)}: ${megabytes.toFixed(2)} MB`);
if (megabytes > MAX_VSIX_MB) {
  console.error(`[vscode-test] the packaged .vsix is ${megabytes.toFixed(2)} MB, over ${MAX_VSIX_MB} MB: see what grew with \`npx vsce ls\` and \`unzip -lv\``);
  process.exit(1);
}
window(['--suite', 'main', '--installed', vsix, '--state', path.join(STATE, 'installed')]);
