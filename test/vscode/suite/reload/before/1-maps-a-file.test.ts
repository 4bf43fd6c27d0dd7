import * as assert from 'node:assert/strict';
import { tsRegions, tsSource } from '../../../../support/files';
import { invoke, mapAnswer, scriptedModel, skim, write } from '../../../support';

/** The reload suite's first window: one map made and stored, for the window that reopens over this profile. */
describe('before the window reloads', () => {
  it('maps reload.ts with one model call', async () => {
    await skim();
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(tsRegions(30, 26))]);
    write('reload.ts', tsSource(30, 26));
    await invoke('skim_summarize_file', { filePath: 'reload.ts' });
    assert.equal(model.summaryCalls(), 1);
    // Written to disk now, not when the window closes: the reload must find it whatever the shutdown does.
    await (await skim()).workspace.flush();
  });
});
