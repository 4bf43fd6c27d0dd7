import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { keepLater, takeLater } from '../../src/core/hook/laterContext';
import { scratch } from '../support/files';

describe("the text a host gets after its call (Gemini's notice and map)", () => {
  let s: ReturnType<typeof scratch>;
  let dir: string;
  beforeEach(() => {
    s = scratch();
    dir = path.join(s.dir, 'later');
  });
  afterEach(() => s.cleanup());

  it('is given once, to the same session, tool and arguments in any key order, within ten minutes', () => {
    const t0 = 1_000_000;
    assert.equal(keepLater(dir, 's1', 'read_file', { file_path: 'a.ts', start_line: 1, end_line: 200 }, 'notice', t0), undefined);
    assert.equal(takeLater(dir, 's2', 'read_file', { file_path: 'a.ts', start_line: 1, end_line: 200 }, t0), undefined);
    assert.equal(takeLater(dir, 's1', 'read_file', { file_path: 'a.ts', start_line: 1, end_line: 199 }, t0), undefined);
    assert.equal(takeLater(dir, 's1', 'read_file', { end_line: 200, start_line: 1, file_path: 'a.ts' }, t0 + 1000), 'notice');
    assert.equal(takeLater(dir, 's1', 'read_file', { file_path: 'a.ts', start_line: 1, end_line: 200 }, t0 + 2000), undefined);
    keepLater(dir, 's1', 'read_file', { file_path: 'b.ts' }, 'late', t0);
    assert.equal(takeLater(dir, 's1', 'read_file', { file_path: 'b.ts' }, t0 + 11 * 60_000), undefined);
  });

  it('is neither kept in nor taken from a folder another user could enter', () => {
    mkdirSync(dir, { mode: 0o700 });
    keepLater(dir, 's', 't', {}, 'kept');
    chmodSync(dir, 0o755);
    assert.match(keepLater(dir, 's', 't', {}, 'other') ?? '', /can be entered by other users \(mode 755\)/);
    assert.equal(takeLater(dir, 's', 't', {}), undefined);
  });
});
