import * as vscode from 'vscode';
import { skim } from '../../support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens the walkthrough for the README's Getting started picture (`runner.js --suite walkthrough --screenshot FILE`). */
describe('screenshot of the walkthrough', () => {
  it('shows Get started with Skim', async function () {
    this.timeout(60_000);
    await skim();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'skim-dev.skim#gettingStarted', false);
    await sleep(4000);
    console.log('SKIM-SCREENSHOT');
    await sleep(3000);
  });
});
