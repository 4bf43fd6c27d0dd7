import * as assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { scriptedModel, shown, skim, sleep, waitFor, workspaceDir } from '../../support';

/** How long the window is left to settle (other extensions activating) before the file opens, as a person would open it. */
const SETTLE_MS = 5_000;

/**
 * Used by `npm run bench`: how long Skim's activate() took in this window, and, once the window
 * has settled, how long after opening mocha's 1,417-line runner the editor asked for its lenses
 * and got the first one (a tree-sitter parse, no model call).
 */
describe('activation and the first lens', () => {
  it("activates within seconds, and a 1,417-line file's first lens reaches the editor without a model call", async function () {
    this.timeout(120_000);
    const api = await skim();
    assert.ok(api.activationMs > 0 && api.activationMs < 5_000, `activate() took ${api.activationMs} ms`);
    assert.ok(api.loadMs > 0 && api.loadMs < 5_000, `loading the bundle took ${api.loadMs} ms`);
    const file = path.join(workspaceDir(), 'runner.js');
    copyFileSync(require.resolve('mocha/lib/runner.js'), file);
    const uri = vscode.Uri.file(file);
    await sleep(SETTLE_MS);
    const opened = performance.now();
    const editor = await vscode.window.showTextDocument(uri);
    const first = await waitFor(
      () => {
        const lens = api.editor.codeLens.firstLens.get(uri.toString());
        return lens?.answered === undefined ? undefined : { asked: lens.asked, answered: lens.answered };
      },
      'the editor to get the first lens',
      60,
    );
    const firstLensMs = first.answered - opened;
    const askedMs = first.asked - opened;
    console.log(
      `activate() took ${api.activationMs.toFixed(1)} ms; the editor asked for lenses ${askedMs.toFixed(1)} ms after the file opened and got the first ${firstLensMs.toFixed(1)} ms after`,
    );
    // The editor asked for the lenses itself and drew them: the page shows the first one where it is scrolled to.
    editor.revealRange(new vscode.Range(171, 0, 171, 0), vscode.TextEditorRevealType.AtTop);
    const text = await shown(['class · 172-242']);
    assert.ok(text.includes('class · 172-242'), 'the lens over class Runner is on the page');
    assert.equal((await scriptedModel()).summaryCalls(), 0);
    assert.ok(firstLensMs > 0 && firstLensMs < 30_000, `the first lens took ${firstLensMs} ms`);
    const out = process.env.SKIM_BENCH_OUT;
    if (out) writeFileSync(out, JSON.stringify({ loadMs: api.loadMs, activationMs: api.activationMs, firstLensMs, lensAskedMs: askedMs }));
  });
});
