import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { findSearchProgram, vscodeRipgrepCandidates } from '../../../../src/core/search/program';
import { tsSource } from '../../../support/files';
import { invoke, scriptedModel, skim, write, workspaceDir } from '../../support';

describe('skim_search in VS Code', () => {
  before(async () => {
    await skim();
  });

  it('finds the ripgrep this VS Code ships under its appRoot, with no rg on PATH', () => {
    const program = findSearchProgram(workspaceDir(), vscodeRipgrepCandidates(vscode.env.appRoot), { PATH: '' });
    assert.equal(program.kind, 'rg');
    assert.ok(program.path.startsWith(vscode.env.appRoot), program.path);
  });

  it('places each hit in its function, from the stored map when fresh, with no model call', async () => {
    const model = await scriptedModel();
    model.reset();
    write('searchable.ts', tsSource(3, 2));
    const text = await invoke('skim_search', { pattern: 'n = n + 1;', literal: true, path: 'searchable.ts' });
    assert.equal(
      text,
      [
        '3 matches for "n = n + 1;" in searchable.ts, in 1 file.',
        '',
        'searchable.ts',
        '  1-5 fn0(n: number): number',
        '    3\t  n = n + 1;',
        '  7-11 fn1(n: number): number',
        '    9\t  n = n + 1;',
        '  13-17 fn2(n: number): number',
        '    15\t  n = n + 1;',
      ].join('\n'),
    );
    assert.equal(model.summaryCalls(), 0);
  });

  it('refuses to search outside the workspace', async () => {
    await assert.rejects(invoke('skim_search', { pattern: 'root', path: '/etc' }), /\/etc is outside the open workspace/);
  });
});
