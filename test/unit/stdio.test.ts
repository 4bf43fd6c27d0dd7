import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { stalledWriting, waitFor } from '../support/waitFor';

const STDIO = path.resolve(__dirname, '../../src/cli/stdio.js');

/**
 * Runs a script that writes `bytes` through the hook's Io, under python3 with its standard output
 * made blocking or not, and reads that output only once the writer is stalled on it, its buffer full.
 */
async function writeThrough(bytes: number, nonBlocking: boolean): Promise<{ code: number | null; length: number; stderr: string }> {
  const script = `const { descriptorIo } = require(${JSON.stringify(STDIO)}); const h = descriptorIo(async () => ''); h.io.out('x'.repeat(${bytes - 1})); h.flushed().then(() => process.exit(0));`;
  const setBlocking = `import os, sys; os.set_blocking(1, ${nonBlocking ? 'False' : 'True'}); os.execv(sys.argv[1], sys.argv[1:])`;
  const child = spawn('python3', ['-c', setBlocking, process.execPath, '-e', script]);
  child.stdout.pause();
  let length = 0;
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (length += d.length));
  child.stderr.on('data', (d) => (stderr += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  await waitFor(() => stalledWriting(child.pid!), 'the writer to stall on its unread output');
  child.stdout.resume();
  const code = await closed;
  return { code, length, stderr };
}

describe("the hook's standard input and output, on the bare descriptors", () => {
  it('an answer of 1 MB reaches a slow reader whole through a blocking pipe and a non-blocking one', async function () {
    this.timeout(30_000);
    assert.deepEqual(await writeThrough(1024 * 1024, false), { code: 0, length: 1024 * 1024, stderr: '' });
    assert.deepEqual(await writeThrough(1024 * 1024, true), { code: 0, length: 1024 * 1024, stderr: '' });
  });
});
