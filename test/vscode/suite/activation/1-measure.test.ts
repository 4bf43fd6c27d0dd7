import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { skim } from '../../support';

/** Used by `npm run bench`: how long Skim's activate() took in this window. */
describe('activation', () => {
  it('records how long activate() took', async () => {
    const api = await skim();
    assert.ok(api.activationMs >= 0);
    const out = process.env.SKIM_BENCH_OUT;
    if (out) writeFileSync(out, JSON.stringify({ activationMs: api.activationMs }));
  });
});
