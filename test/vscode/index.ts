import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** The checkout: the suites' sources are under test/, what runs under out/test/. */
const ROOT = path.resolve(__dirname, '../../..');

/**
 * The compiled test files of a suite's folder (`relative` to test/vscode/suite) in the order they run: those of its
 * sources (a file compiled once and renamed since is not run), by name, or those SKIM_TEST_FILES names (comma-separated,
 * without `.test.ts`) in the order it names them; SKIM_TEST_REVERSE=1 runs them last to first. Each file sets up what it
 * needs, so any one runs alone and the files in any order (runner.js --files, --reverse).
 */
function testFiles(relative: string): string[] {
  const sources = path.join(ROOT, 'test/vscode/suite', relative);
  const all = readdirSync(sources)
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  const named = process.env.SKIM_TEST_FILES;
  const files = named
    ? named.split(',').map((name) => {
        if (!all.includes(`${name}.test`)) throw new Error(`SKIM_TEST_FILES names ${name}, which is not a test file of ${sources} (it has ${all.join(', ')})`);
        return `${name}.test`;
      })
    : all;
  const ordered = process.env.SKIM_TEST_REVERSE ? files.reverse() : files;
  return ordered.map((file) => path.join(__dirname, 'suite', relative, `${file}.js`));
}

/**
 * The entry VS Code's extension host calls (extensionTestsPath), under the offline runner and
 * under @vscode/test-electron alike. SKIM_TEST_SUITE picks the suite (a folder of suite/), and
 * SKIM_TEST_PHASE the phase of a suite that opens more than one window (reload: before, after).
 */
export function run(): Promise<void> {
  const suite = process.env.SKIM_TEST_SUITE ?? 'main';
  // SKIM_TEST_GREP runs only the tests whose titles match (while working on one of them).
  const grep = process.env.SKIM_TEST_GREP;
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    reporter: path.join(ROOT, 'test/reporter.js'),
    ...(grep ? { grep } : {}),
  });
  for (const file of testFiles(path.join(suite, process.env.SKIM_TEST_PHASE ?? ''))) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} tests failed`)) : resolve()));
  });
}
