import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';

const STDIO = path.resolve(__dirname, '../../src/cli/stdio.js');

/**
 * Runs a script that writes `bytes` through the hook's Io, under python3 with its standard output
 * made blocking or not, and reads that output only after half a second: a pipe's 64 kB buffer is
 * full long before then.
 */
async function writeThrough(bytes: number, nonBlocking: boolean): Promise<{ code: number | null; length: number; stderr: string }> {
  const script = `const { descriptorIo } = require(${JSON.stringify(STDIO)}); const h = descriptorIo(async () => ''); h.io.out('x'.repeat(${bytes - 1})); h.flushed().then(() => process.exit(0));`;
  const setBlocking = `import os, sys; os.set_blocking(1, ${nonBlocking ? 'False' : 'True'}); os.execv(sys.argv[1], sys.argv[1:])`;
  const child = spawn('python3', ['-c', setBlocking, process.execPath, '-e', script]);
  child.stdout.pause();
  setTimeout(() => child.stdout.resume(), 500);
  let length = 0;
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (length += d.length));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, length, stderr };
}

describe("the hook's standard input and output, on the bare descriptors", () => {
  it('an answer of 1 MB reaches a slow reader whole through a blocking pipe and a non-blocking one', async function () {
    this.timeout(30_000);
    assert.deepEqual(await writeThrough(1024 * 1024, false), { code: 0, length: 1024 * 1024, stderr: '' });
    assert.deepEqual(await writeThrough(1024 * 1024, true), { code: 0, length: 1024 * 1024, stderr: '' });
  });
});
