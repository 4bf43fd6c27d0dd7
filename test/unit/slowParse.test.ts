import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { guardedRead } from '../../src/core/guard/guard';
import { hashBytes } from '../../src/core/files/scan';
import { Project } from '../../src/core/files/project';
import { SlowFiles } from '../../src/core/mapping/slowFiles';
import { Outlines, readOutlineSource } from '../../src/core/outlines/projectOutlines';
import { languageFor } from '../../src/core/structural/languages';
import { outlineInWorker } from '../../src/core/structural/outlineWorker';
import { parsesStarted } from '../../src/core/structural/parser';
import { rememberSlow, slowBefore, slowRules } from '../../src/core/structural/slowTexts';
import { nodeAtFile, queryFile } from '../../src/core/tools/tree';
import { skimSignalled } from '../support/cli';
import { engine } from '../support/engine';
import { runnerProject, scratch } from '../support/files';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');

/**
 * The shape that held VS Code's extension host for a minute (issue 27): lines of `a"a"a"…`, on
 * which TypeScript's grammar spends a minute and a half recovering from errors. `variant` makes
 * other bytes of the same shape (a text once found slow is never parsed again in a process).
 */
function quotes(kb: number, variant: string): string {
  const line = `${'a"'.repeat(40)}\n`;
  return `// ${variant}\n${line.repeat(Math.ceil((kb * 1024) / line.length))}`;
}

/**
 * Why there is no outline of it: it had its time and used it, or (on a machine so busy that the
 * wall's clock ran out first) it ran out of time only late. Both keep it from being parsed again
 * now; which one is the machine's doing (see slowTexts' tests for each, on a clock of their own).
 */
const OUT_OF_TIME =
  '(tree-sitter could not parse the file within 10 s, so it has no outline \\(Skim does not try the same bytes again\\)|tree-sitter ran out of time on the file while the machine was busy, so it has no outline yet \\(Skim tries it again later\\))';
const SLOW = new RegExp(`^\\[skim\\] No map of quotes\\.ts could be made \\(${OUT_OF_TIME}\\), so the read was not shortened\\.$`);

describe('a file tree-sitter cannot parse in time', () => {
  let s: ReturnType<typeof scratch>;
  beforeEach(() => (s = scratch()));
  afterEach(() => s.cleanup());

  it('is read as asked, saying it has no outline, and the same bytes are never parsed again: in this process nor from the cache', async function () {
    this.timeout(90_000);
    const text = quotes(100, 'read');
    s.write('quotes.ts', text);
    const env = await engine(s.dir);
    try {
      const file = env.project.file(path.join(s.dir, 'quotes.ts'));
      const before = parsesStarted();
      const first = await guardedRead(env.maps, file);
      assert.ok(parsesStarted() > before);
      assert.deepEqual([first.outcome, first.start, first.end, first.total], ['unmapped', 1, 1266, 1266]);
      assert.match(first.notice, SLOW);
      assert.equal(first.lines.join('\n'), text.slice(0, -1));
      const language = languageFor('quotes.ts')!;
      assert.ok(SlowFiles.beside(env.cache.file).has(hashBytes(Buffer.from(text)), slowRules(language)));

      const again = parsesStarted();
      const second = await guardedRead(env.maps, file, { offset: 600 });
      assert.deepEqual([second.outcome, second.start, second.end, parsesStarted()], ['unmapped', 600, 1266, again]);
      assert.match(second.notice, SLOW);

      // Bytes the project's cache knows as slow are not parsed by a process that never saw them: here, a real file marked so.
      const runner = readFileSync(require.resolve('mocha/lib/runner.js'));
      s.write('runner.js', runner);
      SlowFiles.beside(env.cache.file).add(hashBytes(runner), slowRules(languageFor('runner.js')!));
      const marked = await guardedRead(env.maps, env.project.file(path.join(s.dir, 'runner.js')));
      assert.deepEqual([marked.outcome, marked.end, parsesStarted()], ['unmapped', runner.toString().split('\n').length - 1, again]);
      assert.match(marked.notice, /^\[skim\] No map of runner\.js could be made \(tree-sitter could not parse the file within 10 s/);
    } finally {
      await env.cache.close();
    }
  });

  it('bytes found late are tried again after a minute, then two, four, at most an hour; bytes found slow never; a marker half written is no verdict', () => {
    const markers = SlowFiles.beside(path.join(s.dir, '.cache', 'maps.sqlite'));
    const rules = slowRules(languageFor('runner.js')!);
    const t = 1_000_000;
    markers.add('h', rules, true, t);
    assert.deepEqual(
      [markers.has('h', rules, t)?.late, markers.has('h', rules, t + 59_999)?.late, markers.has('h', rules, t + 60_000)],
      [true, true, undefined],
    );
    markers.add('h', rules, true, t + 60_000);
    assert.deepEqual([markers.has('h', rules, t + 179_999)?.late, markers.has('h', rules, t + 180_000)], [true, undefined]);
    for (let i = 0; i < 10; i++) markers.add('h', rules, true, t);
    assert.deepEqual([markers.has('h', rules, t + 3_599_999)?.late, markers.has('h', rules, t + 3_600_000)], [true, undefined]);
    markers.add('h', rules, false, t);
    markers.add('h', rules, true, t);
    assert.equal(markers.has('h', rules, t + 10 * 365 * 86_400_000)?.late, false);

    const other = SlowFiles.beside(path.join(s.dir, 'other', 'maps.sqlite'));
    other.add('g', rules, true, t);
    const [name] = readdirSync(path.join(s.dir, 'other', 'maps.slow'));
    writeFileSync(path.join(s.dir, 'other', 'maps.slow', name), '{"late":1,"retr');
    assert.equal(other.has('g', rules, t), undefined);
  });

  it('a text this process found late is tried again once its minute is past; one found slow is not', () => {
    const language = languageFor('late.ts')!;
    const [late, slow] = [quotes(1, 'late in this process'), quotes(1, 'slow in this process')];
    const t = Date.now();
    rememberSlow(language, late, true, t);
    rememberSlow(language, slow, false, t);
    assert.deepEqual(
      [slowBefore(language, late, t + 59_999), slowBefore(language, late, t + 60_000), slowBefore(language, slow, t + 86_400_000)],
      ['late', undefined, 'slow'],
    );
    rememberSlow(language, late, true, t + 60_000);
    assert.deepEqual([slowBefore(language, late, t + 179_999), slowBefore(language, late, t + 180_000)], ['late', undefined]);
  });

  it('a file found late (out of time while the machine was busy) is read as asked until its next try, then mapped; a marker of the wall-clock rules an earlier Skim wrote is no verdict', async function () {
    this.timeout(90_000);
    const runner = readFileSync(require.resolve('mocha/lib/runner.js'));
    const total = runner.toString().split('\n').length - 1;
    s.write('runner.js', runner);
    const env = await engine(s.dir);
    try {
      const file = env.project.file(path.join(s.dir, 'runner.js'));
      const rules = slowRules(languageFor('runner.js')!);
      env.maps.slow.add(hashBytes(runner), rules, true);
      const before = parsesStarted();
      const waiting = await guardedRead(env.maps, file);
      assert.deepEqual([waiting.outcome, waiting.end, parsesStarted()], ['unmapped', total, before]);
      assert.equal(
        waiting.notice,
        '[skim] No map of runner.js could be made (tree-sitter ran out of time on the file while the machine was busy, so it has no outline yet (Skim tries it again later)), so the read was not shortened.',
      );
      // Its minute past: a marker written a minute ago.
      env.maps.slow.add(hashBytes(runner), rules, true, Date.now() - 120_000);
      const due = await guardedRead(env.maps, file);
      assert.deepEqual([due.outcome, due.start, due.end, due.total], ['capped', 1, 200, total]);
      assert.ok(due.entry?.regions.some((r) => r.name === 'Runner'));

      const other = readFileSync(require.resolve('mocha/lib/suite.js'));
      s.write('suite.js', other);
      env.maps.slow.add(hashBytes(other), rules.replace(/-cpu$/, ''));
      const old = await guardedRead(env.maps, env.project.file(path.join(s.dir, 'suite.js')));
      assert.equal(old.outcome, 'capped');
    } finally {
      await env.cache.close();
    }
  });

  it('the tree tools read the same markers: bytes the project marked slow are refused by skim_query_tree and skim_node_at without a parse', async () => {
    const runner = readFileSync(require.resolve('mocha/lib/runner.js'));
    s.write('runner.js', runner);
    const env = await engine(s.dir);
    try {
      const file = env.project.file(path.join(s.dir, 'runner.js'));
      env.maps.slow.add(hashBytes(runner), slowRules(languageFor('runner.js')!));
      const before = parsesStarted();
      const refusal = 'runner.js: tree-sitter could not parse the file within 10 s, so it has no outline (Skim does not try the same bytes again)';
      await assert.rejects(queryFile(env.ctx, file, 'strings', undefined, env.maps.slow), {
        message: `skim_query_tree: ${refusal}. Use skim_search or skim_read_file for this file instead.`,
      });
      await assert.rejects(nodeAtFile(env.ctx, file, 1, undefined, env.maps.slow), {
        message: `skim_node_at: ${refusal}. Read the lines around it with skim_read_file instead.`,
      });
      assert.equal(parsesStarted(), before);
      // Without the markers the same file parses and answers.
      assert.match((await queryFile(env.ctx, file, 'strings')).parts[0].text, /^strings in runner\.js/);
    } finally {
      await env.cache.close();
    }
  });

  it("in the outline worker is answered as slow, and another file's outline taking turns with it is answered first", async function () {
    this.timeout(90_000);
    const slow = outlineInWorker({ file: 'quotes.ts', text: quotes(100, 'worker'), lines: 1266 });
    const runnerText = readFileSync(require.resolve('mocha/lib/runner.js'), 'utf8');
    const answered: string[] = [];
    const quick = outlineInWorker({ file: 'runner.js', text: runnerText, lines: runnerText.split('\n').length }).then((answer) => {
      answered.push('runner.js');
      return answer;
    });
    const [slowAnswer, quickAnswer] = await Promise.all([slow.then((answer) => (answered.push('quotes.ts'), answer)), quick]);
    assert.deepEqual(answered, ['runner.js', 'quotes.ts'], JSON.stringify(slowAnswer));
    assert.equal('failed' in slowAnswer && slowAnswer.failed, 'slow');
    assert.match('message' in slowAnswer ? slowAnswer.message : '', new RegExp(`^${OUT_OF_TIME}$`));
    assert.ok('map' in quickAnswer && quickAnswer.map.regions.some((r) => r.name === 'Runner'), JSON.stringify(quickAnswer).slice(0, 400));
  });

  it('in the outline worker is stopped when its caller gives up, and the worker goes on serving', async function () {
    this.timeout(60_000);
    const stop = new AbortController();
    const given = outlineInWorker({ file: 'quotes.ts', text: quotes(100, 'given up'), lines: 1266 }, stop.signal);
    stop.abort(new Error('a newer version'));
    await assert.rejects(given, /a newer version/);
    const runnerText = readFileSync(require.resolve('mocha/lib/runner.js'), 'utf8');
    const answer = await outlineInWorker({ file: 'runner.js', text: runnerText, lines: runnerText.split('\n').length });
    assert.ok('map' in answer && answer.map.regions.some((r) => r.name === 'Runner'), JSON.stringify(answer).slice(0, 400));
  });

  it('skim map of it ends with one line saying so and exit 1, and marks those bytes beside the project cache', async function () {
    this.timeout(90_000);
    s.write('quotes.ts', quotes(100, 'map'));
    const cache = path.join(s.dir, '.cache');
    const run = () =>
      promisify(execFile)(process.execPath, [CLI, 'map', 'quotes.ts'], { cwd: s.dir, env: { PATH: process.env.PATH, SKIM_CACHE_DIR: cache } }).then(
        () => assert.fail('skim map succeeded'),
        (error: { code: number; stdout: string; stderr: string }): [number, string, string] => [error.code, error.stdout, error.stderr],
      );
    const line = new RegExp(`^skim: no map for quotes\\.ts: ${OUT_OF_TIME}\\n$`);
    const first = await run();
    assert.deepEqual(first.slice(0, 2), [1, '']);
    assert.match(first[2], line);
    const markers = readdirSync(cache).filter((name) => name.endsWith('.slow'));
    assert.equal(markers.length, 1);
    assert.equal(readdirSync(path.join(cache, markers[0])).length, 1);
    assert.deepEqual(await run(), first, 'the same bytes, the same answer');
  });

  it('skim map of it ends at once on SIGTERM, saying so', async function () {
    this.timeout(60_000);
    s.write('quotes.ts', quotes(500, 'signal'));
    // The parse of 500 KB of this shape would take minutes: the signal comes while it runs.
    const [code, stdout, stderr] = await skimSignalled(['map', 'quotes.ts'], s.dir);
    assert.deepEqual([code, stdout, stderr], [143, '', 'skim: no map for quotes.ts: stopped: ended by SIGTERM\n']);
  });

  it('skim overview of a tree holding it ends on SIGTERM with one line, its outlining in the worker', async function () {
    this.timeout(60_000);
    const project = runnerProject();
    try {
      project.write('lib/quotes.ts', quotes(100, 'overview signal'));
      // Outlining the 100 KB file takes the whole 10 s, its outline query in one piece: the signal comes while it runs.
      const [code, stdout, stderr] = await skimSignalled(['overview', '.'], project.dir);
      assert.deepEqual([code, stdout, stderr], [143, '', 'skim: stopped: ended by SIGTERM\n']);
    } finally {
      project.cleanup();
    }
  });

  it('skim locate whose words reach it ends on SIGTERM with one line, answering nothing partial', async function () {
    this.timeout(60_000);
    const project = runnerProject();
    try {
      project.write('lib/quotes.ts', quotes(100, 'the slow quotes'));
      const [code, stdout, stderr] = await skimSignalled(['locate', 'where are the slow quotes parsed', '.'], project.dir);
      assert.deepEqual([code, stdout, stderr], [143, '', 'skim: stopped: ended by SIGTERM\n']);
    } finally {
      project.cleanup();
    }
  });

  it("search's and the overview's outlines read the same markers: bytes marked slow are not parsed, and bytes found slow are marked", async function () {
    this.timeout(90_000);
    const project = runnerProject();
    try {
      const markers = SlowFiles.beside(path.join(project.dir, '.cache', 'maps.sqlite'));
      const runner = readFileSync(path.join(project.dir, 'lib/runner.js'));
      markers.add(hashBytes(runner), slowRules(languageFor('runner.js')!));
      const root = new Project(project.dir);
      const marked = await readOutlineSource(root.file(path.join(project.dir, 'lib/runner.js')));
      const before = parsesStarted();
      assert.equal(await new Outlines(undefined, markers, false).whole(marked, true), null);
      assert.equal(parsesStarted(), before);
      // Without the markers the same file is outlined.
      assert.ok((await new Outlines(undefined, undefined, false).whole(marked, true))?.outline.regions.some((r) => r.name === 'Runner'));

      const text = quotes(100, 'outlines');
      project.write('lib/quotes.ts', text);
      const slow = await readOutlineSource(root.file(path.join(project.dir, 'lib/quotes.ts')));
      assert.equal(await new Outlines(undefined, markers, true).whole(slow, true), null);
      assert.ok(markers.has(hashBytes(Buffer.from(text)), slowRules(languageFor('quotes.ts')!)));
    } finally {
      project.cleanup();
    }
  });
});
