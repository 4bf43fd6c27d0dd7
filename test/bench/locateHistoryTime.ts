/**
 * The history locate reads, timed: `skim history` as a whole process on a repository of N commits
 * made here by `git fast-import` (each changing one Python function of twenty files), never read
 * before; and the first `skim locate` on it, which must answer from the words at once while its
 * own `skim history` reads in the background. 10,000 commits is the issue's size (read within
 * 30 s); 100,000 shows the bound (the newest 20,000 kept).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

type Record = (measure: string, value: number, unit: string, target?: { text: string; ok: boolean }) => void;

const CLI = path.resolve(__dirname, '../../../dist/cli.js');
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** The fast-import stream of `commits` commits, each a message naming the function it changes. */
function stream(commits: number): string {
  const parts: string[] = [];
  for (let i = 0; i < commits; i++) {
    const body = Array.from({ length: 50 }, (_, j) => `def scale_${j}(value):\n    return value * ${j === i % 50 ? i : 1}\n\n`).join('');
    const message = `Scale values by ${i} in scale_${i % 50} when the ratio changes\n`;
    parts.push(`commit refs/heads/main\nmark :${i + 1}\ncommitter A <a@example.com> ${1_600_000_000 + i} +0000\n`);
    parts.push(`data ${Buffer.byteLength(message)}\n${message}${i ? `from :${i}\n` : ''}`);
    parts.push(`M 644 inline module_${i % 20}.py\ndata ${Buffer.byteLength(body)}\n${body}\n`);
  }
  return parts.join('');
}

export function measureHistoryTime(record: Record, quick: boolean): void {
  for (const commits of quick ? [10_000] : [10_000, 100_000]) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skim-bench-history-'));
    try {
      const project = path.join(dir, 'project');
      execFileSync('git', ['init', '-q', '-b', 'main', project]);
      execFileSync('git', ['fast-import', '--quiet'], { cwd: project, input: stream(commits), maxBuffer: 1 << 30 });
      execFileSync('git', ['checkout', '-q', 'main'], { cwd: project });
      const env = { ...process.env, SKIM_CACHE_DIR: path.join(dir, 'cache') };
      const label = `${commits.toLocaleString('en-US')} commits never read`;
      const cache = path.join(dir, 'cache-history');
      const t = now();
      const run = spawnSync(process.execPath, [CLI, 'history', '--json'], { cwd: project, env: { ...env, SKIM_CACHE_DIR: cache }, encoding: 'utf8' });
      const ms = now() - t;
      const held = run.status === 0 ? (JSON.parse(run.stdout) as { commits: number }).commits : 0;
      record(`history, ${label}: skim history, whole process`, ms, 'ms', commits === 10_000 ? { text: '≤ 30,000', ok: ms <= 30_000 } : undefined);
      record(`history, ${label}: commits kept`, held, 'commits', { text: `${Math.min(commits, 20_000)}`, ok: held === Math.min(commits, 20_000) });
      // After the timed read, so that its own background read does not share the machine with it.
      if (commits === 10_000) {
        const t = now();
        const first = JSON.parse(
          execFileSync(process.execPath, [CLI, 'locate', 'values scaled by the wrong ratio', '--json'], { cwd: project, env, encoding: 'utf8' }),
        ) as { history?: unknown };
        const ms = now() - t;
        record(`history, ${label}: first skim locate, whole process`, ms, 'ms', {
          text: 'answers from the words, the history being read',
          ok: first.history === 'reading',
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
