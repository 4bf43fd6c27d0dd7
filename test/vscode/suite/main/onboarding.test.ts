import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SkimMessages } from '../../../../src/vscode/user/messages';
import { INSTALL, NEVER, NOT_NOW, Onboarding } from '../../../../src/vscode/hook/onboarding';
import { tsRegions, tsSource } from '../../../support/files';
import { invoke, mapAnswer, memento, pageText, scriptedModel, skim, waitFor, workspaceDir, write } from '../../support';

function answering(choice: string, asked: string[]): Onboarding {
  const onboarding = new Onboarding(memento(), new SkimMessages());
  onboarding.ask = async (offer, ...choices) => {
    asked.push([offer.message, ...offer.effects.map((e) => `${e.label}. ${e.text}`), `[${choices.join('] [')}]`].join('\n'));
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
    // The hook is offered only in a workspace with source files.
    write('onboarding.ts', tsSource(2, 2));
  });
  after(async () => {
    for (const host of ['vscode', 'claude']) await vscode.commands.executeCommand('skim.removeReadHook', { host, scope: 'workspace' });
    rmSync(claude(), { recursive: true, force: true });
  });

  it('offers the hook saying its two effects, for Copilot, and for Claude Code where .claude exists, once; "Not now" and "Never" are remembered', async () => {
    for (const choice of [NOT_NOW, NEVER]) {
      const asked: string[] = [];
      const onboarding = answering(choice, asked);
      assert.deepEqual(await onboarding.offer(), ['vscode', 'claude'], choice);
      assert.equal(
        asked[0],
        [
          "Turn on Skim's read hook for Copilot's agent in this workspace?",
          "Reads. When Copilot's agent reads more than 200 lines of a source file, it gets those 200 lines and the file's map instead, so it reads the part it needs next.",
          'Edits. An edit of a file that changed since the agent last read it is refused until it reads the file again.',
          `[${INSTALL}] [${NOT_NOW}] [${NEVER}]`,
        ].join('\n'),
      );
      assert.match(asked[1], /^Turn on Skim's read hook for Claude Code in this workspace\?\nReads\. When Claude Code reads more than 200 lines/);
      assert.deepEqual(await onboarding.offer(), [], `${choice} is remembered`);
      assert.equal(asked.length, 2);
    }
  });

  it('says what the edit gate does as skim.editGate sets it: nothing of edits when it is off', async () => {
    await vscode.workspace.getConfiguration('skim').update('editGate', 'off', vscode.ConfigurationTarget.Global);
    try {
      const asked: string[] = [];
      await answering(NOT_NOW, asked).offer();
      assert.doesNotMatch(asked[0], /Edits/);
    } finally {
      await vscode.workspace.getConfiguration('skim').update('editGate', undefined, vscode.ConfigurationTarget.Global);
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
    await waitFor(() => (api.statusBar.text.endsWith(' · hook on') ? true : undefined), `the status bar to say hook on (it says ${api.statusBar.text})`);
  });

  it('one message at a time: a warning waits while the offer is open, and shows once it is answered', async () => {
    const messages = new SkimMessages();
    const events: string[] = [];
    let answer: (value: string) => void = () => undefined;
    const offer = messages.show(() => new Promise<string>((resolve) => ((answer = resolve), events.push('offer shown'))), Infinity);
    const warning = messages.show(async () => (events.push('warning shown'), 'seen'));
    // What is checked is that nothing happens while the offer is open: no event says so, so the queue gets 300 ms to go wrong.
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(events, ['offer shown']);
    answer(NOT_NOW);
    assert.equal(await offer, NOT_NOW);
    assert.equal(await warning, 'seen');
    assert.deepEqual(events, ['offer shown', 'warning shown']);
  });

  it('Show Savings is a webview of the exact counts, the ranges each read asked and was shown, and a chart; it follows new reads', async () => {
    const api = await skim();
    // The extension's own savings are counted from the reads earlier tests made: this test counts on from them.
    const before = api.savings.totals();
    const num = (n: number) => n.toLocaleString('en');
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(tsRegions(30, 26))]);
    const file = write('savings.ts', tsSource(30, 26));
    const lines = readFileSync(file, 'utf8').split('\n');
    const bytes = (from: number, to: number) => lines.slice(from - 1, to).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 1, endLine: 900 });
    await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 1, endLine: 150 });
    await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 601, lineCount: 300 });
    const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>('skim.showSavings');
    assert.equal(panel.title, 'Skim: Savings');
    assert.equal(vscode.workspace.textDocuments.filter((d) => d.isUntitled).length, 0, 'no buffer that asks to be saved');
    const text = pageText(api.savingsView.html);
    assert.match(text, new RegExp(` Reads shortened ${num(before.reads + 2)} counted `));
    assert.match(
      text,
      new RegExp(
        ` Lines withheld ${num(before.withheldLines + 800)} counted from the files Bytes withheld ${num(before.withheldBytes + bytes(201, 900) + bytes(801, 900))} counted from the files `,
      ),
    );
    assert.match(text, /counted by vscode\.lm:skim-test\/scripted-1's own countTokens/);
    assert.match(text, new RegExp(` Model calls spent on maps ${num(before.modelCalls + 1)} counted `));
    assert.match(text, / savings\.ts 601-800 of 601-900 100 [\d,]+ ~[\d,]+ [\d,]+ savings\.ts 1-200 of 1-900 700 [\d,]+ ~[\d,]+ [\d,]+ /);
    assert.equal((api.savingsView.html.match(/<polyline /g) ?? []).length, 2);
    assert.match(api.savingsView.html, /Content-Security-Policy" content="default-src 'none'; style-src 'nonce-[^']+';"/);
    assert.doesNotMatch(api.savingsView.html, /<script|https?:\/\//);
    await invoke('skim_read_file', { filePath: 'savings.ts', startLine: 300, lineCount: 250 });
    const third = new RegExp(` Reads shortened ${num(before.reads + 3)} counted `);
    await waitFor(() => (third.test(pageText(api.savingsView.html)) ? true : undefined), 'the view to follow the new read');
    assert.match(pageText(api.savingsView.html), / savings\.ts 300-499 of 300-549 50 /);
    panel.dispose();
  });
});
