import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, truncateSync } from 'node:fs';
import * as path from 'node:path';
import { scanFile } from '../../src/core/files/scan';
import { scratch } from '../support/files';

describe('streaming a file once', () => {
  const s = scratch();
  after(() => s.cleanup());

  it('collects the wanted lines, counts every line and hashes the bytes', async () => {
    const text = 'a\nb\nc\nd\ne\n';
    const file = s.write('five.ts', text);
    const scan = await scanFile(file, { start: 2, take: 2 });
    assert.deepEqual(scan.lines, ['b', 'c']);
    assert.equal(scan.seen, 5);
    assert.equal(scan.complete, true);
    assert.equal(scan.hash, createHash('sha256').update(text).digest('hex'));
  });

  it('counts a last line without a newline, and an empty file as no lines', async () => {
    assert.equal((await scanFile(s.write('open.ts', 'a\nb'), { start: 1, take: 9 })).seen, 2);
    assert.deepEqual((await scanFile(s.write('open2.ts', 'a\nb'), { start: 1, take: 9 })).lines, ['a', 'b']);
    assert.equal((await scanFile(s.write('empty.ts', ''), { start: 1, take: 9 })).seen, 0);
  });

  it('drops CR from CRLF lines but hashes the raw bytes', async () => {
    const text = 'one\r\ntwo\r\n';
    const scan = await scanFile(s.write('crlf.ts', text), { start: 1, take: 5 });
    assert.deepEqual(scan.lines, ['one', 'two']);
    assert.equal(scan.hash, createHash('sha256').update(text).digest('hex'));
  });

  it('stops once the asked line is complete, without hashing the rest', async () => {
    const file = s.write('long.ts', Array.from({ length: 100_000 }, (_, i) => `line ${i + 1}`).join('\n'));
    const scan = await scanFile(file, { start: 10, take: 3, stopAt: 12 });
    assert.deepEqual(scan.lines, ['line 10', 'line 11', 'line 12']);
    assert.equal(scan.complete, false);
    assert.equal(scan.seen, 12);
    assert.equal(scan.hash, undefined);
  });

  it("measures the bytes of the lines asked, across chunks and to a file's end: lib.dom.d.ts's lines 1000-30000, 30000-, and 1-1", async () => {
    const file = require.resolve('typescript/lib/lib.dom.d.ts');
    const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
    const bytes = (from: number, to: number) => lines.slice(from - 1, to).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    assert.ok(bytes(1000, 30_000) > 1024 * 1024, 'the range spans many 64 KB chunks of a streamed file');
    assert.equal((await scanFile(file, { start: 1000, take: 200, measureTo: 30_000 })).rangeBytes, bytes(1000, 30_000));
    assert.equal((await scanFile(file, { start: 30_000, take: 200, measureTo: Infinity })).rangeBytes, bytes(30_000, lines.length));
    assert.equal((await scanFile(file, { start: 1, take: 1, measureTo: 1 })).rangeBytes, Buffer.byteLength(lines[0]) + 1);
    assert.equal((await scanFile(s.write('three.ts', 'a\nbb\nccc'), { start: 2, take: 1, measureTo: 9 })).rangeBytes, 6);
  });

  it('keeps lines that straddle chunk boundaries whole', async () => {
    const long = 'x'.repeat(200_000);
    const scan = await scanFile(s.write('straddle.ts', `a\n${long}\nb\n`), { start: 2, take: 2 });
    assert.deepEqual(scan.lines, [long, 'b']);
  });

  it('reads invalid UTF-8 as replacement characters rather than failing', async () => {
    const scan = await scanFile(s.write('bad.ts', Buffer.from([0x61, 0xff, 0xfe, 0x0a, 0x62, 0x0a])), { start: 1, take: 2 });
    assert.deepEqual(scan.lines, ['a\ufffd\ufffd', 'b']);
    assert.equal(scan.binary, false);
  });

  it('marks a file with a NUL byte as binary', async () => {
    assert.equal((await scanFile(s.write('blob.ts', Buffer.from([1, 0, 2, 10])), { start: 1, take: 1 })).binary, true);
  });

  it('stops reading a binary file at its first chunk: a 3 GB sparse file is not read to its end to be declined', async () => {
    const sparse = path.join(s.dir, 'sparse.js');
    closeSync(openSync(sparse, 'w'));
    truncateSync(sparse, 3 * 1024 ** 3);
    const scan = await scanFile(sparse, { start: 1, take: 200 });
    assert.deepEqual([scan.binary, scan.complete, scan.hash, scan.seen], [true, false, undefined, 1]);
  });
});
