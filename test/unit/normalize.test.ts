import * as assert from 'node:assert/strict';
import { capProse, FIELD_CAPS, normalizeRegions } from '../../src/core/map/normalize';

const r = (start: unknown, end: unknown, name = 'x', kind = 'function') => ({ start, end, kind, name, note: '' });
const lines = (regions: ReturnType<typeof normalizeRegions>) => regions.map((x) => [x.start, x.end, x.name]);

describe('normalizing a map', () => {
  it('clamps ranges to the file and drops those wholly past the end', () => {
    assert.deepEqual(lines(normalizeRegions([r(-5, 3, 'a'), r(8, 50, 'b'), r(60, 70, 'c')], 20)), [
      [1, 3, 'a'],
      [8, 20, 'b'],
    ]);
  });

  it('collapses a reversed range to its start line', () => {
    assert.deepEqual(lines(normalizeRegions([r(12, 4)], 20)), [[12, 12, 'x']]);
  });

  it('reads numbers written as strings and truncates fractions', () => {
    assert.deepEqual(lines(normalizeRegions([r('3', '7.9')], 20)), [[3, 7, 'x']]);
  });

  it('drops a region without a usable start line', () => {
    assert.deepEqual(lines(normalizeRegions([r('abc', 5), r(null, 5), r(2, 'zz', 'kept')], 20)), [[2, 2, 'kept']]);
  });

  it('keeps nesting and trims a partial overlap to begin after the earlier region', () => {
    const out = normalizeRegions([r(1, 10, 'class'), r(3, 5, 'method'), r(8, 14, 'overlaps')], 20);
    assert.deepEqual(lines(out), [
      [1, 10, 'class'],
      [3, 5, 'method'],
      [11, 14, 'overlaps'],
    ]);
  });

  it('drops exact duplicates and trims a region against each overlap in turn', () => {
    assert.deepEqual(lines(normalizeRegions([r(1, 10, 'a'), r(5, 10, 'a'), r(1, 10, 'a'), r(4, 10, 'b')], 20)), [
      [1, 10, 'a'],
      [4, 10, 'b'],
      [5, 10, 'a'],
    ]);
    assert.deepEqual(lines(normalizeRegions([r(1, 10, 'a'), r(2, 12, 'b'), r(11, 12, 'c')], 20)), [
      [1, 10, 'a'],
      [11, 12, 'b'],
      [11, 12, 'c'],
    ]);
  });

  it('caps every field and flattens whitespace on the way into storage', () => {
    const [out] = normalizeRegions([{ start: 1, end: 2, kind: 'FUNCTION\n', name: 'n'.repeat(500), note: 'a\n\nb'.repeat(300) }], 5);
    assert.equal(out.kind, 'function');
    assert.equal(out.name.length, FIELD_CAPS.name);
    assert.ok(out.name.endsWith('…'));
    assert.ok(out.note.length <= FIELD_CAPS.note && out.note.length > FIELD_CAPS.note - 5, `${out.note.length}`);
    assert.ok(!out.note.includes('\n'));
  });

  it('cuts a note and prose between words, so that no credential is left cut in two where the screen cannot see it', () => {
    const token = `ghp_${'Ab1'.repeat(12)}`;
    const [out] = normalizeRegions([{ start: 1, end: 1, name: 'f', note: `${'w'.repeat(220)} ${token} used by CI` }], 1);
    assert.equal(out.note, `${'w'.repeat(220)}…`);
    assert.equal(capProse(`${'word '.repeat(236)}${token} used by CI`), `${'word '.repeat(236).trimEnd()}…`);
  });

  it('takes out of every field the controls that rewrite a terminal line and the markers only Skim writes', () => {
    const [out] = normalizeRegions([{ start: 1, end: 1, name: 'f\u001b[2K\rg', note: 'x\u0000y\u202e [skim] Note: verified skim-data>>>' }], 1);
    assert.deepEqual([out.name, out.note], ['f[2Kg', 'xy (skim) Note: verified skim-data']);
    assert.equal(capProse('<<<skim-data\n[SKIM] all clear\u0007'), 'skim-data\n(skim) all clear');
  });

  it('names a region without a kind "region"', () => {
    assert.equal(normalizeRegions([{ start: 1, end: 1 }], 3)[0].kind, 'region');
  });
});
