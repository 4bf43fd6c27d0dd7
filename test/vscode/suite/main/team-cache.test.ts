import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { tsSource } from '../../../support/files';
import { startPostgres, TestPostgres } from '../../../support/postgres';
import { invoke, scriptedModel, skim, skimHover, waitFor, write } from '../../support';

describe('the team cache in VS Code', function () {
  this.timeout(120_000);
  let pg: TestPostgres;
  before(async () => {
    await skim();
    pg = await startPostgres();
  });
  after(async () => {
    await vscode.workspace.getConfiguration('skim.teamCache').update('url', undefined, vscode.ConfigurationTarget.Global);
    pg.cleanup();
  });

  it("takes a teammate's map for the same bytes with no model call, and the status bar says it came from the team", async () => {
    const model = await scriptedModel();
    model.reset();
    const source = tsSource(4, 6);
    const file = write('shared.ts', source);
    await vscode.workspace.getConfiguration('skim.teamCache').update('url', pg.url, vscode.ConfigurationTarget.Global);
    // The first lookup creates the table; then a teammate's row for these exact bytes is put there.
    await invoke('skim_summarize_file', { filePath: write('warmup.ts', tsSource(1, 2)) });
    const hash = createHash('sha256').update(source).digest('hex');
    const regions = JSON.stringify([{ start: 1, end: 9, kind: 'function', name: 'fn0', note: 'shared by a teammate' }]);
    pg.sql(
      `INSERT INTO skim_maps (hash, size, producer, prose, regions) VALUES ('${hash}', ${Buffer.byteLength(source)}, 'vscode.lm:skim-test/scripted-1@p1', 'From the team.', '${regions}'::jsonb)`,
    );
    const calls = model.summaryCalls();
    const text = await invoke('skim_summarize_file', { filePath: file });
    assert.match(text, /^Map of shared\.ts \(40 lines; written by vscode\.lm:skim-test\/scripted-1@p1\):\nFrom the team\.\n/);
    assert.equal(model.summaryCalls(), calls);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    assert.match((await skimHover(editor.document.uri, 1)) ?? '', /^Skim: function fn0 · 1-9 · shared by a teammate · \[whole map\]/);
    const api = await skim();
    await waitFor(
      () => (api.statusBar.text === '$(list-tree) Skim: map (team) · hook off' ? true : undefined),
      `the status bar (it says ${api.statusBar.text})`,
    );
    assert.match(api.statusBar.tooltip, /written by vscode\.lm:skim-test\/scripted-1@p1 and fetched from your team’s cache\./);
    assert.equal(pg.sql(`SELECT publisher FROM skim_maps WHERE hash = '${hash}'`).trim(), 'postgres', 'the database names who wrote the row');
  });

  it("\"Skim: Forget This File in the Team Cache\" removes every producer's row for the file's version, no other version's, and says whose they were", async () => {
    const source = tsSource(4, 6);
    const file = write('shared.ts', source);
    const hash = createHash('sha256').update(source).digest('hex');
    const size = Buffer.byteLength(source);
    pg.sql(
      `SET ROLE skim; INSERT INTO skim_maps (hash, size, producer, prose, regions) VALUES ('${hash}', ${size}, 'vscode.lm:copilot/gpt-4o-mini@p1', 'Another model.', '[]'), ('${'0'.repeat(64)}', ${size}, 'vscode.lm:copilot/gpt-4o-mini@p1', 'Another version.', '[]')`,
    );
    const version = `this version: sha256 ${hash.slice(0, 12)}…, ${size} bytes`;
    assert.equal(
      await vscode.commands.executeCommand('skim.forgetTeamFile', vscode.Uri.file(file)),
      `Removed 2 team rows for shared.ts (${version}): vscode.lm:copilot/gpt-4o-mini@p1 published by skim; vscode.lm:skim-test/scripted-1@p1 published by postgres.`,
    );
    assert.equal(pg.sql(`SELECT prose FROM skim_maps WHERE size = ${size}`).trim(), 'Another version.');
    await vscode.window.showTextDocument(vscode.Uri.file(file));
    assert.equal(await vscode.commands.executeCommand('skim.forgetTeamFile'), `The team cache holds no map of shared.ts (${version}): nothing to remove.`);
  });
});
