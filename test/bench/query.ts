/**
 * What bounding a written tree query costs: the same query on the same real file, run in its own
 * worker thread (as skim_query_tree runs it) and in this process (the worker's job alone),
 * interleaved round by round; and, in the full run, what a query of 30 wildcard patterns does to
 * the process on a 6 MB bundle (in this process it ran Node out of memory, 5.5 GB).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Project } from '../../src/core/files/project';
import { splitLines } from '../../src/core/files/readSource';
import { queryTree } from '../../src/core/syntax/queryTree';
import { runWrittenQuery } from '../../src/core/syntax/written';

type Record = (measure: string, value: number, unit: string) => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => Number(process.hrtime.bigint()) / 1e6;

export async function measureQueryBounds(record: Record, quick: boolean): Promise<void> {
  const modules = path.resolve(__dirname, '../../../node_modules');
  const project = new Project(modules);
  const runner = path.join(modules, 'mocha/lib/runner.js');
  const text = readFileSync(runner, 'utf8');
  const query = '(call_expression function: (member_expression property: (property_identifier) @method))';
  const request = { absolute: runner, key: 'mocha/lib/runner.js', text, lines: splitLines(text).length, query, max: 100 };
  await queryTree(project.file(runner), query);
  await runWrittenQuery(request);
  const isolated: number[] = [];
  const inProcess: number[] = [];
  for (let round = 0; round < (quick ? 5 : 20); round++) {
    let t = now();
    const a = await queryTree(project.file(runner), query);
    isolated.push(now() - t);
    t = now();
    const b = await runWrittenQuery(request);
    inProcess.push(now() - t);
    if (a.total !== b.total) throw new Error(`the worker counted ${a.total} captures, this process ${b.total}`);
  }
  record('written query in its worker, mocha runner.js', median(isolated), 'ms');
  record('same query in this process (no worker)', median(inProcess), 'ms');
  record('written query: worker - in process', median(isolated) - median(inProcess), 'ms');
  if (quick) return;
  const bundle = path.join(modules, 'typescript/lib/_tsc.js');
  const wildcards = Array.from({ length: 30 }, (_, i) => `(_) @w${i}`).join(' ');
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t = now();
  const refused = await queryTree(project.file(bundle), wildcards).then(
    () => 'answered',
    (error: Error) => error.message,
  );
  clearInterval(timer);
  console.log(`30 wildcard patterns on typescript/lib/_tsc.js: ${refused}`);
  record('30 wildcard patterns on a 6 MB bundle: refused after', now() - t, 'ms');
  record('30 wildcard patterns on a 6 MB bundle: this process grew by', (peak - before) / 1048576, 'MB');
}
