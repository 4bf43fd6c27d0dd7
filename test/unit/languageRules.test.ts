import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Outlines } from '../../src/core/outlines/projectOutlines';
import { LanguageInfo, languageById, LANGUAGES } from '../../src/core/structural/languages';
import { outlineQueryText } from '../../src/core/structural/queries';
import { madeByCurrentRules } from '../../src/core/structural/rules';
import { slowRules } from '../../src/core/structural/slowTexts';
import { corpusFile } from '../support/corpus';
import { engine } from '../support/engine';
import { FIXTURES, scratch } from '../support/files';

/** Python's textwrap, beside pg's wire parser (the team cache's client; pg-protocol's parser.ts from the test corpus): real files of two languages. */
const PYTHON_FILE = '/usr/lib/python3.11/textwrap.py';

const PYTHON = languageById('python') as LanguageInfo;
const TYPESCRIPT = languageById('typescript') as LanguageInfo;

/** The fields of a row that shape its maps and outlines (the rest feed the overview, the history and the choice of language). */
const MAP_FIELDS = [
  'wasm',
  'package',
  'query',
  'wrappers',
  'maskLoneMacros',
  'maskOperatorNames',
  'maskNotEqualDefs',
  'outlinedWholeOnly',
  'containersMaySpan',
] as const;

/** A digest of what makes a language's maps: its query as compiled (what it inherits first) and its row's MAP_FIELDS. */
function rulesDigest(language: LanguageInfo): string {
  const fields = JSON.stringify(MAP_FIELDS.map((field) => language[field] ?? null));
  return createHash('sha256')
    .update(`${fields}\0${outlineQueryText(language)}`)
    .digest('hex')
    .slice(0, 16);
}

const RECORDED_FILE = path.join(FIXTURES, 'language-rules.json');

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
    copyFileSync(corpusFile('pg-protocol', 'src/parser.ts'), path.join(s.dir, 'parser.ts'));
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

  it("a language's query or map-shaping fields change only with its version: each one's digest is recorded beside its version", () => {
    const recorded = JSON.parse(readFileSync(RECORDED_FILE, 'utf8')) as Record<string, { version: number; rules: string }>;
    const now = Object.fromEntries(LANGUAGES.map((language) => [language.id, { version: language.version, rules: rulesDigest(language) }]));
    const unraised = LANGUAGES.filter((l) => recorded[l.id]?.version === l.version && recorded[l.id].rules !== now[l.id].rules).map((l) => l.id);
    const record = `write test/fixtures/language-rules.json as ${JSON.stringify(now)}`;
    assert.deepEqual(
      unraised,
      [],
      `the rules of these languages changed under the same version (their cached maps would be served): raise each one's version in languages.json, then ${record}`,
    );
    assert.deepEqual(recorded, now, record);
  });
});
