import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { MapCache } from '../../src/core/cache/store';
import { MapEntry } from '../../src/core/map/types';
import { scratch } from '../support/files';

const run = promisify(execFile);

function sampleEntry(name: string, regions = 2): MapEntry {
  return {
    path: name,
    size: 10,
    hash: `hash-of-${name}`,
    lines: 100,
    status: 'structural',
    producer: 'tree-sitter:typescript',
    prose: `About ${name}.`,
    created: 1,
    regions: Array.from({ length: regions }, (_, i) => ({ start: i * 10 + 1, end: i * 10 + 9, kind: 'function', name: `f${i}`, note: '' })),
  };
}

describe('the map cache (sql.js)', () => {
  const s = scratch();
  after(() => s.cleanup());

  it('stores prose and region rows and reads them back in order after reopening', async () => {
    const file = path.join(s.dir, 'a.sqlite');
    const cache = await MapCache.open(file);
    cache.put(sampleEntry('src/a.ts', 3));
    await cache.close();
    const again = await MapCache.open(file);
    assert.deepEqual(again.get('src/a.ts'), sampleEntry('src/a.ts', 3));
    assert.equal(again.get('src/missing.ts'), undefined);
    await again.close();
  });

  it('writes behind: a put is readable at once and on disk only after the flush', async () => {
    const file = path.join(s.dir, 'behind.sqlite');
    const cache = await MapCache.open(file, { flushDelayMs: 60_000 });
    cache.put(sampleEntry('x.ts'));
    assert.ok(cache.get('x.ts'));
    assert.equal(existsSync(file), false);
    await cache.flush();
    assert.equal(existsSync(file), true);
    await cache.close();
  });

  it('forgets one file and clears all', async () => {
    const file = path.join(s.dir, 'forget.sqlite');
    const cache = await MapCache.open(file);
    cache.put(sampleEntry('a.ts'));
    cache.put(sampleEntry('b.ts'));
    cache.forget('a.ts');
    assert.equal(cache.get('a.ts'), undefined);
    assert.equal(cache.count(), 1);
    cache.clear();
    assert.equal(cache.count(), 0);
    await cache.close();
  });

  it('sets a corrupt database aside, says so, and starts a new one', async () => {
    const file = path.join(s.dir, 'corrupt.sqlite');
    writeFileSync(file, 'this is not a database'.repeat(100));
    const warnings: string[] = [];
    const cache = await MapCache.open(file, { onWarning: (m) => warnings.push(m) });
    assert.equal(cache.count(), 0);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /could not be read \(file is not a database\); it was set aside as .*corrupt\.sqlite\.corrupt-\d+ and a new one started/);
    const aside = readdirSync(s.dir).find((f) => f.startsWith('corrupt.sqlite.corrupt-'));
    assert.ok(aside);
    assert.equal(readFileSync(path.join(s.dir, aside)).toString().slice(0, 22), 'this is not a database');
    cache.put(sampleEntry('a.ts'));
    await cache.close();
    const again = await MapCache.open(file);
    assert.ok(again.get('a.ts'));
    await again.close();
  });

  it('picks up what another writer saved since it last read the disk', async () => {
    const file = path.join(s.dir, 'shared.sqlite');
    const first = await MapCache.open(file);
    const second = await MapCache.open(file);
    second.put(sampleEntry('from-second.ts'));
    await second.flush();
    assert.equal(first.get('from-second.ts'), undefined);
    assert.equal(await first.reloadIfChanged(), true);
    assert.ok(first.get('from-second.ts'));
    assert.equal(await first.reloadIfChanged(), false);
    await first.close();
    await second.close();
  });

  it('loses no row when two processes write one database at the same time', async function () {
    this.timeout(60_000);
    const file = path.join(s.dir, 'race.sqlite');
    const writer = path.resolve(__dirname, '../support/cacheWriter.js');
    const perProcess = 40;
    await Promise.all(['p1', 'p2'].map((tag) => run(process.execPath, [writer, file, tag, String(perProcess)])));
    const cache = await MapCache.open(file);
    assert.equal(cache.count(), perProcess * 2);
    for (const tag of ['p1', 'p2']) for (let i = 0; i < perProcess; i++) assert.ok(cache.get(`${tag}/file${i}.ts`), `${tag}/file${i}.ts`);
    await cache.close();
  });
});
