import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Sha256, sha256Hex, WASM_INPUT_MAX, wasmSha256 } from '../../src/core/files/sha256';
import { checksum } from '../../src/core/files/checksum';
import { DIGESTS_WASM } from '../../src/core/files/digestsBinary';
import { assembledDigests } from '../../scripts/write-digests-wasm';
import { scratch } from '../support/files';

const openssl = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

describe('SHA-256 without node:crypto', () => {
  it("the WebAssembly module gives OpenSSL's digest at every padding edge from 0 to 300 bytes", () => {
    const wrong = [];
    for (let length = 0; length <= 300; length++) {
      const bytes = randomBytes(length);
      if (wasmSha256(bytes) !== openssl(bytes)) wrong.push(length);
    }
    assert.deepEqual(wrong, []);
  });

  it("the module gives OpenSSL's digest for input larger than its memory holds at once, and for FIPS 180-4's own examples", () => {
    const large = randomBytes(300_000 + 17);
    assert.equal(wasmSha256(large), openssl(large));
    assert.equal(wasmSha256(Buffer.from('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const twoBlocks = Buffer.from('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq');
    assert.equal(wasmSha256(twoBlocks), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it("third-party files hash as OpenSSL hashes them, whole and fed in parts on either side of the module's limit", () => {
    const files = ['node_modules/mocha/lib/runner.js', 'node_modules/typescript/lib/typescript.js', 'node_modules/sql.js/dist/sql-wasm.wasm'];
    for (const file of files) {
      const bytes = readFileSync(path.resolve(__dirname, '../../..', file));
      const parts = new Sha256();
      // One buffer reused for every part, as a streaming reader does: the hash keeps what it was given, not the buffer.
      const buffer = Buffer.alloc(7_000);
      let fed = 0;
      while (fed < Math.min(bytes.length, WASM_INPUT_MAX + 5_000)) {
        const length = bytes.copy(buffer, 0, fed, fed + buffer.length);
        parts.update(buffer.subarray(0, length));
        fed += length;
      }
      assert.equal(parts.digest(), openssl(bytes.subarray(0, fed)), file);
      assert.equal(sha256Hex(bytes), openssl(bytes), file);
      assert.equal(wasmSha256(bytes), openssl(bytes), file);
    }
  });

  it('a string is hashed as its UTF-8 bytes', () => {
    for (const text of ['', 'héllo wörld', '日本語のファイル名.ts', '\u{1F600} emoji', 'a\0b']) assert.equal(sha256Hex(text), openssl(text), text);
  });

  it('a process hashes its first 512 kB, in inputs of up to 64 kB, without loading node:crypto, and loads it for an input or a total beyond', () => {
    const SHA = path.resolve(__dirname, '../../src/core/files/sha256.js');
    const s = scratch();
    // A script file, not `node -e`: that loads node:crypto itself.
    const loadsCrypto = (sizes: number[]) => {
      const script = s.write(
        'hash.js',
        `const { sha256Hex } = require(${JSON.stringify(SHA)}); for (const n of ${JSON.stringify(sizes)}) sha256Hex(Buffer.alloc(n, 7)); console.log(process.moduleLoadList.includes('NativeModule crypto'));`,
      );
      return execFileSync(process.execPath, [script], { encoding: 'utf8' }).trim() === 'true';
    };
    try {
      assert.deepEqual([[WASM_INPUT_MAX], [WASM_INPUT_MAX + 1], Array(8).fill(WASM_INPUT_MAX), [...Array(8).fill(WASM_INPUT_MAX), 1]].map(loadsCrypto), [
        false,
        true,
        false,
        true,
      ]);
    } finally {
      s.cleanup();
    }
  });

  it('the embedded module is what src/core/files/digests.wat assembles to (npm run wasm:write writes it)', async () => {
    assert.equal(DIGESTS_WASM, await assembledDigests());
  });
});

describe("the module's checksum, for files Skim wrote", () => {
  it('changes with any one flipped bit, a byte more or less, or the same bytes moved, on a real 2 MB file', () => {
    const bytes = readFileSync(path.resolve(__dirname, '../../..', 'node_modules/typescript/lib/typescript.js')).subarray(0, 2_000_003);
    const whole = checksum(bytes);
    assert.match(whole ?? '', /^[0-9a-f]{16}$/);
    assert.equal(checksum(Buffer.from(bytes)), whole);
    const changed = new Set<string | undefined>([whole]);
    // A bit flipped at each of 200 places, spread over the file and its last, partial word.
    for (let i = 0; i < 200; i++) {
      const at = i === 199 ? bytes.length - 1 : Math.floor((i * bytes.length) / 199);
      const copy = Buffer.from(bytes);
      copy[at] ^= 1 << (i % 8);
      changed.add(checksum(copy));
    }
    changed.add(checksum(bytes.subarray(0, bytes.length - 1)));
    changed.add(checksum(Buffer.concat([bytes, Buffer.from([0])])));
    changed.add(checksum(Buffer.concat([bytes.subarray(8), bytes.subarray(0, 8)])));
    assert.equal(changed.size, 204);
  });
});
