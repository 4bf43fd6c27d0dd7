/**
 * `npm run bench:write`: puts the table of the last `npm run bench` (.bench/results.json) into
 * docs/measurements.md, between its bench markers, with the run's date, Node version and mode, so
 * that the figures people read are one run's, copied by no hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { BenchResults, BenchRow } from '../test/bench/results';

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

const file = path.join(ROOT, 'docs', 'measurements.md');
const doc = readFileSync(file, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/measurements.md has no ${START} … ${END} markers to write the table between`);
writeFileSync(file, `${doc.slice(0, from + START.length)}\n${table}\n${doc.slice(to)}`);
console.log(`docs/measurements.md: ${results.rows.length} rows from .bench/results.json (${results.date})`);
