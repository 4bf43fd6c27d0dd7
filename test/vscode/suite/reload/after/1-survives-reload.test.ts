import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { invoke, scriptedModel, skim, workspaceDir } from '../../../support';

/** The reload suite's second window, over the first one's profile and workspace: a window reload. */
describe('after a window reload', () => {
  it('the cache still holds the maps made before: no model call, the same map', async () => {
    const api = await skim();
    const model = await scriptedModel();
    model.reset();
    const uri = vscode.Uri.file(`${workspaceDir()}/reload.ts`);
    assert.equal((await api.workspace.state(uri)).state, 'fresh');
    const text = await invoke('skim_read_file', { filePath: 'reload.ts' });
    assert.match(text, /Next start: line 201\./);
    assert.match(text, /^871-899 fn29$/m);
    assert.equal(model.summaryCalls(), 0);
  });
});
