/**
 * skim overview on real trees as a user runs it (whole `skim overview` processes): Go's runtime
 * (about 1,000 files), Python's standard library (about 650) and Go's whole distribution (about
 * 12,000), from golang-1.19-src and python3.11. Cold on an
 * empty cache (the 10 s cap reached or not, and how much it covered), how many runs it takes to
 * have every file outlined, then warm, all from the stored outlines; tokens against the budget;
 * peak memory; and how the ranking compares with a plain count of references on the same data.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OutlineStore } from '../../src/core/cache/outlineStore';
import { rankOverview, RankedFile } from '../../src/core/overview/survey';
import { Project } from '../../src/core/files/project';
import { Outlines } from '../../src/core/outlines/projectOutlines';
import { onPath } from '../../src/core/search/program';

type Record = (measure: string, value: number, unit: string, target?: { text: string; ok: boolean }) => void;

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const GO = ['/usr/lib/go-1.19', '/usr/share/go-1.19'].find((dir) => existsSync(path.join(dir, 'src', 'runtime')));
/** Python's standard library, which names the methods of its own builtin types everywhere (`.split(`, `.items(`, `.append(`). */
const PYTHON = ['/usr/lib/python3.11'].find((dir) => existsSync(path.join(dir, 'collections', '__init__.py')));

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Run {
  ms: number;
  maxRssMb: number;
  json: { used: number; tokens: number; ranked: number; stoppedAfterMs: number | null; files: { path: string }[] };
}

/** One `skim overview --json` process over `tree`, with its wall time and peak memory. */
function overviewRun(tree: string, cache: string, tokens: number, dir: string): Run {
  const rssFile = path.join(dir, 'overview-rss');
  const preload = path.join(dir, 'overview-rss.js');
  writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));`);
  const t = now();
  const out = execFileSync(process.execPath, ['--require', preload, CLI, 'overview', '--json', '--tokens', String(tokens), '--root', tree], {
    cwd: tree,
    env: { ...process.env, SKIM_CACHE_DIR: cache },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ms: now() - t, maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024, json: JSON.parse(out) };
}

/** The files first by a plain count of the references to their declarations. */
const byPlainCount = (files: readonly RankedFile[]) =>
  [...files].sort(
    (a, b) => b.declarations.reduce((s, d) => s + d.references, 0) - a.declarations.reduce((s, d) => s + d.references, 0) || (a.path < b.path ? -1 : 1),
  );

const isTest = (file: string) => /(^|\/)(test|tests|testdata)\/|_test\.go$|\.test\.|_test\.|test_/.test(file);

async function compareRankings(record: Record, label: string, tree: string, cache: string): Promise<void> {
  const [storeFile] = readdirSync(cache).filter((f) => f.endsWith('.outlines.sqlite'));
  // Under load every capped run can end before it stores an outline: the ranking then outlines the tree itself, in memory.
  if (!storeFile) console.log(`overview ${label}: no run stored an outline; the rankings are compared on outlines made now`);
  const store = await OutlineStore.open(storeFile && path.join(cache, storeFile));
  try {
    const ranked = await rankOverview(
      new Project(tree),
      { kind: 'rg', path: onPath('rg') as string },
      { timeoutMs: 120_000 },
      { outlines: new Outlines(store) },
    );
    const top = (files: readonly RankedFile[], n: number) => files.slice(0, n).map((f) => f.path);
    const pagerank = top(ranked.files, 20);
    const plain = top(byPlainCount(ranked.files), 20);
    const shared = pagerank.filter((f) => plain.includes(f)).length;
    record(`overview ${label}: top 20 shared by the ranking and a plain count of references`, (100 * shared) / 20, '%');
    record(`overview ${label}: test files in the top 20, ranking`, pagerank.filter(isTest).length, 'files');
    record(`overview ${label}: test files in the top 20, plain count of references`, plain.filter(isTest).length, 'files');
    console.log(`overview ${label}: top 10 by rank: ${pagerank.slice(0, 10).join(', ')}`);
    console.log(`overview ${label}: top 10 by a plain count of references: ${plain.slice(0, 10).join(', ')}`);
  } finally {
    await store.close();
  }
}

async function measureTree(record: Record, label: string, tree: string, dir: string, maxRuns: number): Promise<void> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'skim-bench-overview-'));
  try {
    const cold = overviewRun(tree, cache, 1_000, dir);
    const covered = cold.json.stoppedAfterMs === null;
    record(`overview ${label}, cold (empty cache), whole process`, cold.ms, 'ms', { text: '≤ 12,000 (10 s cap + start)', ok: cold.ms <= 12_000 });
    record(`overview ${label}, cold: files ranked in that run`, cold.json.ranked, covered ? 'files (all)' : 'files (10 s cap reached)');
    let runs = 1;
    let last = cold;
    while (last.json.stoppedAfterMs !== null && runs < maxRuns) {
      last = overviewRun(tree, cache, 1_000, dir);
      runs++;
    }
    record(`overview ${label}: runs until every file is outlined`, runs, last.json.stoppedAfterMs === null ? 'runs' : `runs (not done after ${maxRuns})`);
    const warm = [0, 1, 2].map(() => overviewRun(tree, cache, 1_000, dir));
    const warmMs = median(warm.map((r) => r.ms));
    record(`overview ${label}, warm (every outline stored), whole process`, warmMs, 'ms', { text: '< 1,000', ok: warmMs < 1_000 });
    record(`overview ${label}, warm: files ranked`, warm[0].json.ranked, 'files');
    record(`overview ${label}, warm: peak memory`, median(warm.map((r) => r.maxRssMb)), 'MB');
    record(`overview ${label}, cold: peak memory`, cold.maxRssMb, 'MB');
    for (const budget of [1_000, 4_000]) {
      const { json } = budget === 1_000 ? warm[0] : overviewRun(tree, cache, budget, dir);
      record(`overview ${label}: tokens used of a ${budget.toLocaleString('en')} budget (o200k)`, json.used, 'tokens', {
        text: `≤ ${budget}`,
        ok: json.used <= budget,
      });
    }
    await compareRankings(record, label, tree, cache);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

export async function measureOverview(record: Record, dir: string, quick: boolean): Promise<void> {
  if (!GO || !onPath('rg')) {
    console.log(
      `overview not measured: ${GO ? 'no rg on PATH (bash scripts/setup-services.sh)' : "Go's sources are not installed (bash scripts/setup-bench-corpus.sh)"}`,
    );
    return;
  }
  await measureTree(record, 'of Go runtime (~1,000 files)', path.join(GO, 'src', 'runtime'), dir, 4);
  if (PYTHON) await measureTree(record, "of Python 3.11's standard library (~650 files)", PYTHON, dir, 4);
  if (!quick) await measureTree(record, 'of Go 1.19 (~12,000 files)', GO, dir, 12);
}
