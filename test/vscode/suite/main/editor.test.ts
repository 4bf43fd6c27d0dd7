import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { corpusFile } from '../../../support/corpus';
import { tsRegions, tsSource } from '../../../support/files';
import { ROOT } from '../../profile';
import { invoke, lenses, mapAnswer, scriptedModel, skim, skimHover as hover, waitFor, withSettings, workspaceDir, write } from '../../support';

const SOURCE = tsSource(6, 6); // 6 functions of 9 lines, stride 10: 60 lines
const REGIONS = tsRegions(6, 6);

describe('maps in the editor: the outline at once, a stored map when fresh, one source for every surface', () => {
  let uri: vscode.Uri;
  before(async () => {
    await skim();
    uri = vscode.Uri.file(write('editor.ts', SOURCE));
  });
  beforeEach(async () => (await scriptedModel()).reset());

  it("opening a source file shows tree-sitter's outline in lenses, hover, map view and status bar, with no model call", async () => {
    const api = await skim();
    await vscode.commands.executeCommand('skim.forgetFile', uri);
    await vscode.window.showTextDocument(uri);
    assert.deepEqual(
      await lenses(uri),
      REGIONS.map((r) => [r.start, `function · ${r.start}-${r.end}`]),
    );
    assert.equal(
      await hover(uri, 11),
      `Skim: function fn1 · 11-19 · (n: number): number · [whole map](command:skim.revealInMap?${encodeURIComponent(JSON.stringify([uri.toString(), 11, 19]))})`,
    );
    await waitFor(() => (api.editor.mapView.lines().length === 6 ? true : undefined), 'the map view to follow the editor');
    assert.deepEqual(
      api.editor.mapView.lines(),
      REGIONS.map((r) => `${r.name} ${r.start}-${r.end} · (n: number): number`),
    );
    assert.equal(api.editor.mapView.state.description, 'editor.ts · outline');
    await waitFor(() => (api.statusBar.text === '$(list-tree) Skim: outline · hook off' ? true : undefined), `the status bar (it says ${api.statusBar.text})`);
    await vscode.commands.executeCommand('skim.showMap', uri);
    const mapDoc = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'skim-map' && d.uri.path.endsWith('editor.ts.skim-map')),
      'the map document',
    );
    assert.match(mapDoc.getText(), /^Map of editor\.ts \(60 lines; tree-sitter outline\):\n1-9 fn0\n11-19 fn1\n/);
    assert.equal((await scriptedModel()).summaryCalls(), 0);
  });

  it('a stored map fresh for the file is shown in its place; after an edit on disk, the outline of the new text, never the stale map', async () => {
    const api = await skim();
    const model = await scriptedModel();
    model.setSummaryScript([mapAnswer(REGIONS, 'Six helpers.')]);
    await invoke('skim_summarize_file', { filePath: 'editor.ts' });
    await vscode.window.showTextDocument(uri);
    assert.deepEqual(
      await lenses(uri),
      REGIONS.map((r) => [r.start, `function · ${r.start}-${r.end} · computes ${r.name}`]),
    );
    assert.match((await hover(uri, 21)) ?? '', /^Skim: function fn2 · 21-29 · computes fn2 · \[whole map\]/);
    await waitFor(
      () => (api.statusBar.text === '$(list-tree) Skim: map · hook off' ? true : undefined),
      `a fresh map in the status bar (it says ${api.statusBar.text})`,
    );
    assert.match(
      api.statusBar.tooltip,
      /^Skim's map of editor\.ts: what the file does and its 6 functions, each with its lines and a note, written by vscode\.lm:skim-test\/scripted-1@p1 and made in this session\./,
    );
    write('editor.ts', SOURCE.replace('fn0', 'zero'));
    await waitFor(async () => ((await lenses(uri))[0]?.[1] === 'function · 1-9' ? true : undefined), 'the lenses of the new text');
    assert.equal((await hover(uri, 1))?.startsWith('Skim: function zero · 1-9 · (n: number): number'), true);
    await waitFor(
      () => (api.statusBar.text === '$(list-tree) Skim: outline (map stale) · hook off' ? true : undefined),
      `a stale map in the status bar (it says ${api.statusBar.text})`,
    );
    assert.equal(model.summaryCalls(), 1);
  });

  it("hovers only on a declaration's own line, and on every line of a region by setting", async () => {
    write('editor.ts', SOURCE);
    await vscode.window.showTextDocument(uri);
    await waitFor(async () => ((await hover(uri, 11)) ? true : undefined), 'the hover');
    assert.equal(await hover(uri, 14), undefined);
    assert.equal(await hover(uri, 10), undefined);
    await withSettings({ 'hover.anywhere': true }, async () => {
      assert.match((await hover(uri, 14)) ?? '', /^Skim: function fn1 · 11-19 · /);
      assert.equal(await hover(uri, 10), undefined);
    });
  });

  it("gives the Outline Skim's symbols only where no language server gives any: none beside TypeScript's, Python's from Skim", async function () {
    this.timeout(180_000);
    const api = await skim();
    const ts = await vscode.workspace.openTextDocument(uri);
    // TypeScript's server starts on first use: its symbols are there once it answers.
    await waitFor(() => (api.editor.outline.servedByOthers('typescript') ? true : undefined), "TypeScript's symbols", 150);
    assert.deepEqual(await api.editor.outline.provideDocumentSymbols(ts), []);
    const all = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    assert.deepEqual(
      all.map((s) => s.name),
      REGIONS.map((r) => r.name),
    );
    const python = path.join(workspaceDir(), 'base64.py');
    writeFileSync(python, readFileSync('/usr/lib/python3.11/base64.py'));
    const py = await vscode.workspace.openTextDocument(python);
    await waitFor(() => (api.editor.outline.servedByOthers('python') === false ? true : undefined), 'Skim to learn that nothing else outlines Python');
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', py.uri);
    assert.deepEqual(
      symbols.slice(0, 3).map((s) => [s.name, s.range.start.line + 1]),
      [
        ['imports', 9],
        ['_bytes_from_decode_data', 34],
        ['b64encode', 51],
      ],
    );
    await withSettings({ 'outline.besideLanguageServer': true }, async () => {
      assert.deepEqual(
        (await api.editor.outline.provideDocumentSymbols(ts)).map((s) => [s.name, s.range.start.line + 1, s.range.end.line + 1]),
        REGIONS.map((r) => [r.name, r.start, r.end]),
      );
    });
    rmSync(python);
  });

  it('shows the status item only with a file Skim can map: hidden for a text file, with no editor, and after the last editor closes', async () => {
    const api = await skim();
    await vscode.window.showTextDocument(uri);
    await waitFor(() => (api.statusBar.text ? true : undefined), 'the status item');
    await vscode.window.showTextDocument(vscode.Uri.file(write('notes.txt', 'Nothing to map here.\n')));
    await waitFor(() => (api.statusBar.text === '' ? true : undefined), `the status item to hide for a text file (it says ${api.statusBar.text})`);
    await vscode.window.showTextDocument(uri);
    await waitFor(() => (api.statusBar.text ? true : undefined), 'the status item again');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => (api.statusBar.text === '' ? true : undefined), 'the status item to hide once no editor is open');
    await waitFor(() => (api.editor.mapView.state.message === 'Open a source file to see its map.' ? true : undefined), 'the map view to say what to do');
  });

  it('outlines as you type only what a parse keeps up with: a minified bundle (named so or not) gets no outline, and no status item', async () => {
    const api = await skim();
    const bundle = readFileSync(corpusFile('@azure/msal-browser', 'lib/msal-browser.min.js'));
    for (const name of ['msal-browser.min.js', 'bundle.js']) {
      const bundled = vscode.Uri.file(path.join(workspaceDir(), name));
      writeFileSync(bundled.fsPath, bundle);
      await vscode.window.showTextDocument(bundled);
      assert.deepEqual(await lenses(bundled), [], name);
      await waitFor(() => (api.statusBar.text === '' ? true : undefined), `no status item for ${name} (it says ${api.statusBar.text})`);
      await waitFor(() => (api.editor.mapView.state.message?.startsWith('No map of this file yet') ? true : undefined), `the map view to say why for ${name}`);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      rmSync(bundled.fsPath);
    }
  });

  it('the map view says a file outside the workspace, or a link that leads out of it, is not mapped, rather than blaming its size', async () => {
    const api = await skim();
    const outside = mkdtempSync(path.join(tmpdir(), 'skim-outside-'));
    const target = path.join(outside, 'runner.js');
    writeFileSync(target, readFileSync(path.join(ROOT, 'node_modules/mocha/lib/runner.js')));
    const link = path.join(workspaceDir(), 'linked-runner.js');
    symlinkSync(target, link);
    const outsideText = 'Skim maps only the files of the open workspace folders: this one is outside them, or a link that leads out of them.';
    for (const file of [link, target]) {
      await vscode.window.showTextDocument(vscode.Uri.file(file));
      await waitFor(
        () => (api.editor.mapView.state.message === outsideText ? true : undefined),
        `the map view to say ${path.basename(file)} is outside (it says ${api.editor.mapView.state.message})`,
      );
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
    rmSync(link);
    rmSync(outside, { recursive: true });
  });

  it('follows the hook file, not a poll: installed, removed, and edited by hand', async () => {
    const api = await skim();
    const file = path.join(workspaceDir(), '.github', 'hooks', 'skim-vscode.json');
    await vscode.window.showTextDocument(uri);
    const hookIs = (on: boolean) =>
      waitFor(
        () => (api.hook.installed === on && api.statusBar.text.endsWith(` · hook ${on ? 'on' : 'off'}`) ? true : undefined),
        `hook ${on ? 'on' : 'off'} (the status says ${api.statusBar.text})`,
      );
    await hookIs(false);
    await vscode.commands.executeCommand('skim.installReadHook', { host: 'vscode', scope: 'workspace' });
    await hookIs(true);
    const installed = readFileSync(file, 'utf8');
    await vscode.commands.executeCommand('skim.removeReadHook', { host: 'vscode', scope: 'workspace' });
    await hookIs(false);
    writeFileSync(file, installed);
    await hookIs(true);
    writeFileSync(file, installed.replace(/ # skim read guard/g, ''));
    await hookIs(false);
    rmSync(file);
  });

  it('Summarize File maps the active file and Show Map opens the map rendered from the rows', async () => {
    const model = await scriptedModel();
    model.setSummaryScript([mapAnswer(REGIONS, 'Six helpers, renamed.')]);
    write('editor.ts', SOURCE.replace('fn5', 'last'));
    await vscode.window.showTextDocument(uri);
    await vscode.commands.executeCommand('skim.summarizeFile');
    assert.equal(model.summaryCalls(), 1);
    // The map document follows the stored rows: open since the first test, it shows the new map once it is made.
    const mapDoc = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'skim-map' && d.getText().includes('Six helpers, renamed.')),
      'the map document to show the new map',
    );
    assert.match(mapDoc.getText(), /^Map of editor\.ts \(60 lines; written by vscode\.lm:skim-test\/scripted-1@p1\):\nSix helpers, renamed\./);
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
    await withSettings({ 'codeLens.enabled': false, 'hover.enabled': false }, async () => {
      assert.deepEqual(await lenses(uri), []);
      assert.equal(await hover(uri, 11), undefined);
    });
  });

  it('Choose Summary Model writes the model it is given to the skim.model settings', async () => {
    const config = () => vscode.workspace.getConfiguration('skim.model');
    const before = config().inspect('vendor')?.globalValue;
    try {
      assert.deepEqual(await vscode.commands.executeCommand('skim.chooseModel', 'scripted-small'), {
        vendor: 'skim-test',
        family: 'scripted-small',
        id: 'scripted-small',
      });
      assert.deepEqual([config().get('vendor'), config().get('family'), config().get('id')], ['skim-test', 'scripted-small', 'scripted-small']);
    } finally {
      for (const key of ['family', 'id']) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      await config().update('vendor', before, vscode.ConfigurationTarget.Global);
    }
  });
});
