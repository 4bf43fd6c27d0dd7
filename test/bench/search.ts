/**
 * skim_search against a plain `rg -n` process on the same real tree (Go's net/http) and patterns,
 * interleaved pattern by pattern: inside one long-lived `skim mcp` per round, started on an empty
 * cache and left to finish warming up (its CPU time stops moving), the first search of each
 * pattern and the same search again; and the `skim search` command as a whole process beside
 * Node's own start.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { onPath } from '../../src/core/search/program';

type Record = (measure: string, value: number, unit: string, target?: { text: string; ok: boolean }) => void;

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const PATTERNS = ['ServeHTTP', 'func \\(', 'Header', 'TODO', 'http\\.Handler', 'Request', 'err != nil'];
/** Go's net/http from golang-1.19-src (scripts/setup-bench-corpus.sh): Debian puts it under /usr/share, with /usr/lib/go-1.19 linked to it on some releases. */
const TREES = ['/usr/lib/go-1.19/src/net/http', '/usr/share/go-1.19/src/net/http'];

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A process's CPU time so far (clock ticks), or undefined where /proc cannot say. */
function cpuTicks(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Waits until the process has used no CPU for `quietMs` (at most `maxMs`): the server has finished warming up. */
async function idle(pid: number | null | undefined, quietMs = 500, maxMs = 30_000): Promise<void> {
  if (!pid || cpuTicks(pid) === undefined) return sleep(3_000);
  const deadline = now() + maxMs;
  let last = cpuTicks(pid);
  while (now() < deadline) {
    await sleep(quietMs);
    const ticks = cpuTicks(pid);
    if (ticks === last) return;
    last = ticks;
  }
}

/** One `rg -n` over the tree, as a whole process; rg exits 1 when nothing matches. */
function plainRg(rg: string, pattern: string, tree: string): number {
  const t = now();
  spawnSync(rg, ['-n', pattern, '.'], { cwd: tree, stdio: 'ignore' });
  return now() - t;
}

export async function measureSearch(record: Record, quick: boolean): Promise<void> {
  const rg = onPath('rg');
  const tree = TREES.find((t) => existsSync(t));
  if (!rg || !tree) {
    console.log(
      `search not measured: ${rg ? "Go's net/http is not installed (bash scripts/setup-bench-corpus.sh)" : 'no rg on PATH (bash scripts/setup-services.sh)'}`,
    );
    return;
  }
  const first: number[] = [];
  const again: number[] = [];
  const plain: number[] = [];
  let hits = 0;
  let placed = 0;
  for (let round = 0; round < (quick ? 2 : 5); round++) {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'skim-bench-search-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--root', tree],
      env: { ...process.env, SKIM_CACHE_DIR: cache } as { [key: string]: string },
    });
    const client = new Client({ name: 'skim-bench', version: '1.0.0' });
    try {
      await client.connect(transport);
      await idle(transport.pid);
      for (const pattern of PATTERNS) {
        const search = async (into: number[]) => {
          const t = now();
          const result = await client.callTool({ name: 'skim_search', arguments: { pattern, max: 50 } });
          into.push(now() - t);
          if (result.isError) throw new Error(`skim_search ${pattern}: ${JSON.stringify(result.content)}`);
          return (result.content as { text: string }[])[0].text;
        };
        plain.push(plainRg(rg, pattern, tree));
        const text = await search(first);
        plain.push(plainRg(rg, pattern, tree));
        await search(again);
        if (round === 0) {
          const lines = text.split('\n');
          hits += lines.filter((l) => /^\s+\d+\t/.test(l)).length;
          placed += lines.filter((l) => /^ {4}\d+\t/.test(l)).length;
        }
      }
    } finally {
      await client.close();
      rmSync(cache, { recursive: true, force: true });
    }
  }
  const rgMs = median(plain);
  const where = `${PATTERNS.length} patterns over ${path.relative('/usr', tree)}`;
  record(`plain rg -n, whole process, ${where}`, rgMs, 'ms');
  record('skim_search in a long-lived skim mcp, first search on a fresh cache', median(first), 'ms');
  record('skim_search in skim mcp, the same search again', median(again), 'ms');
  record('skim mcp first search / plain rg', median(first) / rgMs, '×', { text: '≤ 8×', ok: median(first) / rgMs <= 8 });
  record('skim mcp same search again / plain rg', median(again) / rgMs, '×', { text: '≤ 2×', ok: median(again) / rgMs <= 2 });
  record('search hits placed in a region', (100 * placed) / Math.max(1, hits), `% of ${hits} hits`);
  commandCost(record, rg, tree, quick);
}

/** `skim search` as a whole process (on an empty cache, then again), beside `node -e 0` and `rg -n`, interleaved. */
function commandCost(record: Record, rg: string, tree: string, quick: boolean): void {
  const node: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  const plain: number[] = [];
  const time = (args: string[], env?: NodeJS.ProcessEnv) => {
    const t = now();
    execFileSync(process.execPath, args, { cwd: tree, env: env ?? process.env, stdio: 'ignore' });
    return now() - t;
  };
  for (let round = 0; round < (quick ? 1 : 3); round++) {
    for (const pattern of PATTERNS) {
      const cache = mkdtempSync(path.join(os.tmpdir(), 'skim-bench-cli-'));
      const env = { ...process.env, SKIM_CACHE_DIR: cache };
      try {
        node.push(time(['-e', '0']));
        cold.push(time([CLI, 'search', pattern, '--root', tree], env));
        warm.push(time([CLI, 'search', pattern, '--root', tree], env));
        plain.push(plainRg(rg, pattern, tree));
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    }
  }
  record('node -e 0, whole process', median(node), 'ms');
  record('skim search, whole process, empty cache', median(cold), 'ms');
  record('skim search, whole process, the same search again', median(warm), 'ms');
  record('skim search again, whole process / node -e 0', median(warm) / median(node), '×');
  record('skim search again, whole process / plain rg', median(warm) / median(plain), '×');
}
