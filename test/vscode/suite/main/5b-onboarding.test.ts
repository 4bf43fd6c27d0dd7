import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { INSTALL, NEVER, NOT_NOW, Onboarding } from '../../../../src/vscode/onboarding';
import { Savings } from '../../../../src/vscode/savings/savings';
import { tsRegions, tsSource } from '../../../support/files';
import { invoke, mapAnswer, scriptedModel, skim, workspaceDir, write } from '../../support';

/** A workspace state of the test's own, so each case starts as a first open. */
function memento(): vscode.Memento {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void values.set(key, value),
  } as vscode.Memento;
}

function answering(choice: string, asked: string[]): Onboarding {
  const onboarding = new Onboarding(memento());
  onboarding.ask = async (message) => {
    asked.push(message);
    return choice as never;
  };
  return onboarding;
}

describe('first minutes: the hook offered once, and the savings shown', function () {
  this.timeout(120_000);
  const claude = () => path.join(workspaceDir(), '.claude');
  before(async () => {
    await skim();
    mkdirSync(claude(), { recursive: true });
  });
  after(async () => {
    for (const host of ['vscode', 'claude']) await vscode.commands.executeCommand('skim.removeReadHook', { host, scope: 'workspace' });
    rmSync(claude(), { recursive: true, force: true });
  });

  it('offers the hook for Copilot, and for Claude Code where .claude exists, once; "Not now" and "Never" are remembered', async () => {
    for (const choice of [NOT_NOW, NEVER]) {
      const asked: string[] = [];
      const onboarding = answering(choice, asked);
      assert.deepEqual(await onboarding.offer(), ['vscode', 'claude'], choice);
      assert.match(
        asked[0],
        /^Skim can shorten Copilot's own reads of large files to the lines that matter plus the file's map\. Install its read hook for this workspace\?$/,
      );
      assert.deepEqual(await onboarding.offer(), [], `${choice} is remembered`);
      assert.equal(asked.length, 2);
    }
  });

  it('"Install for this workspace" writes the hook, the status bar says it is on, and it is not offered again', async () => {
    const onboarding = answering(INSTALL, []);
    assert.deepEqual(await onboarding.offer(), ['vscode', 'claude']);
    assert.match(readFileSync(path.join(workspaceDir(), '.github', 'hooks', 'skim-vscode.json'), 'utf8'), /# skim read guard/);
    assert.ok(existsSync(path.join(claude(), 'settings.local.json')));
    assert.deepEqual(await answering(INSTALL, []).offer(), [], 'an installed hook is never offered');
    const api = await skim();
    await vscode.window.showTextDocument(vscode.Uri.file(write('status.ts', tsSource(2, 2))));
    await api.statusBar.update();
    assert.match(api.statusBar.text, / · hook on$/);
  });

  it('Show Savings reports the exact counts of the shortened reads, and says how each number was obtained', async () => {
    const api = await skim();
    const real = api.workspace.savings;
    const savings = new Savings(memento());
    api.workspace.savings = savings;
    try {
      const model = await scriptedModel();
      model.reset();
      model.setSummaryScript([mapAnswer(tsRegions(30, 26))]);
      const file = write('savings.ts', tsSource(30, 26));
      const lines = readFileSync(file, 'utf8').split('\n');
      const bytes = (from: number, to: number) => lines.slice(from - 1, to).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
      await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 1, endLine: 900 });
      await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 1, endLine: 150 });
      await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 601, lineCount: 300 });
      const document = await vscode.commands.executeCommand<vscode.TextDocument>('skim.showSavings');
      const text = document.getText();
      assert.match(text, /^# Skim: savings in this workspace\n\n- Reads shortened: \*\*2\*\* \(counted\)\n/);
      assert.match(
        text,
        new RegExp(
          `\\n- Lines withheld: \\*\\*800\\*\\* \\(counted from the files\\)\\n- Bytes withheld: \\*\\*${bytes(201, 900) + bytes(801, 900)}\\*\\* \\(counted from the files\\)\\n`,
        ),
      );
      assert.match(
        text,
        /\(estimated: the bytes withheld at the tokens per byte of the lines shown, counted by vscode\.lm:skim-test\/scripted-1's own countTokens\)/,
      );
      assert.match(text, /\n- Model calls spent on maps: \*\*1\*\* \(counted\)\n/);
      assert.match(
        text,
        /\n\| savings\.ts \| 601-800 of 1-900 \| 100 \| \d+ \| ~\d+ \| \d+ \|\n\| savings\.ts \| 1-200 of 1-900 \| 700 \| \d+ \| ~\d+ \| \d+ \|\n/,
      );
    } finally {
      api.workspace.savings = real;
    }
  });
});
