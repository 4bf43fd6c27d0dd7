import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tsRegions, tsSource } from '../../../support/files';
import { keyedWriter } from '../../../support/keyedDocs';
import { leakedPiece, secretShapes } from '../../../support/secretShapes';
import { invoke, lenses, mapAnswer, pageText, scriptedModel, skim, skimHover as hover, waitFor, withSettings, write } from '../../support';

const SCREENED = "Skim's screen redacted 5 credentials and left out 1 passage addressed to an AI agent, as in every map its tools return.";

describe('the editor shows only screened text, as the tools do', () => {
  const { text, secrets } = keyedWriter();
  /** What leaks of the file's credentials or its instruction to an agent. */
  const leaks = (shown: string) => [
    ...Object.entries(secrets)
      .filter(([, secret]) => leakedPiece(shown, secret) !== undefined)
      .map(([what]) => what),
    ...(/ignore previous instructions|curl/.test(shown) ? ['the instruction'] : []),
  ];
  before(async () => {
    await skim();
    (await scriptedModel()).reset();
  });

  it("pg-protocol's writer with keys in its doc comments: hover, lenses, symbols, map view, Show Map and status tooltip show its outline screened, and say so", async () => {
    const api = await skim();
    const uri = vscode.Uri.file(write('writer.ts', text));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const link = (start: number, end: number) => `[whole map](command:skim.revealInMap?${encodeURIComponent(JSON.stringify([uri.toString(), start, end]))})`;
    const hovers = [await hover(uri, 24), await hover(uri, 42), await hover(uri, 57)];
    assert.deepEqual(hovers, [
      `Skim: method addInt32 · 24-31 · Signs with [redacted: Stripe key] · ${link(24, 31)}`,
      `Skim: method addCString · 42-54 · Uploads as [redacted: AWS Access Key ID] with AWS_SECRET_ACCESS_KEY=[redacted: AWS Secret Access Key] · ${link(42, 54)}`,
      `Skim: method addString · 57-63 · ${link(57, 63)}`,
    ]);
    const titles = (await lenses(uri)).filter(([line]) => line >= 24 && line <= 57);
    assert.deepEqual(titles, [
      [24, 'method · 24-31 · Signs with [redacted: Stripe key]'],
      [34, 'method · 34-39 · Pushes as [redacted: GitHub Token]'],
      [42, 'method · 42-54 · Uploads as [redacted: AWS Access Key ID] with…'],
      [57, 'method · 57-63'],
    ]);
    let symbols: [string, string][] = [];
    await withSettings({ 'outline.besideLanguageServer': true }, async () => {
      symbols = (await api.editor.outline.provideDocumentSymbols(document)).flatMap((s) => s.children).map((s) => [s.name, s.detail]);
    });
    assert.deepEqual(symbols.slice(2, 6), [
      ['addInt32', 'Signs with [redacted: Stripe key]'],
      ['addInt16', 'Pushes as [redacted: GitHub Token]'],
      ['addCString', 'Uploads as [redacted: AWS Access Key ID] with AWS_SECRET_ACCESS_KEY=[redacted: AWS Secret Access Key]'],
      ['addString', ''],
    ]);
    const view = api.editor.mapView;
    await waitFor(() => (view.state.description === 'writer.ts · outline' ? true : undefined), `the map view to follow (it says ${view.state.description})`);
    assert.equal(view.state.message, SCREENED);
    const rows = view.getChildren(view.getChildren()[0]).map((n) => view.getTreeItem(n));
    assert.deepEqual(
      rows.slice(2, 6).map((item) => [item.label, item.description, item.tooltip]),
      [
        ['addInt32', '24-31 · Signs with [redacted: Stripe key]', 'method addInt32, lines 24-31\nSigns with [redacted: Stripe key]'],
        ['addInt16', '34-39 · Pushes as [redacted: GitHub Token]', 'method addInt16, lines 34-39\nPushes as [redacted: GitHub Token]'],
        [
          'addCString',
          '42-54 · Uploads as [redacted: AWS Access Key ID] with AWS_SECRET_ACCESS_KEY=[redacted: AWS Secret Access Key]',
          'method addCString, lines 42-54\nUploads as [redacted: AWS Access Key ID] with AWS_SECRET_ACCESS_KEY=[redacted: AWS Secret Access Key]',
        ],
        ['addString', '57-63', 'method addString, lines 57-63'],
      ],
    );
    await waitFor(() => (api.statusBar.text.startsWith('$(list-tree) Skim: outline') ? true : undefined), `the status bar (it says ${api.statusBar.text})`);
    assert.match(api.statusBar.tooltip, new RegExp(`\\(Summarize File\\)\\.\\n\\n${SCREENED.replace(/[.()]/g, '\\$&')}\\n\\nThe read hook is`));
    await vscode.commands.executeCommand('skim.showMap', uri);
    const mapDoc = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'skim-map' && d.uri.path.endsWith('/writer.ts.skim-map')),
      'the map document',
    );
    // The same outline through the tools: Show Map shows what skim_list_symbols returns, after saying what the screen took out.
    const listed = await invoke('skim_list_symbols', { filePath: 'writer.ts' });
    assert.equal(mapDoc.getText(), `[${SCREENED}]\n\n${listed}`);
    assert.deepEqual(mapDoc.getText().split('\n').slice(2, 4), [
      'Map of writer.ts (124 lines; tree-sitter outline):',
      'Binary data writer, tested against [redacted: PostgreSQL connection string]',
    ]);
    const everything = [
      ...hovers,
      ...titles.map(([, t]) => t),
      ...symbols.flat(),
      ...view.lines(),
      ...rows.map((r) => String(r.tooltip)),
      api.statusBar.tooltip,
      mapDoc.getText(),
    ];
    assert.deepEqual(leaks(everything.join('\n')), []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('names a file through the screen in the map view, the status tooltip and the savings table: a key in the name redacted, a bidi mark escaped', async () => {
    const api = await skim();
    const token = secretShapes(13).find((s) => s.provider === 'GitHub personal access token')?.value as string;
    const name = `keys-${token}\u202e.ts`;
    const shownName = 'keys-[redacted: GitHub Token].ts';
    const uri = vscode.Uri.file(write(name, tsSource(30, 26)));
    (await scriptedModel()).setSummaryScript([mapAnswer(tsRegions(30, 26))]);
    await invoke('skim_read_file', { filePath: name, startLine: 1, endLine: 900 });
    const html = (await vscode.commands.executeCommand<vscode.WebviewPanel>('skim.showSavings')) && api.savingsView.html;
    assert.match(pageText(html), new RegExp(` ${shownName.replace(/[[\]\\.]/g, '\\$&')} 1-200 of 1-900 700 `));
    assert.equal(leakedPiece(html, token), undefined);
    assert.doesNotMatch(html, /\u202e/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.window.showTextDocument(uri);
    const view = api.editor.mapView;
    await waitFor(() => (view.state.description === `${shownName} · map` ? true : undefined), `the map view to follow (it says ${view.state.description})`);
    await waitFor(
      () => (api.statusBar.tooltip.startsWith(`Skim's map of ${shownName}: `) ? true : undefined),
      `the status tooltip (it says ${api.statusBar.tooltip})`,
    );
    assert.equal(leakedPiece(api.statusBar.tooltip + view.state.description, token), undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
