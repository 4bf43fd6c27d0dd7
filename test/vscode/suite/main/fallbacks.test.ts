import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tsSource } from '../../../support/files';
import { HANG } from '../../scriptedModel';
import { invoke, scriptedModel, skim, withSettings, write } from '../../support';

describe('when the model cannot map a file, the structural outline serves, labelled', () => {
  before(() => skim());
  beforeEach(async () => (await scriptedModel()).reset());
  // Its last test leaves the model hanging on every summary: the files after this one start from a model that answers.
  after(async () => (await scriptedModel()).reset());

  it("a language tree-sitter has no grammar for is outlined by the editor's own language extension, and the read is capped", async () => {
    await withSettings({ 'model.vendor': 'nobody' }, async () => {
      const rules = Array.from({ length: 60 }, (_, i) => `.rule${i} {\n  color: red;\n  margin: ${i}px;\n  padding: 0;\n}\n`).join('');
      const file = write('styles.css', rules);
      // The CSS extension's language server starts on the first CSS document: wait until it answers at all.
      const uri = vscode.Uri.file(file);
      await vscode.workspace.openTextDocument(uri);
      for (let tries = 0; tries < 100; tries++) {
        const symbols = await vscode.commands.executeCommand<unknown[]>('vscode.executeDocumentSymbolProvider', uri);
        if (symbols?.length) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const text = await invoke('skim_read_file', { filePath: 'styles.css', startLine: 1, endLine: 300 });
      assert.match(text, /^\[skim\] This read was shortened: lines 1-200 of styles\.css are shown, of 300 in all/);
      assert.match(text, /Map of styles\.css \(300 lines; editor-symbols outline\):/);
      assert.match(text, /^296-300 \w+ \.rule59$/m);
      assert.equal((await scriptedModel()).summaryCalls(), 0);
    });
  });

  it('no model matches the settings: tree-sitter maps the file and the map says so', async () => {
    await withSettings({ 'model.vendor': 'nobody' }, async () => {
      write('nomodel.ts', tsSource(30, 26));
      const text = await invoke('skim_summarize_file', { filePath: 'nomodel.ts' });
      assert.match(text, /^Map of nomodel\.ts \(900 lines; tree-sitter outline\):/);
      assert.match(text, /^871-899 fn29$/m);
      assert.equal((await scriptedModel()).summaryCalls(), 0);
    });
  });

  it("a file larger than the model's input is never cut: no call, the outline, and the reason", async () => {
    await withSettings({ 'model.id': 'scripted-small' }, async () => {
      write('toolarge.ts', tsSource(30, 26));
      const text = await invoke('skim_read_file', { filePath: 'toolarge.ts' });
      assert.match(text, /^\[skim\] This read was shortened: lines 1-200 of toolarge\.ts/);
      assert.match(
        text,
        /\[skim\] Note: the model failed \(toolarge\.ts is \d+ tokens, more than the model's input limit of 2000\), so this is the structural outline\./,
      );
      assert.match(text, /\(\d+ lines; tree-sitter outline\):\n1-29 fn0$/m);
      assert.equal((await scriptedModel()).summaryCalls(), 0);
    });
  });

  it('a model that does not answer in time: one call, then the outline, and the reason', async () => {
    const model = await scriptedModel();
    model.setSummaryScript([HANG]);
    await withSettings({ 'model.timeoutSeconds': 1 }, async () => {
      write('slow.ts', tsSource(30, 26));
      const text = await invoke('skim_summarize_file', { filePath: 'slow.ts' });
      assert.match(
        text,
        /^\[skim\] Note: the model failed \(vscode\.lm:skim-test\/scripted-1 did not answer within 1 s\), so this is the structural outline\./,
      );
      assert.match(text, /\(\d+ lines; tree-sitter outline\):\n1-29 fn0$/m);
      assert.equal(model.summaryCalls(), 1);
    });
  });
});
