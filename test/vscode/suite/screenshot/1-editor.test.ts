import { copyFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { skim, workspaceDir } from '../../support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sets the editor up for the README's picture: a real file, its map as CodeLens, outline and the map document. */
describe('screenshot', () => {
  it('shows a real file with its map', async function () {
    this.timeout(60_000);
    await skim();
    await vscode.workspace.getConfiguration('skim').update('model.vendor', 'none-for-the-picture', vscode.ConfigurationTarget.Global);
    const file = path.join(workspaceDir(), 'runner.js');
    copyFileSync(require.resolve('mocha/lib/runner.js'), file);
    const uri = vscode.Uri.file(file);
    const editor = await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('skim.summarizeFile', uri);
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    editor.revealRange(new vscode.Range(583, 0, 583, 0), vscode.TextEditorRevealType.AtTop);
    await vscode.commands.executeCommand('outline.focus');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await sleep(4000);
    console.log('SKIM-SCREENSHOT');
    await sleep(3000);
  });
});
