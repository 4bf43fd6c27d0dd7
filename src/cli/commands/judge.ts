import { readFileSync } from 'node:fs';
import { Options } from '../../core/config/options';
import { JUDGE_SITES, JudgeEvent, judgeLogFile } from '../../core/judge/runtime';
import { Io } from '../io';

const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

/**
 * `skim judge stats`: per site, how often the judge was asked, how often it answered, flagged or
 * failed, what was enforced, and how long it took; then the latest reasons it failed.
 */
export function judgeCommand(io: Io, env: NodeJS.ProcessEnv, options: Options): number {
  const file = judgeLogFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    const configured =
      options.judgeBackend === 'none'
        ? 'no judge is configured: set SKIM_JUDGE_BACKEND=openai, SKIM_JUDGE_URL and SKIM_JUDGE_MODEL'
        : `the ${options.judgeBackend} judge has not been asked yet`;
    io.out(`No judgements yet (${file} does not exist): ${configured}.`);
    return 0;
  }
  const events: JudgeEvent[] = [];
  for (const line of text.split('\n')) {
    try {
      if (line) events.push(JSON.parse(line) as JudgeEvent);
    } catch {
      // A line cut short by a crash is skipped.
    }
  }
  const rows = JUDGE_SITES.map((site) => {
    const own = events.filter((e) => e.site === site);
    const flagged = own.filter((e) => ['wrap', 'reranked', 'unsupported'].includes(e.decision) || e.decision.startsWith('rerouted')).length;
    const answered = own.filter((e) => Object.values(e.signals).some((p) => p !== null));
    const latency = own
      .filter((e) => !e.cacheHit)
      .map((e) => e.latencyMs)
      .sort((a, b) => a - b);
    const rate = own.length ? `${((100 * flagged) / own.length).toFixed(1)}%` : '-';
    return [
      site,
      own.length,
      answered.length,
      flagged,
      rate,
      own.filter((e) => e.error).length,
      own.filter((e) => e.enforced).length,
      own.filter((e) => e.cacheHit).length,
      percentile(latency, 0.5),
      percentile(latency, 0.95),
    ];
  });
  const head = ['site', 'judgements', 'answered', 'flagged', 'flag rate', 'failed', 'enforced', 'cache hits', 'p50 ms', 'p95 ms'];
  const failures = [
    ...new Set(
      events
        .filter((e) => e.error)
        .map((e) => e.error as string)
        .reverse(),
    ),
  ].slice(0, 3);
  const table = [head, ...rows.map((r) => r.map((c) => (typeof c === 'number' && Number.isNaN(c) ? '-' : String(c))))];
  const widths = head.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  io.out(
    [
      `Judgements in ${file}:`,
      ...table.map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      ),
      ...(failures.length ? ['', 'Latest failures (the judge gave no answer, so nothing was judged):', ...failures.map((f) => `  ${f}`)] : []),
    ].join('\n'),
  );
  return 0;
}
