/**
 * The same suite under @vscode/test-electron, for machines that can download VS Code
 * (this one cannot: use `npm run test:vscode`, which runs it offline in code-server).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { installScriptedModel, ROOT, writeUserSettings } from './profile';

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skim-electron-'));
  const userData = path.join(dir, 'user-data');
  const extensionsDir = path.join(dir, 'extensions');
  const workspace = path.join(dir, 'workspace');
  writeUserSettings(userData);
  installScriptedModel(extensionsDir);
  mkdirSync(workspace, { recursive: true });
  await runTests({
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: path.join(__dirname, 'index.js'),
    extensionTestsEnv: { SKIM_TEST_SUITE: 'main' },
    launchArgs: [workspace, '--user-data-dir', userData, '--extensions-dir', extensionsDir, '--disable-workspace-trust'],
  });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
