import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/**
 * The entry VS Code's extension host calls (extensionTestsPath), under the offline runner and
 * under @vscode/test-electron alike. SKIM_TEST_SUITE picks the suite: "main", or "reload" for the
 * checks that run in a second window over the first one's storage.
 */
export function run(): Promise<void> {
  const suite = process.env.SKIM_TEST_SUITE ?? 'main';
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: path.resolve(__dirname, '../../../test/reporter.js') });
  const dir = path.join(__dirname, 'suite', suite);
  for (const file of readdirSync(dir).sort()) if (file.endsWith('.test.js')) mocha.addFile(path.join(dir, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} tests failed`)) : resolve()));
  });
}
