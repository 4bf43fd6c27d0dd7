/**
 * skim locate measured: its accuracy on the localization set beside BM25 over every function and
 * the rg-of-words locate, in the same run (test/bench/locateScore.ts; only where the set has been
 * built: it needs fetched git histories, which CI has not), and its speed on Go's runtime (about
 * 1,000 files, from golang-1.19-src): a first locate on a tree never seen (an empty cache) and a
 * warm one as whole `skim locate` processes, and warm calls inside one long-lived `skim mcp`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { onPath } from '../../src/core/search/program';
import { LOCATE_SPLITS, readLocateSet } from './locateSet';
import { LocateScores, METHODS, printScores, scoreLocate } from './locateScore';
import { measureHistoryTime } from './locateHistoryTime';

type Record = (measure: string, value: number, unit: string, target?: { text: string; ok: boolean }) => void;

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const TREES = ['/usr/lib/go-1.19/src/runtime', '/usr/share/go-1.19/src/runtime'];
/** Questions in words about Go's runtime, as bug reports put them. */
const QUESTIONS = [
  'the garbage collector does not return freed spans to the operating system when the heap shrinks',
  'a goroutine blocked on a channel send is never woken when the receiver closes the channel',
  'timers fire late when many are reset concurrently',
  'panic while printing a stack trace for a signal received on a non-Go thread',
  'map iteration order is not randomized for small maps',
];

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function locateRun(tree: string, cache: string, question: string): { ms: number; used: number; tokens: number } {
  const t = now();
  const out = execFileSync(process.execPath, [CLI, 'locate', question, '--json', '--root', tree], {
    cwd: tree,
    env: { ...process.env, SKIM_CACHE_DIR: cache },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const json = JSON.parse(out) as { used: number; tokens: number };
  return { ms: now() - t, used: json.used, tokens: json.tokens };
}

function recordScores(record: Record, scores: LocateScores): void {
  printScores(scores);
  for (const [label, table] of [
    ['', scores.all],
    [', questions naming no changed function', scores.unnamed],
  ] as const) {
    const bm25 = table['BM25 over functions'];
    for (const method of METHODS) {
      const m = table[method];
      const where = `locate ${scores.split} set (${m.tasks} tasks${label}), ${method}`;
      const skim = method === 'skim locate' && label === '';
      record(`${where}: Acc@1`, m.acc1, '%', skim ? { text: `≥ 1.2× BM25 (${(1.2 * bm25.acc1).toFixed(1)})`, ok: m.acc1 >= 1.2 * bm25.acc1 } : undefined);
      record(`${where}: Acc@5`, m.acc5, '%', skim ? { text: `≥ 1.3× BM25 (${(1.3 * bm25.acc5).toFixed(1)})`, ok: m.acc5 >= 1.3 * bm25.acc5 } : undefined);
      record(`${where}: Acc@10`, m.acc10, '%');
      record(`${where}: Acc@30`, m.acc30, '%');
      record(`${where}: all@5`, m.all5, '%');
      record(`${where}: file@1`, m.file1, '%');
    }
  }
}

async function mcpWarm(tree: string, cache: string, rounds: number): Promise<number[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', '--root', tree],
    env: { ...process.env, SKIM_CACHE_DIR: cache } as { [key: string]: string },
  });
  const client = new Client({ name: 'skim-bench', version: '1.0.0' });
  const times: number[] = [];
  try {
    await client.connect(transport);
    for (let round = 0; round < rounds; round++)
      for (const question of QUESTIONS) {
        const t = now();
        const result = await client.callTool({ name: 'skim_locate', arguments: { question } });
        if (result.isError) throw new Error(`skim_locate: ${JSON.stringify(result.content)}`);
        // The first round outlines what each question reaches; the rounds after it are warm.
        if (round > 0) times.push(now() - t);
      }
  } finally {
    await client.close();
  }
  return times;
}

export async function measureLocate(record: Record, quick: boolean): Promise<void> {
  const set = readLocateSet();
  if (!set)
    console.log(
      'locate accuracy not measured: the localization set is not built here (node out/scripts/build-locate-set.js MIRRORS, from fetched git histories)',
    );
  else if (quick) console.log('locate accuracy not measured in the quick run (npm run bench measures it where the set is built)');
  else for (const split of LOCATE_SPLITS) recordScores(record, await scoreLocate(set, split));

  measureHistoryTime(record, quick);

  const tree = TREES.find((t) => existsSync(path.join(t, 'proc.go')));
  if (!tree || !onPath('rg')) {
    console.log(
      `locate speed not measured: ${tree ? 'no rg on PATH (bash scripts/setup-services.sh)' : "Go's sources are not installed (bash scripts/setup-bench-corpus.sh)"}`,
    );
    return;
  }
  const label = path.relative('/usr', tree);
  const first: number[] = [];
  const warm: number[] = [];
  let over = 0;
  for (const question of quick ? QUESTIONS.slice(0, 2) : QUESTIONS) {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'skim-bench-locate-'));
    try {
      const cold = locateRun(tree, cache, question);
      first.push(cold.ms);
      const again = locateRun(tree, cache, question);
      warm.push(again.ms);
      if (cold.used > cold.tokens || again.used > again.tokens) over++;
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }
  const firstMs = median(first);
  const warmMs = median(warm);
  record(`locate ${label}, first on a tree never seen (empty cache), whole process`, firstMs, 'ms', { text: '≤ 3,000', ok: firstMs <= 3_000 });
  record(`locate ${label}, warm, whole process`, warmMs, 'ms', { text: '≤ 1,500', ok: warmMs <= 1_500 });
  record(`locate ${label}: answers over their 1,000-token budget`, over, 'answers', { text: '0', ok: over === 0 });
  const cache = mkdtempSync(path.join(os.tmpdir(), 'skim-bench-locate-mcp-'));
  try {
    const inMcp = median(await mcpWarm(tree, cache, quick ? 2 : 4));
    record(`locate ${label}, warm, inside a long-lived skim mcp`, inMcp, 'ms', { text: '≤ 300', ok: inMcp <= 300 });
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
