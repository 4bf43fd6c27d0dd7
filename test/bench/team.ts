/**
 * The team cache on a real PostgreSQL on loopback: lookup latency at scale beside the local
 * tier's, and the model calls a team saves: N developers (each with a local cache) mapping the
 * same M files through one scripted chat-completions server, with and without the team tier.
 */
import { testContext } from '../support/context';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { MapCache } from '../../src/core/cache/store';
import { TeamCache } from '../../src/core/cache/teamCache';
import { MapService } from '../../src/core/mapping/service';
import { OpenAiModel } from '../../src/core/model/openai';
import { Project } from '../../src/core/files/project';
import { tsRegions, tsSource } from '../support/files';
import { startPostgres, TestPostgres } from '../support/postgres';
import { goodAnswer, ScriptedModel } from '../support/scriptedModel';

type Record = (measure: string, value: number, unit: string) => void;

const PRODUCER = 'openai:bench@p1';
const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function lookupLatency(pg: TestPostgres, record: Record, entries: number, lookups: number): Promise<void> {
  const team = new TeamCache({ url: pg.url, warn: (m) => console.log(m), lookupDeadlineMs: 5_000 });
  await team.lookup('0', 0, PRODUCER, 1);
  pg.sql(
    `INSERT INTO skim_maps (hash, size, producer, prose, regions) SELECT md5(i::text) || md5((i + 1)::text), i, '${PRODUCER}', 'A module.', '[{"start": 1, "end": 10, "kind": "function", "name": "f", "note": ""}]'::jsonb FROM generate_series(1, ${entries}) AS i ON CONFLICT DO NOTHING`,
  );
  const keys = pg
    .sql(`SELECT hash || ' ' || size FROM skim_maps ORDER BY random() LIMIT ${lookups}`)
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  const times: number[] = [];
  for (const [hash, size] of keys) {
    const t = now();
    if (!(await team.lookup(hash, Number(size), PRODUCER, 100))) throw new Error('team lookup missed');
    times.push(now() - t);
  }
  await team.close();
  const at = `at ${entries.toLocaleString('en')} entries, loopback`;
  record(`team cache lookup p50 ${at}`, percentile(times, 0.5), 'ms');
  record(`team cache lookup p95 ${at}`, percentile(times, 0.95), 'ms');
}

async function callsSaved(pg: TestPostgres, record: Record, dir: string, developers: number, files: number): Promise<void> {
  const model = await new ScriptedModel([goodAnswer(tsRegions(3, 26))]).start();
  try {
    const run = async (shared: boolean) => {
      const before = model.calls;
      for (let d = 0; d < developers; d++) {
        const root = path.join(dir, `${shared ? 'team' : 'solo'}-dev${d}`);
        mkdirSync(path.join(root, '.git'), { recursive: true });
        const cache = await MapCache.open(path.join(root, 'cache.sqlite'));
        const team = shared ? new TeamCache({ url: pg.url, warn: (m) => console.log(m) }) : undefined;
        const maps = new MapService(testContext(), cache, new OpenAiModel({ url: model.url, model: 'bench', timeoutMs: 10_000 }), undefined, team);
        const project = new Project(root);
        for (let f = 0; f < files; f++) {
          writeFileSync(path.join(root, `file${f}.ts`), `// file ${f}\n${tsSource(3, 26)}`);
          await maps.ensure(project.file(`file${f}.ts`));
        }
        await team?.close();
        await cache.close();
      }
      return model.calls - before;
    };
    const solo = await run(false);
    const team = await run(true);
    record(`model calls, ${developers} developers x ${files} files, local caches only`, solo, 'calls');
    record(`model calls, ${developers} developers x ${files} files, with the team cache`, team, 'calls');
  } finally {
    await model.stop();
  }
}

export async function measureTeamCache(record: Record, dir: string, quick: boolean): Promise<void> {
  let pg: TestPostgres;
  try {
    pg = await startPostgres();
  } catch (error) {
    console.log(`team cache not measured: ${(error as Error).message}`);
    return;
  }
  try {
    await lookupLatency(pg, record, quick ? 10_000 : 100_000, quick ? 200 : 2_000);
    pg.sql('TRUNCATE skim_maps');
    await callsSaved(pg, record, dir, quick ? 3 : 5, quick ? 4 : 20);
  } finally {
    pg.cleanup();
  }
}
