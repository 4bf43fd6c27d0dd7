import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { shown, skim, sleep } from '../../support';

/** Copilot Chat's tool picker, as a person opens it: Skim is one group (README: media/tool-picker.png). */
describe('the chat tool picker', function () {
  this.timeout(180_000);

  it('lists Skim once: its own tools, and no second group for skim mcp', async () => {
    await skim();
    // The host ships GitHub Copilot Chat disabled until chat is set up; managing models enables it, offline and signed out.
    if (!vscode.extensions.getExtension('GitHub.copilot-chat')) await vscode.commands.executeCommand('workbench.action.chat.manage');
    for (let i = 0; i < 120 && !vscode.extensions.getExtension('GitHub.copilot-chat')?.isActive; i++) await sleep(500);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.chat.open', { mode: 'agent' });
    void vscode.commands.executeCommand('workbench.action.chat.configureTools');
    const text = await shown(['Configure Tools', 'Built-In', /\nSkim\n/], { picture: 'tool-picker', press: 'Escape', seconds: 30 });
    const picker = text.slice(text.indexOf('Configure Tools'));
    const groups = picker.split('\n').filter((line) => /^skim/i.test(line.trim()));
    assert.deepEqual(groups, ['Skim'], 'one Skim group');
  });
});
