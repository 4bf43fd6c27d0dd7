import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { shown, skim, workspaceDir } from '../../support';

/** The walkthrough, as a person sees it, following the hook file however it changes (README: media/walkthrough.png). */
describe('the walkthrough', function () {
  this.timeout(120_000);
  const hookFile = () => path.join(workspaceDir(), '.github', 'hooks', 'skim-vscode.json');
  // Each step by its description: the page also keeps an announcement of steps completed earlier.
  const OFF = 'Two effects, in this workspace:';
  const ON =
    "Copilot's reads of more than the line limit (skim.guard.lineLimit, 200 lines by default) come back shortened to it, with the file's map, and edits from a stale view are refused.";

  it('says the hook is off, then on once installed, and follows the file when it is removed or written by hand', async () => {
    await skim();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'skim-dev.skim#gettingStarted', false);
    let text = await shown(['Get started with Skim', 'Install the read hook', OFF, 'Open a file, see its map', 'Choose the summary model']);
    assert.ok(text.includes(OFF) && !text.includes(ON), 'the hook is off');
    await vscode.commands.executeCommand('skim.installReadHook', { host: 'vscode', scope: 'workspace' });
    text = await shown(['The read hook is on', ON], { picture: 'walkthrough' });
    assert.ok(text.includes(ON) && !text.includes(OFF), 'the hook is on once installed');
    const installed = readFileSync(hookFile(), 'utf8');
    await vscode.commands.executeCommand('skim.removeReadHook', { host: 'vscode', scope: 'workspace' });
    text = await shown([OFF]);
    assert.ok(text.includes(OFF) && !text.includes(ON), 'the hook is off once removed');
    writeFileSync(hookFile(), installed);
    text = await shown([ON]);
    assert.ok(text.includes(ON), 'the hook is on when its file is written by hand');
    rmSync(hookFile());
    text = await shown([OFF]);
    assert.ok(text.includes(OFF) && !text.includes(ON), 'the hook is off when its file is deleted by hand');
  });
});
