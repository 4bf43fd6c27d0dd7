import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';

const decompress = promisify(brotliDecompress);

/**
 * Finds a file Skim loads at run time from dist/wasm, where esbuild copies it beside the bundle,
 * or, when running from source, in the npm package that provides it.
 */
export function wasmFile(pkg: string, file: string): string {
  const bundled = path.join(__dirname, 'wasm', file);
  return existsSync(bundled) ? bundled : packageFile(pkg, file);
}

/**
 * The bytes of a WebAssembly module Skim ships. The build stores each grammar brotli-compressed beside
 * the bundle (dist/wasm/FILE.br: a third of its deflated size in the .vsix), decompressed here off the
 * main thread; SQLite and tree-sitter's runtime, which every hook process loads, stay as they are.
 */
export async function wasmBytes(pkg: string, file: string): Promise<Uint8Array<ArrayBuffer>> {
  const compressed = path.join(__dirname, 'wasm', `${file}.br`);
  if (existsSync(compressed)) return new Uint8Array(await decompress(await readFile(compressed)));
  return new Uint8Array(await readFile(wasmFile(pkg, file)));
}

function packageFile(pkg: string, file: string): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg, file);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Skim is missing ${file} (from the npm package ${pkg}); reinstall Skim.`);
}
