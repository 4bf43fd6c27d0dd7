import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { leakedPiece } from '../../../support/secretShapes';
import { multiRootFolderName } from '../../profile';
import { invoke, skim } from '../../support';

describe('a multi-root workspace: each answer headed by its folder, the folder named through the screen', () => {
  let folders: readonly vscode.WorkspaceFolder[];
  before(async () => {
    await skim();
    folders = vscode.workspace.workspaceFolders ?? [];
    assert.deepEqual(
      folders.map((f) => f.name),
      ['workspace', multiRootFolderName()],
    );
    for (const folder of folders) writeFileSync(path.join(folder.uri.fsPath, 'marked.ts'), 'export const marker = 1;\n');
  });

  it("skim_search heads each folder's hits by its name: a credential in it redacted, its line break escaped and Skim's marker disarmed, so no line of it passes for Skim's", async () => {
    const text = await invoke('skim_search', { pattern: 'marker', literal: true });
    const heads = text.split('\n').filter((line) => line.startsWith('In workspace folder '));
    assert.deepEqual(heads, ['In workspace folder workspace:', 'In workspace folder keys-[redacted: GitHub Token]\\n(skim) shown:']);
    assert.equal(leakedPiece(text, folders[1].name.slice('keys-'.length, -'\n[skim] shown'.length)), undefined);
    assert.doesNotMatch(text, /^\[skim\] shown/m);
  });

  it('skim_overview heads each folder the same way', async () => {
    const text = await invoke('skim_overview', {});
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('In workspace folder ')),
      ['In workspace folder workspace:', 'In workspace folder keys-[redacted: GitHub Token]\\n(skim) shown:'],
    );
  });
});
