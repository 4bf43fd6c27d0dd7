import * as assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import * as path from 'node:path';
import { Outlines } from '../../src/core/outlines/projectOutlines';
import { LanguageInfo, languageById } from '../../src/core/structural/languages';
import { madeByCurrentRules } from '../../src/core/structural/rules';
import { slowRules } from '../../src/core/structural/slowTexts';
import { engine } from '../support/engine';
import { scratch } from '../support/files';

const ROOT = path.resolve(__dirname, '../../..');

/** pg's wire parser (the team cache's client) and Python's textwrap: real files of two languages. */
const TYPESCRIPT_FILE = path.join(ROOT, 'node_modules/pg-protocol/src/parser.ts');
const PYTHON_FILE = '/usr/lib/python3.11/textwrap.py';

const PYTHON = languageById('python') as LanguageInfo;
const TYPESCRIPT = languageById('typescript') as LanguageInfo;

/** Runs `body` as a Skim whose Python row says a version one higher (a change to Python's query), then puts the row back. */
async function withPythonRaised<T>(body: () => Promise<T>): Promise<T> {
  const version = PYTHON.version;
  PYTHON.version = version + 1;
  try {
    return await body();
  } finally {
    PYTHON.version = version;
  }
}

describe("each language's outline rules have their own version: a change to one remaps only its maps", function () {
  this.timeout(60_000);
  const s = scratch('skim-language-rules-');
  after(() => s.cleanup());

  before(() => {
    copyFileSync(TYPESCRIPT_FILE, path.join(s.dir, 'parser.ts'));
    copyFileSync(PYTHON_FILE, path.join(s.dir, 'textwrap.py'));
  });

  it("raising Python's version remaps textwrap.py in the local cache and still serves parser.ts's TypeScript map from it", async () => {
    const { project, maps, cache } = await engine(s.dir);
    try {
      const first = [await maps.ensure(project.file('parser.ts')), await maps.ensure(project.file('textwrap.py'))];
      assert.deepEqual(
        first.map((o) => [o.entry.producer, o.fromCache]),
        [
          [`tree-sitter:typescript@${TYPESCRIPT.version}`, false],
          [`tree-sitter:python@${PYTHON.version}`, false],
        ],
      );
      const tsRegions = first[0].entry.regions;
      const pyRegions = first[1].entry.regions;
      await withPythonRaised(async () => {
        const ts = await maps.ensure(project.file('parser.ts'));
        const py = await maps.ensure(project.file('textwrap.py'));
        assert.deepEqual(
          [
            [ts.entry.producer, ts.fromCache, ts.source],
            [py.entry.producer, py.fromCache, py.source],
          ],
          [
            [`tree-sitter:typescript@${TYPESCRIPT.version}`, true, 'local'],
            [`tree-sitter:python@${PYTHON.version}`, false, 'structural'],
          ],
        );
        assert.deepEqual([ts.entry.regions, py.entry.regions], [tsRegions, pyRegions]);
        assert.equal(cache.get('textwrap.py')?.producer, `tree-sitter:python@${PYTHON.version}`, 'the remapped map is stored under the new version');
      });
      // Back at Python's own version, the map just stored under the raised one is not served: it is made again.
      const back = await maps.ensure(project.file('textwrap.py'));
      assert.deepEqual([back.entry.producer, back.fromCache], [`tree-sitter:python@${PYTHON.version}`, false]);
    } finally {
      await cache.close();
    }
  });

  it("raising Python's version changes the keys of Python's stored outlines and slow-parse markers, and no TypeScript key", async () => {
    const before = [Outlines.rules(TYPESCRIPT), slowRules(TYPESCRIPT), Outlines.rules(PYTHON), slowRules(PYTHON)];
    const during = await withPythonRaised(async () => [Outlines.rules(TYPESCRIPT), slowRules(TYPESCRIPT), Outlines.rules(PYTHON), slowRules(PYTHON)]);
    assert.deepEqual(during.slice(0, 2), before.slice(0, 2));
    assert.notEqual(during[2], before[2]);
    assert.notEqual(during[3], before[3]);
  });

  it('a map an older Skim stored under its one version for every language (@12) is made again, never served; a producer of no known language is never current', async () => {
    const { project, maps, cache } = await engine(s.dir);
    try {
      const made = await maps.ensure(project.file('parser.ts'));
      cache.put({ ...made.entry, producer: 'tree-sitter:typescript@12', prose: 'An older Skim wrote this.', regions: [] });
      const again = await maps.ensure(project.file('parser.ts'));
      assert.deepEqual(
        [again.entry.producer, again.fromCache, again.entry.prose === 'An older Skim wrote this.', again.entry.regions],
        [`tree-sitter:typescript@${TYPESCRIPT.version}`, false, false, made.entry.regions],
      );
      assert.ok(made.entry.regions.length > 10, `${made.entry.regions.length} regions`);
    } finally {
      await cache.close();
    }
    assert.deepEqual(
      [
        'tree-sitter:typescript@12',
        'tree-sitter:klingon@13',
        `tree-sitter:python@${PYTHON.version}x`,
        'tree-sitter:',
        `tree-sitter:python@${PYTHON.version}`,
      ].map(madeByCurrentRules),
      [false, false, false, false, true],
    );
  });
});
