import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_VERSIONS, corpusFile } from '../support/corpus';

const ROOT = path.resolve(__dirname, '../../..');

describe('the test corpus: npm packages the tests read, at exact versions, outside the dependencies', () => {
  it('holds each package of test/corpus.json unpacked at the exact version pinned there', () => {
    assert.ok(Object.keys(CORPUS_VERSIONS).length >= 20);
    for (const [pkg, version] of Object.entries(CORPUS_VERSIONS)) {
      assert.match(version, /^\d+\.\d+\.\d+$/, pkg);
      const manifest = JSON.parse(readFileSync(corpusFile(pkg, 'package.json'), 'utf8'));
      assert.deepEqual([manifest.name, manifest.version], [pkg, version]);
    }
  });

  it('installs none of the libraries the tests only read: they are not among the devDependencies', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    // @types/node is the compiler's too; the corpus holds its README at one version for the overview's quotes.
    const readOnly = Object.keys(CORPUS_VERSIONS).filter((pkg) => pkg !== '@types/node');
    assert.deepEqual(
      readOnly.filter((pkg) => pkg in manifest.devDependencies),
      [],
    );
  });

  it('says in one line, naming the set-up command, that a corpus package is not there, rather than skipping', () => {
    const script = `require(${JSON.stringify(path.join(__dirname, '../support/corpus.js'))}).corpusFile('express', 'lib/response.js')`;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['-e', script], { env: { ...process.env, SKIM_CORPUS: '/nonexistent/skim-corpus' }, stdio: 'pipe' });
    } catch (error) {
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    assert.match(stderr, /^Error: the test corpus lacks express@5\.3\.0 in \/nonexistent\/skim-corpus: run bash scripts\/setup-bench-corpus\.sh$/m);
    assert.throws(
      () => corpusFile('left-pad'),
      /^Error: left-pad is not a corpus package: add it to test\/corpus\.json with its exact version, then run bash scripts\/setup-bench-corpus\.sh$/,
    );
  });
});
