import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { skim } from '../support/cli';
import { scratch, tsRegions, tsSource } from '../support/files';
import { startPostgres, TestPostgres } from '../support/postgres';
import { goodAnswer, ScriptedModel } from '../support/scriptedModel';

const SOURCE = tsSource(30, 26);

describe('the team cache on a real PostgreSQL: one model call per file version per team', function () {
  this.timeout(60_000);
  let pg: TestPostgres;
  let model: ScriptedModel;
  let s: ReturnType<typeof scratch>;
  /** Two developers: two clones of one project, each with its own local cache. */
  let devs: { dir: string; cache: string }[];

  before(async () => {
    pg = await startPostgres();
  });
  after(() => pg.cleanup());
  beforeEach(async () => {
    model = await new ScriptedModel([goodAnswer(tsRegions(30, 26), 'Thirty helpers.')]).start();
    s = scratch();
    devs = ['alice', 'bob'].map((name) => {
      const dir = path.join(s.dir, name, 'project');
      mkdirSync(path.join(dir, '.git'), { recursive: true });
      writeFileSync(path.join(dir, 'big.ts'), SOURCE);
      return { dir, cache: path.join(s.dir, name, 'cache') };
    });
    pg.sql('DROP TABLE IF EXISTS skim_maps, skim_schema');
  });
  afterEach(async () => {
    await model.stop();
    s.cleanup();
  });

  const map = async (dev: { dir: string; cache: string }, url = pg.url) => {
    const r = await skim(['map', 'big.ts', '--json'], {
      cwd: dev.dir,
      env: { SKIM_MODEL_URL: model.url, SKIM_MODEL_NAME: 'scripted', SKIM_TEAM_CACHE_URL: url, SKIM_CACHE_DIR: dev.cache },
    });
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    return { calls: json.modelCalls as number, source: json.source as string, stderr: r.stderr, regions: json.regions.length as number };
  };
  const change = (text: string) => devs.forEach((dev) => writeFileSync(path.join(dev.dir, 'big.ts'), text));

  it('A maps (1 call), B gets the same bytes free (0), the file changes, B maps (1), A gets it free (0)', async () => {
    const [alice, bob] = devs;
    assert.deepEqual(await map(alice), { calls: 1, source: 'model', stderr: '', regions: 30 });
    assert.deepEqual(await map(bob), { calls: 0, source: 'team', stderr: '', regions: 30 });
    assert.deepEqual(await map(bob), { calls: 0, source: 'local', stderr: '', regions: 30 });
    change(`// changed\n${SOURCE}`);
    assert.deepEqual((await map(bob)).calls, 1);
    assert.deepEqual(await map(alice), { calls: 0, source: 'team', stderr: '', regions: 30 });
    assert.equal(model.calls, 2);
    assert.equal(pg.sql('SELECT count(*) FROM skim_maps').trim(), '2');
  });

  it('with the database stopped mid-run, both keep working locally: one warning, exit 0', async () => {
    const [alice, bob] = devs;
    await map(alice);
    pg.stop();
    try {
      change(`// v2\n${SOURCE}`);
      const b = await map(bob);
      assert.deepEqual([b.calls, b.source], [1, 'model']);
      assert.match(
        b.stderr,
        /the team cache at postgres:\/\/skim:%E2%80%A6@127\.0\.0\.1:\d+\/skim is not usable \(.*\); maps stay local, and Skim tries again later/,
      );
      assert.doesNotMatch(b.stderr, /team-secret/);
      assert.deepEqual((await map(bob)).source, 'local');
    } finally {
      pg.start();
    }
  });

  it("takes a teammate's malformed or oversized row for no map: the model is asked, and the reader never breaks", async () => {
    const [alice, bob] = devs;
    await map(alice);
    pg.sql(`UPDATE skim_maps SET regions = '[{"start": "x"}, null, 7, {"end": 3}]'::jsonb`);
    change(SOURCE);
    const b = await map(bob);
    assert.deepEqual([b.calls, b.source, b.regions], [1, 'model', 30]);
    change(`// v3\n${SOURCE}`);
    await map(alice);
    pg.sql(
      `UPDATE skim_maps SET regions = (SELECT jsonb_agg(jsonb_build_object('start', 1, 'end', 2, 'kind', 'x', 'name', repeat('n', 200))) FROM generate_series(1, 60000))`,
    );
    const huge = await map(bob);
    assert.deepEqual([huge.calls, huge.source], [1, 'model'], 'a row larger than any map is never taken');
  });

  it('holds its deadline against a database that never answers, and names no password after a wrong one', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const hung = await map(devs[0], `postgres://skim:x@127.0.0.1:${(silent.address() as net.AddressInfo).port}/skim`);
      assert.deepEqual([hung.calls, hung.source], [1, 'model']);
      assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
    } finally {
      silent.close();
    }
    const wrong = await map(devs[1], pg.urlWithPassword('not-the-password'));
    assert.deepEqual([wrong.calls, wrong.source], [1, 'model']);
    assert.match(wrong.stderr, /password authentication failed/);
    assert.doesNotMatch(wrong.stderr, /not-the-password/);
  });

  it('migrates a table an older Skim made, and shares through it', async () => {
    pg.sql(
      'CREATE TABLE skim_schema (version integer NOT NULL); INSERT INTO skim_schema VALUES (0); CREATE TABLE skim_maps (hash text NOT NULL, size bigint NOT NULL, producer text NOT NULL, PRIMARY KEY (hash, size, producer)); GRANT ALL ON skim_schema, skim_maps TO skim; ALTER TABLE skim_maps OWNER TO skim; ALTER TABLE skim_schema OWNER TO skim',
    );
    const [alice, bob] = devs;
    assert.equal((await map(alice)).calls, 1);
    assert.deepEqual((await map(bob)).source, 'team');
    assert.equal(pg.sql('SELECT version FROM skim_schema').trim(), '1');
  });
});
