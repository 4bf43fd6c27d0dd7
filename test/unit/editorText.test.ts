import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CLOSURE_LENS_LINES, codeLensTitle, LENS_CHARS, lensRegions, plainNote, renderHover } from '../../src/core/map/render';
import { MapEntry, Region } from '../../src/core/map/types';
import { splitLines } from '../../src/core/files/readSource';
import { structuralMap } from '../../src/core/structural/mapper';
import { ShortenedRead } from '../../src/core/savings';
import { savingsChart, savingsPage, shownOfAsked } from '../../src/vscode/savings/savingsPage';
import type { SavingsTotals } from '../../src/vscode/savings/savings';
import { RUNNER, runnerBlock, runnerLinesMatching, span } from '../support/mochaRunner';

/** Declarations of mocha's runner.js, found in its own text (not from Skim's outline, which these tests check). */
const IMPORTS = { start: runnerLinesMatching(/^import /)[0], end: runnerLinesMatching(/^import .* from "\.\/error-constants\.js";$/)[0] };
const RUNNER_CLASS = runnerBlock('class Runner extends EventEmitter {');
const CONSTRUCTOR = runnerBlock('  constructor(suite, opts = {}) {');
const ADD_LISTENER = runnerBlock('Runner.prototype._addEventListener = function');
const REMOVE_LISTENER = runnerBlock('Runner.prototype._removeEventListener = function');
const HOOK = runnerBlock('Runner.prototype.hook = function');
const HOOK_NEXT = runnerBlock('function next(i) {');

/** A real file's structural map, as the editor shows it, and its lines. */
async function mapped(file: string): Promise<{ entry: MapEntry; lines: string[] }> {
  const text = readFileSync(file, 'utf8');
  const lines = splitLines(text);
  const map = await structuralMap(file, text, lines.length);
  return { entry: { path: file, size: text.length, hash: '', lines: lines.length, status: 'structural', created: 0, ...map }, lines };
}

const region = (over: Partial<Region>): Region => ({ start: 10, end: 40, kind: 'method', name: 'run', note: '', ...over });

describe('the editor text of a map: lenses and hovers', () => {
  it('writes a note in plain words: JSDoc links, backticks, Markdown links and emphasis gone, a link cut at the end dropped', () => {
    assert.equal(
      plainNote('Like {@link Runner#run}, but returns a `Promise` instead of a `Runner`.'),
      'Like Runner#run, but returns a Promise instead of a Runner.',
    );
    assert.equal(
      plainNote('A hierarchy of {@link Suite|Suites} and **tests**, see [the docs](https://mochajs.org).'),
      'A hierarchy of Suites and tests, see the docs.',
    );
    assert.equal(
      plainNote('Initialize a `Runner` at the Root {@link Suite}, which represents a hierarchy of {@link…'),
      'Initialize a Runner at the Root Suite, which represents a hierarchy of',
    );
    assert.equal(plainNote('Returns <code>true</code>\n   when   done.'), 'Returns true when done.');
  });

  it('gives a lens its kind, lines and plain note, never more than LENS_CHARS, and names the import block by its note', () => {
    assert.equal(codeLensTitle(region({ note: 'Runs the `suite` and calls {@link Runner#done}.' })), 'method · 10-40 · Runs the suite and calls Runner#done.');
    assert.equal(codeLensTitle(region({ start: 9, end: 21, kind: 'imports', name: 'imports', note: '8 imports' })), '8 imports · 9-21');
    const long = codeLensTitle(
      region({ note: 'Run tests in the given suite and invoke the callback when complete, with every failure counted and reported to the reporter.' }),
    );
    assert.equal(long, 'method · 10-40 · Run tests in the given suite and invoke the callback…');
    assert.ok(long.length <= LENS_CHARS);
  });

  it('leaves out a lens note the screen already shows: the doc comment above, the signature on the line, a Python docstring below', async () => {
    const runner = await mapped(RUNNER);
    const around = (r: Region) => runner.lines.slice(Math.max(0, r.start - 40), r.start + 5).join('\n');
    const titles = lensRegions(runner.entry.regions).map((r) => `${r.start} ${codeLensTitle(r, around(r))}`);
    assert.deepEqual(
      titles.slice(0, 4),
      [RUNNER_CLASS, CONSTRUCTOR, ADD_LISTENER, REMOVE_LISTENER].map((b, i) => `${b.start} ${i === 0 ? 'class' : 'method'} · ${span(b)}`),
    );
    assert.ok(titles.includes(`${HOOK.start} method · ${span(HOOK)}`), 'the signature (name, fn) is on the line itself');
    assert.equal(
      codeLensTitle(runner.entry.regions[1], 'export class Queue {'),
      `class · ${span(RUNNER_CLASS)} · extends EventEmitter`,
      'a note the screen does not show stays',
    );
    const base64 = await mapped('/usr/lib/python3.11/base64.py');
    const b64encode = base64.entry.regions.find((r) => r.name === 'b64encode') as Region;
    assert.equal(b64encode.note, 'Encode the bytes-like object s using Base64 and return a bytes object.');
    assert.equal(codeLensTitle(b64encode, base64.lines.slice(b64encode.start - 1, b64encode.start + 5).join('\n')), 'function · 51-62');
  });

  it('puts lenses on declarations that matter: not the imports, not one-line members, not closures under CLOSURE_LENS_LINES lines', async () => {
    const { entry } = await mapped(RUNNER);
    const lenses = lensRegions(entry.regions);
    assert.equal(entry.regions.length, 46);
    assert.equal(lenses.length, 36);
    assert.ok(!lenses.some((r) => r.kind === 'imports'));
    const dropped = entry.regions.filter((r) => !lenses.includes(r)).map((r) => `${r.start}-${r.end} ${r.kind} ${r.name}`);
    assert.deepEqual(dropped, [
      `${span(IMPORTS)} imports imports`,
      `${span(runnerBlock('this.unhandled = (reason, promise) => {'))} function this.unhandled`,
      `${span(runnerBlock('function failTestsInSuite(s) {'))} function failTestsInSuite`,
      `${span(runnerBlock('self._failedBeforeEachHook = {'))} object self._failedBeforeEachHook`,
      `${span(runnerBlock('function setHookTitle(hook) {'))} function setHookTitle`,
      `${span(runnerBlock('function next(suite) {'))} function next`,
      `${span(runnerBlock('function done(errSuite) {'))} function done`,
      `${span(runnerBlock('const end = () => {'))} function end`,
      `${span(runnerBlock('const begin = () => {'))} function begin`,
      `${span(runnerBlock('const prepare = () => {'))} function prepare`,
    ]);
    assert.ok(
      lenses.some((r) => r.name === 'next' && r.end - r.start + 1 >= CLOSURE_LENS_LINES),
      'a closure of 108 lines keeps its lens',
    );
  });

  it("puts no lens on a one-line method outside any class (esbuild's exports object), and keeps the functions around it", async () => {
    const { entry } = await mapped(require.resolve('esbuild/lib/main.js'));
    const at = (start: number) => entry.regions.find((r) => r.start === start);
    assert.deepEqual([at(33)?.kind, at(33)?.end], ['method', 33], 'analyzeMetafile: () => analyzeMetafile is a one-line method');
    const lenses = lensRegions(entry.regions);
    assert.ok(!lenses.some((r) => r.kind === 'method' && r.start === r.end));
    assert.deepEqual(
      lenses.slice(0, 4).map((r) => `${r.start}-${r.end} ${r.name}`),
      ['8-11 __export', '12-19 __copyProps', '20-27 __toESM', '28-28 __toCommonJS'],
    );
  });

  it("hovers one line on a declaration's own line (anywhere in it, by request), never file-level text, nothing elsewhere", async () => {
    const { entry } = await mapped(RUNNER);
    assert.deepEqual(renderHover(entry, HOOK.start)?.text, `method Runner.prototype.hook · ${span(HOOK)} · (name, fn)`);
    assert.equal(renderHover(entry, HOOK.start + 1), undefined);
    assert.equal(renderHover(entry, HOOK_NEXT.start + 8, true)?.text, `function next · ${span(HOOK_NEXT)} · (i)`);
    assert.equal(renderHover(entry, IMPORTS.start)?.text, `8 imports · ${span(IMPORTS)}`);
    assert.equal(renderHover(entry, 1), undefined);
    // The note is the doc comment's sentence without its `{@link Suite|Suites}` markup, so all of it fits.
    assert.equal(
      renderHover(entry, CONSTRUCTOR.start)?.text,
      `method constructor · ${span(CONSTRUCTOR)} · Initialize a Runner at the Root Suite, which represents a hierarchy of Suites and Tests.`,
    );
  });
});

describe('the savings page', () => {
  const read = (shown: [number, number], askedEnd: number, over: Partial<ShortenedRead> = {}): ShortenedRead => ({
    at: Date.UTC(2026, 0, 2),
    path: 'lib/runner.js',
    shown,
    askedEnd,
    withheldLines: askedEnd - shown[1],
    withheldBytes: 4000,
    shownTokens: 500,
    shownBytes: 2000,
    mapTokens: 300,
    ...over,
  });
  const totals = (last: ShortenedRead[]): SavingsTotals => ({
    reads: last.length,
    withheldLines: 600,
    withheldBytes: 8000,
    withheldTokens: 2000,
    mapTokens: 600,
    modelCalls: 1,
    tokenizers: ['o200k (gpt-tokenizer)'],
    last,
    series: last.map((r) => ({ at: r.at, withheldTokens: 1000, mapTokens: 300 })),
  });

  it('says the lines each read asked for from its own start: 580-779 of 580-979, not of 1-979', () => {
    assert.equal(shownOfAsked(read([580, 779], 979)), '580-779 of 580-979');
  });

  it('is one page with a strict policy, no script and nothing fetched, every name escaped', () => {
    const html = savingsPage(totals([read([580, 779], 979, { path: 'lib/<b>x</b>.js' })]), 'n0nce');
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-n0nce';">/);
    assert.doesNotMatch(html, /<script|https?:|<b>x/);
    assert.match(html, /<td>lib\/&#60;b&#62;x&#60;\/b&#62;\.js<\/td><td class="n">580-779 of 580-979<\/td><td class="n">200<\/td>/);
    assert.match(html, /<th>Net<\/th><td class="n">~1,400<\/td>/);
  });

  it('draws tokens withheld and of maps, added up read after read, from zero to their totals', () => {
    const svg = savingsChart([
      { at: 0, withheldTokens: 1000, mapTokens: 250 },
      { at: 86_400_000, withheldTokens: 3000, mapTokens: 250 },
    ]);
    const points = [...svg.matchAll(/<polyline class="(\w+)" points="([^"]+)"/g)].map((m) => [m[1], m[2].split(' ').length]);
    assert.deepEqual(points, [
      ['withheld', 3],
      ['maps', 3],
    ]);
    assert.match(svg, />4,000<\/text>/);
    assert.match(svg, />1970-01-02 · 2 reads<\/text>/);
    assert.equal(savingsChart([]), '<p class="empty">No read has been shortened in this workspace yet.</p>');
  });
});
