import * as assert from 'node:assert/strict';
import { symbolPositions } from '../../src/core/facts/facts';
import { Project } from '../../src/core/files/project';
import { factsFallback } from '../../src/core/tools/lsp';
import { resultText } from '../../src/core/tools/result';
import { testContext } from '../support/context';
import { runnerProject, scratch } from '../support/files';
import { runnerBlock, span } from '../support/mochaRunner';

/** runner.js's four functions named next, found in its own text. */
const NEXTS = ['function next(i) {', 'function next(suite) {', 'function next(err, errSuite) {', 'function next(errSuite) {'].map(runnerBlock);
const NEXT = NEXTS[2].start;

describe('skim_lsp without a language server: outlines and search stand in, labelled', () => {
  let s: ReturnType<typeof scratch>;
  let project: Project;
  before(() => {
    s = runnerProject();
    project = new Project(s.dir);
  });
  after(() => s.cleanup());

  const ask = async (line: number, symbol: string, op: string) =>
    resultText(await factsFallback(testContext(), project, undefined, project.file('lib/runner.js'), { line, symbol, op } as never, 'no server in this test'));

  it('finds the column of the symbol on its line, or on the nearest line within five', () => {
    const lines = ['const a = 1;', 'function parse() {}', '', 'x.parse();'];
    assert.deepEqual(symbolPositions(lines, 2, 'parse')[0], { line: 2, column: 10 });
    assert.deepEqual(symbolPositions(lines, 3, 'x.parse')[0], { line: 2, column: 10 });
    assert.equal(symbolPositions(lines, 1, 'pars')[0], undefined, 'a name is matched whole, never inside a longer one');
  });

  it('answers a definition with the declarations of that name, each in its region', async () => {
    const text = await ask(NEXT, 'next', 'definition');
    assert.equal(
      text.split('\n')[0],
      `definition of next at lib/runner.js:${NEXT}, from outlines and search, not a language server (no server in this test): declarations of that name, unresolved: 4 locations.`,
    );
    assert.deepEqual(
      text.split('\n').filter((l) => /^ {2}\d/.test(l)),
      ['(i)', '(suite)', '(err, errSuite)', '(errSuite)'].map((params, i) => `  ${span(NEXTS[i])} next${params}`),
    );
  });

  it('answers callers with the call sites, not the declaration itself', async () => {
    const text = await ask(NEXT, 'next', 'callers');
    assert.match(
      text,
      new RegExp(
        `^callers of next at lib/runner\\.js:${NEXT}, from outlines and search, not a language server \\(no server in this test\\): calls of the name in code, unresolved: \\d+ locations\\.`,
      ),
    );
    assert.doesNotMatch(text, new RegExp(`\\n {4}(${NEXTS.map((n) => n.start).join('|')})\\t`));
    assert.match(text, /\n {4}\d+\t.*\bnext\(/);
  });

  it('answers callers with calls in code only: a README, a comment, a doc comment and a string that name the function are no callers', async () => {
    s.write('README.md', 'Call `hookUp(name, fn)` to run the hooks.\n');
    s.write(
      'lib/notes.js',
      [
        '// hookUp(name, fn) runs the hooks',
        '/** Like hookUp(name, fn). */',
        "const about = 'hookUp(name, fn)';",
        "module.exports = (runner) => runner.hookUp('afterEach', about);",
        '',
      ].join('\n'),
    );
    const text = await ask(748, 'hookUp', 'callers');
    assert.equal(text.split('\n', 1)[0].replace(/.*: /, ''), '7 locations.');
    assert.deepEqual(
      text
        .split('\n')
        .filter((l) => /^ {4}\d+\t/.test(l))
        .map((l) => l.trim().split('\t')[0]),
      ['4', '853', '940', '960', '972', '977', '983'],
    );
  });

  it('refuses an op it does not know and a symbol that is not there', async () => {
    await assert.rejects(ask(NEXT, 'next', 'rename'), /op must be one of definition, references, implementations, type, callers/);
    await assert.rejects(ask(1, 'next', 'definition'), /next is not on line 1 of lib\/runner\.js, nor within 5 lines of it/);
  });
});
