/**
 * `npm run bench:write`: puts the table of the last `npm run bench` (.bench/results.json) into
 * docs/measurements.md, between its bench markers, and the last `npm run bench:sessions`
 * (.bench/sessions.json) between its sessions markers there and in the README's first claim, each
 * with its run's date, Node version and mode, so that the figures people read are one run's,
 * copied by no hand.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { BenchResults, BenchRow, LanguageRow } from '../test/bench/results';
import { claim, SessionsResult, table as sessionsTable } from '../test/bench/sessions/report';

const ROOT = path.resolve(__dirname, '../..');
const BENCH_FILE = path.join(ROOT, '.bench', 'results.json');
const SESSIONS_FILE = path.join(ROOT, '.bench', 'sessions.json');

/** `doc` with `text` between its `name` markers. */
function between(doc: string, file: string, name: string, text: string): string {
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} markers to write between`);
  return `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`;
}

function benchTables(results: BenchResults): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const verdict = (row: BenchRow) => (row.target ? `${row.target} ${row.ok ? '(met)' : '(**missed**)'}` : '');
  const table = [
    `One run of \`npm run bench${results.quick ? ' -- --quick' : ''}\` on ${results.date.slice(0, 10)}, Node ${results.node}:`,
    '',
    '| measure | this run | target |',
    '|---|---|---|',
    ...results.rows.map((row) => `| ${cell(row.measure)} | ${row.value.toLocaleString('en-US')} ${cell(row.unit)} | ${cell(verdict(row))} |`),
  ].join('\n');

  const mark = (ok: boolean) => (ok ? '' : ' (**missed**)');
  const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
  const times = (x: number | undefined) => (x === undefined ? '—' : `${x.toFixed(2)}×`);
  /** Density and the guarded flow have their targets against ctags' listing only; against keyword lines they are shown unmarked. */
  const languageLine = (l: LanguageRow) =>
    [
      l.language,
      l.set,
      l.reference === 'ctags' ? 'ctags' : 'keyword lines',
      `${l.files} (${l.tags})`,
      percent(l.recall) + mark(l.ok.recall),
      `${percent(l.worstRecall)}${mark(l.ok.worst)} \`${l.worstFile}\``,
      times(l.density) + (l.reference === 'ctags' ? mark(l.ok.density) : ''),
      times(l.densityWithoutNotes),
      times(l.densityWithoutEnds),
      times(l.guarded) + (l.reference === 'ctags' ? mark(l.ok.guarded) : ''),
      times(l.mapFirst),
      l.second
        ? `${l.second.reference}: ${l.second.either}, ${percent(l.second.recall)} located; only it: ${l.second.onlySecond} (${l.second.onlySecondLocated} located)${
            l.second.onlySecond
              ? `: ${Object.entries(l.second.shapes)
                  .map(([shape, n]) => `${shape} ${n}`)
                  .join(', ')}`
              : ''
          }`
        : '',
    ]
      .map(cell)
      .join(' | ');
  const languages = results.languages?.length
    ? [
        '',
        'Per language, on files outside the corpus (`test/bench/outside.ts`), the files tuned on and the held-out ones apart:',
        '',
        '| language | set | reference | files (declarations) | recall ≥ 95% | worst file ≥ 85% | map / listing ≤ 1.0× | the same, no notes | the same, no end lines | guarded flow ≥ 1.0× | map-first | second reference: either finds, located; only it finds |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|',
        ...results.languages.map((l) => `| ${languageLine(l)} |`),
      ]
    : [];

  return [table, ...languages].join('\n');
}

function sessionsSection(result: SessionsResult): string {
  const bias = Object.values(result.harnesses)
    .map((f) => `${f.harness} ${f.estimateBias >= 0 ? '+' : ''}${(f.estimateBias * 100).toFixed(1)}%`)
    .join(', ');
  return [
    `One run of \`npm run bench:sessions${result.quick ? ' -- --quick' : ''}\` on ${result.date.slice(0, 10)}, Node ${result.node}, sessions halved by the split key \`${result.seed}\`:`,
    '',
    sessionsTable(result),
    '',
    `The estimate, tried on the shortened reads the replay could rebuild, from their recordings alone: ${bias} of their replayed tokens.`,
  ].join('\n');
}

const docFile = path.join(ROOT, 'docs', 'measurements.md');
const readmeFile = path.join(ROOT, 'README.md');
let doc = readFileSync(docFile, 'utf8');
const written: string[] = [];
if (existsSync(BENCH_FILE)) {
  const results = JSON.parse(readFileSync(BENCH_FILE, 'utf8')) as BenchResults;
  doc = between(doc, 'docs/measurements.md', 'bench', benchTables(results));
  written.push(`docs/measurements.md: ${results.rows.length} rows from .bench/results.json (${results.date})`);
}
if (existsSync(SESSIONS_FILE)) {
  const result = JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as SessionsResult;
  doc = between(doc, 'docs/measurements.md', 'sessions', sessionsSection(result));
  const claimed = `Measured on sessions other people recorded and Skim replayed (\`npm run bench:sessions\`, [method](docs/measurements.md#recorded-sessions)): ${claim(result)}.`;
  writeFileSync(readmeFile, between(readFileSync(readmeFile, 'utf8'), 'README.md', 'sessions', claimed));
  written.push(`docs/measurements.md and README.md: ${Object.keys(result.harnesses).length} harnesses from .bench/sessions.json (${result.date})`);
}
if (written.length === 0) throw new Error('no bench results to write: run npm run bench or npm run bench:sessions first');
writeFileSync(docFile, doc);
for (const line of written) console.log(line);
