import { digestModule, INPUT, INPUT_BYTES } from './digestModule';

/**
 * A 64-bit checksum of `bytes` as 16 hex digits, from the WebAssembly module (a few microseconds per
 * 100 kB, where SHA-256 in the module costs milliseconds and node:crypto its load): for telling a
 * file Skim wrote from one damaged since (a power loss, a bad disk). Not a cryptographic hash: it is
 * no defence against anyone who can write the file. Undefined where this runtime has no WebAssembly.
 */
export function checksum(bytes: Uint8Array): string | undefined {
  const module = digestModule();
  if (!module) return undefined;
  const memory = new Uint8Array(module.memory.buffer);
  let h = BigInt(bytes.length);
  for (let at = 0; at < bytes.length; at += INPUT_BYTES) {
    const part = bytes.subarray(at, at + INPUT_BYTES);
    const words = Math.ceil(part.length / 8);
    memory.set(part, INPUT);
    memory.fill(0, INPUT + part.length, INPUT + words * 8);
    h = module.checksum(INPUT, words, h);
  }
  return BigInt.asUintN(64, h).toString(16).padStart(16, '0');
}
