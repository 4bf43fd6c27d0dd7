import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

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
    reporter: path.resolve(__dirname, '../../../test/reporter.js'),
    ...(grep ? { grep } : {}),
  });
  const dir = path.join(__dirname, 'suite', suite, process.env.SKIM_TEST_PHASE ?? '');
  for (const file of readdirSync(dir).sort()) if (file.endsWith('.test.js')) mocha.addFile(path.join(dir, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} tests failed`)) : resolve()));
  });
}
