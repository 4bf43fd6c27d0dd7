import * as assert from 'node:assert/strict';
import { tsRegions, tsSource } from '../../../support/files';
import { invoke, mapAnswer, scriptedModel, write } from '../../support';

/** Leaves one map behind for the reload suite, which opens this window's profile again. */
describe('before the window reloads', () => {
  it('maps reload.ts with one model call', async () => {
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(tsRegions(30, 26))]);
    write('reload.ts', tsSource(30, 26));
    await invoke('skim_summarize_file', { filePath: 'reload.ts' });
    assert.equal(model.summaryCalls(), 1);
  });
});
