import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { invoke, lenses, scriptedModel, skim, waitFor, workspaceDir } from '../../support';

/**
 * A workspace opened in Restricted Mode (not trusted, nobody asked), whose own settings ask for
 * reads without a limit and edits without the gate (runner.ts writes them): Skim is on, maps come
 * from tree-sitter with no model call, the workspace's settings are ignored, and no hook is written.
 */
describe('in an untrusted workspace (Restricted Mode)', () => {
  const runner = () => path.join(workspaceDir(), 'runner.js');

  before(() => copyFileSync(require.resolve('mocha/lib/runner.js'), runner()));

  it('Skim is active in a workspace VS Code does not trust', async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    const api = await skim();
    assert.ok(api.activationMs > 0);
  });

  it("a map comes from the tree-sitter outline, with no call to the model the user's settings choose", async () => {
    const map = await invoke('skim_summarize_file', { filePath: 'runner.js' });
    assert.match(map, /^Map of runner\.js \(1417 lines; /);
    assert.match(map, /^172-242 .*Runner/m);
    assert.equal((await scriptedModel()).summaryCalls(), 0);
  });

  it("the editor's lenses are there too", async () => {
    const uri = vscode.Uri.file(runner());
    await vscode.window.showTextDocument(uri);
    const shown = await waitFor(async () => {
      const found = await lenses(uri);
      return found.length > 0 ? found : undefined;
    }, 'the lenses of runner.js');
    assert.ok(
      shown.some(([line, title]) => line === 172 && title === 'class · 172-242'),
      JSON.stringify(shown.slice(0, 5)),
    );
  });

  it("a 400-line read is shortened to 200 lines, whatever the workspace's own skim.guard.lineLimit says", async () => {
    const read = await invoke('skim_read_file', { filePath: 'runner.js', startLine: 580, endLine: 979 });
    assert.match(read, /lines 580-779 of runner\.js are shown, of 1417 in all \(the read asked for 580-979\)\. Next start: line 780\./);
  });

  it('installing the read hook waits for trust: the command writes no hook file', async () => {
    const change = await vscode.commands.executeCommand('skim.installReadHook', { host: 'vscode', scope: 'workspace' });
    assert.equal(change, undefined);
    const hooks = path.join(workspaceDir(), '.github', 'hooks');
    assert.deepEqual(existsSync(hooks) ? readdirSync(hooks) : [], []);
  });
});
