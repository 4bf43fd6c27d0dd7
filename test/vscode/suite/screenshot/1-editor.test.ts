import * as assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { scriptedModel, shown, skim, skimHover, waitFor, workspaceDir } from '../../support';

/** Skim's lenses on a document, as the editor got them. */
async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return lenses.filter((l) => l.command?.command === 'skim.revealInMap').map((l) => `${l.range.start.line + 1} ${l.command?.title}`);
}

/**
 * A fresh workspace, mocha's 1,417-line runner opened: its outline shows at once, with no model
 * call, in every surface, each read from the page as a person sees it (README: media/editor.png,
 * media/hover.png).
 */
describe('a large file opened in a fresh workspace', function () {
  this.timeout(120_000);
  let uri: vscode.Uri;
  before(async () => {
    await skim();
    (await scriptedModel()).reset();
    const file = path.join(workspaceDir(), 'runner.js');
    copyFileSync(require.resolve('mocha/lib/runner.js'), file);
    uri = vscode.Uri.file(file);
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    // The pictures give the Explorer to the map view: the folders pane collapsed, the side bar wider.
    await vscode.commands.executeCommand('skim.mapView.focus');
    await shown(['workspace'], { click: 'workspace' });
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    for (let i = 0; i < 4; i++) await vscode.commands.executeCommand('workbench.action.decreaseViewWidth');
  });

  it('shows the tree-sitter outline at once in the status bar, the lenses and the map view, and asks no model', async () => {
    const api = await skim();
    const editor = await vscode.window.showTextDocument(uri);
    await waitFor(async () => ((await lensTitles(uri)).length ? true : undefined), 'the first lens');
    assert.deepEqual((await lensTitles(uri)).slice(0, 4), ['172 class · 172-242', '187 method · 187-241', '259 method · 259-287', '296 method · 296-314']);
    assert.ok((await lensTitles(uri)).includes('585 method · 585-704'));
    await waitFor(() => (api.statusBar.text ? true : undefined), 'the status item');
    assert.equal(api.statusBar.text, '$(list-tree) Skim: outline · hook off');
    assert.match(
      api.statusBar.tooltip,
      /^Skim's map of runner\.js: an outline of its 1 class, 26 methods, 17 functions, 1 object with their lines, read by tree-sitter from the file as it is now; no model was asked\./,
    );
    // The picture shows the Runner.prototype.hook row selected in the map view.
    await vscode.commands.executeCommand('skim.revealInMap', uri, 585, 704);
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    editor.revealRange(new vscode.Range(576, 0, 576, 0), vscode.TextEditorRevealType.AtTop);
    const text = await shown(
      ['Skim: outline · hook off', 'method · 585-704', 'Skim Map', /Runner\.prototype\.hook\s*585-704 · \(name, fn\)\s+next\s*592-699/],
      { picture: 'editor' },
    );
    assert.ok(text.includes('Skim: outline · hook off'), 'the status bar');
    assert.ok(text.includes('method · 585-704'), 'the lens over Runner.prototype.hook');
    assert.match(text, /Skim Map\s+runner\.js · outline\s/, 'the map view, following the editor');
    assert.match(text, /\sRunner\.prototype\.hook\s*585-704 · \(name, fn\)\s+next\s*592-699 · \(i\)\s/, 'the map view, nested');
    assert.equal((await scriptedModel()).summaryCalls(), 0);
  });

  it("hovers one quiet line on a declaration's own line, with a link to the whole map, and nothing on other lines", async () => {
    assert.equal(
      await skimHover(uri, 585, 0),
      `Skim: method Runner.prototype.hook · 585-704 · (name, fn) · [whole map](command:skim.revealInMap?${encodeURIComponent(JSON.stringify([uri.toString(), 585, 704]))})`,
    );
    assert.equal(await skimHover(uri, 586, 0), undefined);
    await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(584, 9, 584, 9) });
    await vscode.commands.executeCommand('editor.action.showHover');
    const text = await shown(['Skim: method Runner.prototype.hook · 585-704 · (name, fn) · whole map'], { picture: 'hover' });
    assert.ok(text.includes('Skim: method Runner.prototype.hook · 585-704 · (name, fn) · whole map'));
    assert.doesNotMatch(text, /Module dependencies|no model was asked|outlined by tree-sitter/);
    await vscode.commands.executeCommand('editor.action.hideHover');
  });

  it('a lens reveals its region in the map view, and a region clicked there reveals its lines', async () => {
    const api = await skim();
    const lens = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).find((l) => l.range.start.line === 821);
    assert.equal(lens?.command?.title, 'method · 822-991');
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
    assert.deepEqual(api.editor.mapView.selected(), [
      'Runner.prototype.runTests 822-991 · Run tests in the given suite and invoke the callback fn() when complete.',
    ]);
    await vscode.commands.executeCommand('skim.revealLines', uri, 1000, 1069);
    assert.equal(vscode.window.activeTextEditor?.selection.active.line, 999);
  });
});
