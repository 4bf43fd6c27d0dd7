/**
 * `npm run bench:sessions`: replays every read of every recorded session (../shared/sessions) through
 * Skim's own read path for its harness, and counts o200k tokens of what the model was shown and of
 * what it would have been shown with Skim. Prints a table (or, with --json, one JSON object) and
 * writes .bench/sessions.json, which `npm run bench:write` copies into docs/measurements.md and the README.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { corpusFiles, DEFAULT_CORPUS, loadSessions, RecordedSession, ROOT } from './corpus';
import { Harness, harnessOf, ReadPath } from './harnesses';
import { replaySession, SessionReplay } from './replay';
import { SizeBook } from './sizes';
import { halfOf, rank, SPLIT_SEED } from './split';
import { SessionsResult, table } from './report';
import { SAVINGS_TODAY, tally } from './tally';
import { Workspace } from './workspace';

/** Sessions per harness in the quick run. */
const QUICK_SESSIONS = 6;

const USAGE = `npm run bench:sessions -- [--corpus DIR] [--json] [--quick]

Replays the recorded sessions' reads through Skim's read path for each harness and counts tokens.
  --corpus DIR  a folder of recorded sessions (*.jsonl.gz); default ../shared/sessions beside the repository
  --json        one JSON object on stdout instead of the table
  --quick       a fixed subset: the same ${QUICK_SESSIONS} sessions of each harness every run (what CI runs)`;

/** How each harness's reads reach Skim, as the report says it. */
const PATHS: Record<ReadPath, string> = {
  hook: "the host's Read hook",
  view: 'a view tool hooked as the Copilot CLI view is',
  shell: "the shell-read hook's guarded print of a plain read (`skim lines`)",
};

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The quick run's sessions: the first of each half in the split's order, the same every run. */
function quickSubset(sessions: RecordedSession[]): RecordedSession[] {
  const ordered = [...sessions].sort((a, b) => Buffer.compare(rank(a), rank(b)));
  return (['tuned', 'held-out'] as const).flatMap((half) => ordered.filter((s) => halfOf(s) === half).slice(0, QUICK_SESSIONS / 2));
}

async function replayAll(harness: Harness, sessions: RecordedSession[], ws: Workspace, sizes: SizeBook): Promise<SessionReplay[]> {
  const out: SessionReplay[] = [];
  for (const session of sessions) out.push(await replaySession(harness, session, ws, sizes));
  return out;
}

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) return console.log(USAGE);
  const corpus = path.resolve(option(args, '--corpus') ?? DEFAULT_CORPUS);
  const files = corpusFiles(corpus);
  if (files.length === 0) return console.log(`bench:sessions: no recorded sessions (*.jsonl.gz) in ${corpus}; pass --corpus DIR to replay some`);
  const quick = args.includes('--quick');
  const loaded = files.map((file) => ({ file, harness: harnessOf(file), sessions: loadSessions(path.join(corpus, file)) }));
  const sizes = new SizeBook();
  for (const { sessions } of loaded) sessions.forEach((session) => sizes.add(session));
  const result: SessionsResult = {
    date: new Date().toISOString(),
    node: process.version,
    corpus,
    quick,
    seed: SPLIT_SEED,
    harnesses: {},
    split: { tuned: {}, 'held-out': {} },
    unknown: loaded.filter((l) => !l.harness).map((l) => l.file),
  };
  const ws = await Workspace.open();
  try {
    for (const { file, harness, sessions } of loaded) {
      if (!harness) continue;
      const chosen = quick ? quickSubset(sessions) : sessions;
      const replays = await replayAll(harness, chosen, ws, sizes);
      const paths = [...new Set(Object.values(harness.ways).map((way) => PATHS[way.path]))];
      result.harnesses[file] = { harness: harness.name, model: sessions[0]?.model ?? '', paths, ...tally(replays, SAVINGS_TODAY) };
      for (const half of ['tuned', 'held-out'] as const)
        result.split[half][file] = tally(
          replays.filter((r) => halfOf(r.session) === half),
          SAVINGS_TODAY,
        );
    }
  } finally {
    await ws.close();
  }
  mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  writeFileSync(path.join(ROOT, '.bench', 'sessions.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (args.includes('--json')) return console.log(JSON.stringify(result));
  console.log(table(result));
  for (const [file, f] of Object.entries(result.harnesses)) console.log(`${file}: ${f.harness}'s reads through ${f.paths.join(' and ')}`);
  if (result.unknown.length) console.log(`left out, no harness profile: ${result.unknown.join(', ')}`);
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`bench:sessions failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
