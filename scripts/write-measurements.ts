/**
 * `npm run bench:write`: puts the table of the last `npm run bench` (.bench/results.json) into
 * docs/measurements.md, between its bench markers, with the run's date, Node version and mode, so
 * that the figures people read are one run's, copied by no hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { BenchResults, BenchRow, LanguageRow } from '../test/bench/results';

const ROOT = path.resolve(__dirname, '../..');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const results = JSON.parse(readFileSync(path.join(ROOT, '.bench', 'results.json'), 'utf8')) as BenchResults;
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

const file = path.join(ROOT, 'docs', 'measurements.md');
const doc = readFileSync(file, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/measurements.md has no ${START} … ${END} markers to write the table between`);
writeFileSync(file, `${doc.slice(0, from + START.length)}\n${[table, ...languages].join('\n')}\n${doc.slice(to)}`);
console.log(`docs/measurements.md: ${results.rows.length} rows from .bench/results.json (${results.date})`);
