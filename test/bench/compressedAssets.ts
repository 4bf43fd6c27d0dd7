/**
 * What storing the grammars and the tokenizer's tables brotli-compressed (esbuild.mjs) costs when
 * they load: per grammar, reading and decompressing dist/wasm/FILE.br against reading the npm
 * package's .wasm (Language.load's own work, compiling the module, is the same for both); and the
 * first token count of a fresh process through dist/tokenizer.js (tables from JSON.br) against
 * gpt-tokenizer's own module (tables as a JavaScript array).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import languages from '../../src/core/structural/languages.json';

type Record = (measure: string, value: number, unit: string) => void;

const ROOT = path.resolve(__dirname, '../../..');
const DIST = path.join(ROOT, 'dist');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeMs(work: () => void, rounds: number): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

export function measureCompressedAssets(record: Record, quick: boolean): void {
  const rounds = quick ? 3 : 9;
  const packageOf = new Map<string, string>(languages.map((l) => [l.wasm, l.package ?? 'tree-sitter-wasms/out']));
  const grammars: { file: string; ms: number; bytes: number }[] = [];
  for (const stored of readdirSync(path.join(DIST, 'wasm')).filter((f) => f.endsWith('.wasm.br'))) {
    const file = stored.slice(0, -'.br'.length);
    const raw = path.join(ROOT, 'node_modules', packageOf.get(file) as string, file);
    const compressed = timeMs(() => brotliDecompressSync(readFileSync(path.join(DIST, 'wasm', stored))), rounds);
    const plain = timeMs(() => readFileSync(raw), rounds);
    grammars.push({ file, ms: compressed - plain, bytes: readFileSync(raw).length });
  }
  record(`a grammar's load, added by decompressing its .wasm.br (median of ${grammars.length})`, median(grammars.map((a) => a.ms)), 'ms');
  const largest = grammars.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  record(`  the largest grammar (${largest.file}, ${(largest.bytes / 1048576).toFixed(1)} MB)`, largest.ms, 'ms');

  const firstCount = (module: string) =>
    timeMs(() => execFileSync(process.execPath, ['-e', `require(${JSON.stringify(module)}).encode('a first count')`], { cwd: ROOT }), rounds);
  record("a process's first token count: dist/tokenizer.js, tables from o200k_base.json.br", firstCount(path.join(DIST, 'tokenizer.js')), 'ms');
  record("  the same with gpt-tokenizer's own module (tables as JavaScript)", firstCount('gpt-tokenizer'), 'ms');
}
