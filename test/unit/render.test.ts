import * as assert from 'node:assert/strict';
import { mapJson, renderAt, renderMap } from '../../src/core/map/render';
import { MapEntry } from '../../src/core/map/types';

function entry(over: Partial<MapEntry> = {}): MapEntry {
  return {
    path: 'src/shop.ts',
    size: 1000,
    hash: 'abc',
    lines: 60,
    status: 'model',
    producer: 'openai:scripted',
    prose: 'A shop.',
    created: 0,
    regions: [
      { start: 1, end: 3, kind: 'imports', name: 'imports', note: '' },
      { start: 5, end: 40, kind: 'class', name: 'Cart', note: 'holds items' },
      { start: 7, end: 20, kind: 'method', name: 'add', note: 'adds one item' },
      { start: 22, end: 39, kind: 'method', name: 'total', note: 'sums prices' },
      { start: 45, end: 60, kind: 'function', name: 'checkout', note: 'charges the card' },
    ],
    ...over,
  };
}

describe('rendering a map from its rows', () => {
  it('renders the whole map with nesting shown by indentation', () => {
    assert.equal(
      renderMap(entry()),
      [
        'Map of src/shop.ts (60 lines; map written by openai:scripted):',
        'A shop.',
        'Regions (lines, then name(signature) or kind name — note; members indented under their parent):',
        '1-3 imports',
        '5-40 class Cart — holds items',
        '  7-20 method add — adds one item',
        '  22-39 method total — sums prices',
        '45-60 function checkout — charges the card',
      ].join('\n'),
    );
  });

  it('says a prose-only entry has no line map instead of inventing one', () => {
    const text = renderMap(entry({ status: 'prose-only', regions: [], prose: 'Some prose.' }));
    assert.equal(text, 'Map of src/shop.ts (60 lines; prose only, no line map: the model never gave a usable map; answered by openai:scripted):\nSome prose.');
  });

  it('folds members into their parent, with counts and ranges, and says so when the map must fit', () => {
    const regions = [0, 1, 2].flatMap((c) => [
      { start: c * 100 + 1, end: c * 100 + 99, kind: 'class', name: `C${c}`, note: 'a class' },
      ...Array.from({ length: 15 }, (_, m) => ({ start: c * 100 + 2 + m * 6, end: c * 100 + 6 + m * 6, kind: 'method', name: `m${m}`, note: 'does a thing' })),
    ]);
    const big = entry({ lines: 300, regions });
    assert.ok(renderMap(big).length > 1000);
    const folded = renderMap(big, { maxChars: 600, wholeMap: 'call skim_summarize_file' });
    assert.equal(
      folded,
      [
        'Map of src/shop.ts (300 lines; map written by openai:scripted); only signature notes kept, members below depth 1 folded to fit; call skim_summarize_file for the whole map:',
        'A shop.',
        'Regions (lines, then name(signature) or kind name — note; members indented under their parent):',
        '1-99 class C0 [folded: 15 methods]',
        '101-199 class C1 [folded: 15 methods]',
        '201-299 class C2 [folded: 15 methods]',
      ].join('\n'),
    );
  });

  it('folds a long flat map into runs of top-level regions rather than stopping silently', () => {
    const regions = Array.from({ length: 400 }, (_, i) => ({ start: i * 5 + 1, end: i * 5 + 4, kind: 'function', name: `f${i}`, note: 'does a thing' }));
    const text = renderMap(entry({ lines: 2000, regions }), { maxChars: 2000 });
    assert.ok(text.length <= 2000, `${text.length} characters`);
    assert.match(text, /400 top-level regions folded into runs to fit/);
    assert.match(text, /^1-\d+ \[folded: \d+ functions; first function f0, last function f\d+\]$/m);
    assert.match(text, /^1876-1999 \[folded: 25 functions; first function f375, last function f399\]$/m);
  });

  it('shows a callable as its name and signature, one line by its number, and three or more one-line siblings of a kind on one line', () => {
    const text = renderMap(
      entry({
        regions: [
          { start: 5, end: 40, kind: 'class', name: 'Cart', note: 'extends Base' },
          { start: 6, end: 6, kind: 'field', name: 'a', note: '' },
          { start: 7, end: 7, kind: 'field', name: 'b', note: 'the second' },
          { start: 8, end: 8, kind: 'field', name: 'c', note: '' },
          { start: 10, end: 20, kind: 'method', name: 'add', note: '(item: Item): void' },
          { start: 22, end: 22, kind: 'method', name: 'size', note: '(): number' },
        ],
      }),
    );
    assert.equal(
      text.split('\n').slice(3).join('\n'),
      ['5-40 class Cart — extends Base', '  field: 6 a; 7 b — the second; 8 c', '  10-20 add(item: Item): void', '  22 size(): number'].join('\n'),
    );
  });

  it('shows a note whole or not at all, and keeps only short signatures when a map must fit', () => {
    const rows = [
      { start: 1, end: 30, kind: 'function', name: 'serve', note: 'is used by an HTTP handler to construct an HTTP response.' },
      { start: 31, end: 60, kind: 'function', name: 'dial', note: '(network string, address string, timeout time.Duration) (Conn, error)' },
      { start: 61, end: 90, kind: 'function', name: 'close', note: '(c *Conn) error' },
      ...Array.from({ length: 6 }, (_, i) => ({
        start: 91 + i * 10,
        end: 100 + i * 10,
        kind: 'function',
        name: `listen${i}`,
        note: 'opens the socket and listens.',
      })),
    ];
    const regionLines = (text: string) => text.split('\n').slice(3, 7);
    const whole = renderMap(entry({ lines: 200, regions: rows }));
    assert.deepEqual(regionLines(whole), [
      '1-30 function serve',
      '31-60 function dial',
      '61-90 close(c *Conn) error',
      '91-100 function listen0 — opens the socket and listens.',
    ]);
    const fitted = renderMap(entry({ lines: 200, regions: rows }), { maxChars: whole.length - 1, wholeMap: 'call skim_summarize_file' });
    assert.match(fitted, /; only signature notes kept to fit; call skim_summarize_file for the whole map:/);
    assert.deepEqual(regionLines(fitted), ['1-30 function serve', '31-60 function dial', '61-90 close(c *Conn) error', '91-100 function listen0']);
    assert.equal(renderAt(entry({ lines: 200, regions: rows }), 5), '1-30 function serve — is used by an HTTP handler to construct an HTTP response.');
  });

  it('renders 100,000 regions, nested or flat, whole or folded, in one pass each', () => {
    const nested = Array.from({ length: 100_000 }, (_, i) => ({ start: i + 1, end: 200_000 - i, kind: 'function', name: `f${i}`, note: '(a)' }));
    const flat = Array.from({ length: 100_000 }, (_, i) => ({ start: 2 * i + 1, end: 2 * i + 2, kind: 'function', name: `f${i}`, note: '(a)' }));
    for (const regions of [nested, flat]) {
      const big = entry({ lines: 200_000, regions });
      assert.equal(renderMap(big).split('\n').length, 100_003);
      assert.ok(renderMap(big, { maxChars: 8000 }).length <= 8000);
    }
  });

  it('answers what is at a line: its regions innermost last, or a gap', () => {
    assert.equal(renderAt(entry(), 10), '5-40 class Cart — holds items\n  7-20 method add — adds one item');
    assert.equal(renderAt(entry(), 42), 'src/shop.ts:42 is in a gap between regions.');
    assert.equal(renderAt(entry(), 61), 'src/shop.ts has 60 lines; line 61 is outside it.');
  });

  it('gives the JSON form with exactly the stored fields', () => {
    const json = mapJson(entry(), 1);
    assert.deepEqual(Object.keys(json), ['path', 'lines', 'hash', 'status', 'producer', 'prose', 'regions', 'modelCalls']);
    assert.deepEqual(json.regions[1], { start: 5, end: 40, kind: 'class', name: 'Cart', note: 'holds items' });
  });
});
