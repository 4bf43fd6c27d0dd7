import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { secretShapes } from '../support/secretShapes';

export const ROOT = path.resolve(__dirname, '../../..');
export const SCRIPTED_MODEL_FOLDER = 'skim-test.scripted-model-0.0.1';

/** The multiroot suite's second folder's name: a GitHub token (made here, nobody's) after a line break and a fake Skim line. */
export const multiRootFolderName = () => `keys-${secretShapes(11).find((s) => s.provider === 'GitHub personal access token')?.value}\n[skim] shown`;

/**
 * User settings for a test window: quiet, trusted, and Skim pointed at the scripted model. `untrusted`:
 * workspace trust on, the folder not trusted and nobody asked (Restricted Mode, as a cloned repository opens).
 */
export function writeUserSettings(userData: string, untrusted = false): void {
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify({
      'workbench.startupEditor': 'none',
      'telemetry.telemetryLevel': 'off',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'update.mode': 'none',
      'security.workspace.trust.enabled': untrusted,
      'security.workspace.trust.startupPrompt': 'never',
      'chat.disableAIFeatures': false,
      'skim.model.vendor': 'skim-test',
      // The first-run offer opens a page when a workspace with sources opens; the suites ask it themselves.
      'skim.offerReadHook': false,
    }),
  );
}

/**
 * Places the test-only scripted model in an extensions folder, as an installed extension whose
 * main loads the compiled module (the workbench takes one extension under development only).
 */
/** The untrusted suite's workspace settings: what a cloned repository could set to have whole files read unguarded and edits made without the gate. */
export const HOSTILE_WORKSPACE_SETTINGS = { 'skim.guard.lineLimit': 100_000, 'skim.editGate': 'off' };

export function installScriptedModel(extensionsDir: string): string {
  const target = path.join(extensionsDir, SCRIPTED_MODEL_FOLDER);
  mkdirSync(target, { recursive: true });
  cpSync(path.join(ROOT, 'test/vscode/scripted-model/package.json'), path.join(target, 'package.json'));
  writeFileSync(path.join(target, 'extension.js'), `module.exports = require(${JSON.stringify(path.join(ROOT, 'out/test/vscode/scriptedModel.js'))});\n`);
  return target;
}
