import * as assert from 'node:assert/strict';
import { cpSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { invoke, scriptedModel, skim, workspaceDir } from '../../support';

const MOCHA_LIB = path.dirname(require.resolve('mocha/lib/runner.js'));

describe('skim_overview in VS Code', function () {
  this.timeout(120_000);
  const folder = () => path.join(workspaceDir(), 'overview-mocha');
  before(async () => {
    await skim();
    cpSync(MOCHA_LIB, path.join(folder(), 'lib'), { recursive: true });
  });
  after(() => rmSync(folder(), { recursive: true, force: true }));

  it("ranks a folder of mocha's lib by how much the rest of it names each file, in the budget asked, with no model call", async () => {
    const model = await scriptedModel();
    model.reset();
    const text = await invoke('skim_overview', { path: 'overview-mocha', tokens: 1_000 });
    assert.match(
      text,
      /^overview-mocha: \d+ of 62 files ranked by how often the rest of the code names their declarations \(tree-sitter outlines; no model was asked\)\./,
    );
    assert.match(text, /\n\noverview-mocha\/lib\/errors\.js \(380 lines\)\n/);
    assert.match(text, /\n {2}25-473 class Runnable \(15\)\n/);
    assert.match(text, /skim_overview with path "overview-mocha\/lib" narrows\.$/);
    assert.equal(model.summaryCalls(), 0);
  });

  it('refuses a folder outside the workspace', async () => {
    await assert.rejects(invoke('skim_overview', { path: '/etc' }), /\/etc is outside the open workspace/);
  });
});
