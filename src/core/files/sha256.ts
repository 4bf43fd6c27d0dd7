import type { Hash } from 'node:crypto';
import { DigestModule, digestModule, INPUT, INPUT_BYTES, STATE } from './digestModule';

/**
 * SHA-256 as lowercase hex: the one hash Skim keys files, stamps, folders and answers by.
 * Loading node:crypto costs a process 6–10 ms (it brings Node's streams with it): more than
 * everything else a hook that lets a read through does. So a process's first hashes, while they
 * are small, are made by a WebAssembly module of under a kilobyte (digests.wat), ready in about a
 * millisecond; node:crypto (OpenSSL, some ten times faster per byte) is loaded once an input is
 * larger than WASM_INPUT_MAX or the process has hashed WASM_PROCESS_MAX, where its speed repays
 * its load: a hook hashes a few files, an overview thousands. Both give the same digest; which one
 * ran is never visible.
 */
export const WASM_INPUT_MAX = 64 * 1024;
export const WASM_PROCESS_MAX = 512 * 1024;

/** Bytes this process has hashed with the module. */
let wasmBytes = 0;

const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** The digest of `bytes` by the module: whole blocks as they are, then the last part padded (a 1 bit, zeros, the length in bits). */
function wasmDigest(module: DigestModule, bytes: Uint8Array): string {
  const memory = new Uint8Array(module.memory.buffer);
  const view = new DataView(module.memory.buffer);
  INITIAL.forEach((word, i) => view.setUint32(STATE + 4 * i, word, true));
  const whole = bytes.length - (bytes.length % 64);
  for (let at = 0; at < whole; at += INPUT_BYTES) {
    const part = bytes.subarray(at, Math.min(whole, at + INPUT_BYTES));
    memory.set(part, INPUT);
    module.compress(INPUT, part.length / 64);
  }
  const rest = bytes.length - whole;
  const last = rest < 56 ? 64 : 128;
  memory.fill(0, INPUT, INPUT + last);
  memory.set(bytes.subarray(whole), INPUT);
  memory[INPUT + rest] = 0x80;
  const bits = bytes.length * 8;
  view.setUint32(INPUT + last - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(INPUT + last - 4, bits >>> 0);
  module.compress(INPUT, last / 64);
  let hex = '';
  for (let i = 0; i < 8; i++)
    hex += view
      .getUint32(STATE + 4 * i, true)
      .toString(16)
      .padStart(8, '0');
  return hex;
}

/** The module's digest of `bytes`, whatever their size; undefined where this runtime has no WebAssembly. */
export function wasmSha256(bytes: Uint8Array): string | undefined {
  const module = digestModule();
  return module ? wasmDigest(module, bytes) : undefined;
}

const opensslHash = (): Hash => (require('node:crypto') as typeof import('node:crypto')).createHash('sha256');

/** Whether the module may still hash `bytes` more in this process, as one input of that size. */
const wasmMay = (bytes: number) => bytes <= WASM_INPUT_MAX && wasmBytes + bytes <= WASM_PROCESS_MAX;

/**
 * A hash fed in parts, as node:crypto's is: what it is fed is held (copied: a caller may reuse its
 * buffer for the next part) while the module may still hash it all, and given to node:crypto as
 * soon as it may not, with no copy of what comes after.
 */
export class Sha256 {
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private large?: Hash;

  update(data: Uint8Array | string): this {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (!this.large && !wasmMay(this.heldBytes + bytes.length)) {
      this.large = opensslHash();
      for (const part of this.held) this.large.update(part);
      this.held = [];
    }
    if (this.large) this.large.update(bytes);
    else {
      this.held.push(new Uint8Array(bytes));
      this.heldBytes += bytes.length;
    }
    return this;
  }

  /** The hex digest; the hash is not fed after it. */
  digest(): string {
    if (this.large) return this.large.digest('hex');
    return digestOf(this.held.length === 1 ? this.held[0] : Buffer.concat(this.held));
  }
}

/** The digest of bytes in hand, by the module while it may, else by node:crypto. */
function digestOf(bytes: Uint8Array): string {
  const module = wasmMay(bytes.length) ? digestModule() : null;
  if (!module) return opensslHash().update(bytes).digest('hex');
  wasmBytes += bytes.length;
  return wasmDigest(module, bytes);
}

/** The hex SHA-256 of `data` (a string is hashed as its UTF-8 bytes), with no copy of it. */
export const sha256Hex = (data: Uint8Array | string): string => digestOf(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
