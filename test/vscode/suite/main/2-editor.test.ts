import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeLensTitle } from '../../../../src/core/map/render';
import { tsRegions, tsSource } from '../../../support/files';
import { invoke, mapAnswer, scriptedModel, skim, write } from '../../support';

const SOURCE = tsSource(6, 6); // 6 functions of 9 lines, stride 10: 60 lines
const REGIONS = tsRegions(6, 6);

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('maps in the editor, drawn from the stored rows', () => {
  let uri: vscode.Uri;
  before(async () => {
    await skim();
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(REGIONS, 'Six helpers.')]);
    uri = vscode.Uri.file(write('editor.ts', SOURCE));
    await invoke('skim_summarize_file', { filePath: 'editor.ts' });
    await vscode.window.showTextDocument(uri);
  });

  it("shows a CodeLens at each region's first line, exactly the stored regions", async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const ours = lenses.filter((l) => l.command?.command === 'skim.showMap');
    assert.deepEqual(
      ours.map((l) => [l.range.start.line + 1, l.command?.title]),
      REGIONS.map((r) => [r.start, codeLensTitle({ ...r, note: `computes ${r.name}` })]),
    );
  });

  it('fills the outline with the stored regions, their ranges and notes', async () => {
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    const ours = symbols.filter((s) => s.detail.startsWith('computes'));
    assert.deepEqual(
      ours.map((s) => [s.name, s.range.start.line + 1, s.range.end.line + 1, s.kind, s.detail]),
      REGIONS.map((r) => [r.name, r.start, r.end, vscode.SymbolKind.Function, `computes ${r.name}`]),
    );
  });

  it("hovers a line with the regions it is in, their notes and the file's prose", async () => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(13, 2));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /11-19 function fn1 — computes fn1/);
    assert.match(text, /Map of editor\.ts \(60 lines; written by vscode\.lm:skim-test\/scripted-1@p1\), made by the model in this session:\nSix helpers\./);
  });

  it('shows nothing stale: after an edit on disk, lenses disappear and the status bar says stale', async () => {
    const api = await skim();
    await waitFor(
      async () => (await api.statusBar.update(), api.statusBar.text === '$(list-tree) Skim: map fresh · hook off' ? true : undefined),
      'a fresh status',
    );
    write('editor.ts', SOURCE.replace('fn0', 'zero'));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.equal(lenses.filter((l) => l.command?.command === 'skim.showMap').length, 0);
    await api.statusBar.update();
    assert.equal(api.statusBar.text, '$(list-tree) Skim: map stale · hook off');
  });

  it('Summarize File maps the active file and Show Map opens the map rendered from the rows', async () => {
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(REGIONS, 'Six helpers, renamed.')]);
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('skim.summarizeFile');
    assert.equal(model.summaryCalls(), 1);
    const mapDoc = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'skim-map'), 'the map document');
    assert.match(mapDoc.getText(), /^Map of editor\.ts \(60 lines; written by vscode\.lm:skim-test\/scripted-1@p1\):\nSix helpers, renamed\./);
    const api = await skim();
    await vscode.window.showTextDocument(uri);
    await api.statusBar.update();
    assert.equal(api.statusBar.text, '$(list-tree) Skim: map fresh · hook off');
  });

  it('Forget This File drops the map; Clear Cache drops every map', async () => {
    const api = await skim();
    await vscode.commands.executeCommand('skim.forgetFile', uri);
    assert.equal((await api.workspace.state(uri)).state, 'missing');
    await invoke('skim_summarize_file', { filePath: 'editor.ts' });
    assert.equal((await api.workspace.state(uri)).state, 'fresh');
    await vscode.commands.executeCommand('skim.clearCache');
    assert.equal((await api.workspace.state(uri)).state, 'missing');
  });

  it('turns CodeLens and hover off by setting', async () => {
    await invoke('skim_summarize_file', { filePath: 'editor.ts' });
    const config = vscode.workspace.getConfiguration('skim');
    await config.update('codeLens.enabled', false, vscode.ConfigurationTarget.Global);
    await config.update('hover.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
      assert.equal(lenses.filter((l) => l.command?.command === 'skim.showMap').length, 0);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(13, 2));
      assert.equal(hovers.filter((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Map of editor.ts'))).length, 0);
    } finally {
      await config.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Global);
      await config.update('hover.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
