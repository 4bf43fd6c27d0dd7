import { DIGESTS_WASM } from './digestsBinary';

/**
 * The WebAssembly module of digests.wat, compiled once per process (about a millisecond): SHA-256's
 * compression and a checksum, for processes that must not wait for node:crypto to load.
 */
export interface DigestModule {
  /** The module's memory: the input goes at INPUT, at most INPUT_BYTES at a time. */
  memory: { buffer: ArrayBuffer };
  /** SHA-256: folds `blocks` 64-byte blocks at `at` into the state at STATE. */
  compress(at: number, blocks: number): void;
  /** Folds `words` 8-byte words at `at` into the checksum `h`. */
  checksum(at: number, words: number, h: bigint): bigint;
}

export const STATE = 256;
export const INPUT = 1024;
export const INPUT_BYTES = 2 * 65536 - INPUT;

/** The part of WebAssembly's JavaScript interface used here (Node's types leave it out). */
interface WasmRuntime {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

/** Where the process keeps the module: on the global object, so that every bundle loaded into it (each has its own copy of this file) compiles it once between them. */
const SHARED = Symbol.for('skim.digests.wasm');
const shared = globalThis as { [SHARED]?: DigestModule | null };

/** The module, or null where this runtime has no WebAssembly (`node --jitless`). */
export function digestModule(): DigestModule | null {
  if (shared[SHARED] === undefined) {
    const runtime = (globalThis as { WebAssembly?: WasmRuntime }).WebAssembly;
    try {
      shared[SHARED] = runtime ? (new runtime.Instance(new runtime.Module(Buffer.from(DIGESTS_WASM, 'base64'))).exports as DigestModule) : null;
    } catch {
      shared[SHARED] = null;
    }
  }
  return shared[SHARED];
}
