import { existsSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Finds a WebAssembly file Skim ships: beside the bundle (dist/wasm, where esbuild copies them)
 * or, when running from source, in the npm package that provides it.
 */
export function wasmFile(pkg: string, file: string): string {
  const bundled = path.join(__dirname, 'wasm', file);
  if (existsSync(bundled)) return bundled;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg, file);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Skim is missing ${file} (from the npm package ${pkg}); reinstall Skim.`);
}
