import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mapJson, renderAt, renderMap } from '../../src/core/map/render';
import { MapEntry, Region } from '../../src/core/map/types';
import { splitLines } from '../../src/core/files/readSource';
import { structuralMap } from '../../src/core/structural/mapper';
import { corpusFile } from '../support/corpus';

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

/** A region row. */
const r = (start: number, end: number, kind: string, name: string, note = ''): Region => ({ start, end, kind, name, note });

/** The structural map of a real file, as the map's entry; a Debian source that is not installed fails the test and says how to install it. */
async function mapOf(file: string): Promise<MapEntry> {
  assert.ok(existsSync(file), `${file} is not installed: run bash scripts/setup-bench-corpus.sh`);
  const text = readFileSync(file, 'utf8');
  const lines = splitLines(text).length;
  const map = await structuralMap(file, text, lines);
  return { path: file, size: text.length, hash: '', lines, status: 'structural', producer: map.producer, prose: map.prose, regions: map.regions, created: 0 };
}

/** The map's lines after its header and prose. */
const regionLines = (text: string, prose = 1) => text.split('\n').slice(1 + prose);

describe('rendering a map from its rows', () => {
  it("renders a map of 200,000 regions, flat and as one qualifier's members, without running out of stack (a generated 5 MB file)", () => {
    const flat: Region[] = Array.from({ length: 200_000 }, (_, k) => ({ start: 3 * k + 1, end: 3 * k + 2, kind: 'function', name: `f${k}`, note: '' }));
    const members: Region[] = flat.map((r, k) => ({ ...r, kind: 'method', name: `Big.prototype.m${k}` }));
    for (const regions of [flat, members]) {
      const text = renderMap(entry({ lines: 600_000, regions }));
      assert.equal(text.split('\n').at(-1), regions === flat ? '599998-599999 f199999' : '\t599998-599999 m199999');
    }
  });

  it('renders the whole map: a kind word on all but functions and methods, members one tab in under their parent', () => {
    assert.equal(
      renderMap(entry()),
      [
        'Map of src/shop.ts (60 lines; written by openai:scripted):',
        'A shop.',
        '1-3 imports',
        '5-40 class Cart — holds items',
        '\t7-20 add — adds one item',
        '\t22-39 total — sums prices',
        '45-60 checkout — charges the card',
      ].join('\n'),
    );
  });

  it('names a structural outline by its tool, and says a prose-only entry has no line map instead of inventing one', () => {
    assert.match(
      renderMap(entry({ status: 'structural', producer: 'tree-sitter:typescript@5' })),
      /^Map of src\/shop\.ts \(60 lines; tree-sitter outline\):\n/,
    );
    const text = renderMap(entry({ status: 'prose-only', regions: [], prose: 'Some prose.' }));
    assert.equal(text, 'Map of src/shop.ts (60 lines; prose only, no line map: the model never gave a usable map; answered by openai:scripted):\nSome prose.');
  });

  it('shows a note only where it says two words its name, kind and parent do not, whole and up to 40 characters', () => {
    const rows: Region[] = [
      r(1, 90, 'class', 'CacheManager', 'Keeps tokens and accounts per tenant.'),
      r(2, 9, 'method', 'matchAccountId', 'helper to match account ids'),
      r(10, 19, 'method', 'removeIdToken', 'Removes idToken from the cache'),
      r(20, 29, 'method', 'setAccount', 'set account entity in the platform cache'),
      r(30, 39, 'method', 'close', 'the connection.'),
      r(40, 49, 'method', 'hijackLocked', 'c.mu must be held.'),
      r(50, 59, 'method', 'serve', 'is used by an HTTP handler to construct an HTTP response.'),
      r(60, 69, 'method', 'dial', '(network string, address string) (Conn, error)'),
      r(70, 79, 'imports', 'imports', '3 imports'),
      r(80, 89, 'method', 'flush', '把缓冲区写入磁盘'),
    ];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 100, regions: rows }))), [
      '1-90 class CacheManager — Keeps tokens and accounts per tenant.',
      '2-9 matchAccountId',
      '10-19 removeIdToken',
      '20-29 setAccount — set account entity in the platform cache',
      '30-39 close',
      '40-49 hijackLocked — c.mu must be held.',
      '50-59 serve',
      '60-69 dial',
      '70-79 imports',
      '80-89 flush — 把缓冲区写入磁盘',
    ]);
    assert.equal(
      renderAt(entry({ lines: 100, regions: rows }), 55),
      '1-90 class CacheManager — Keeps tokens and accounts per tenant.\n  50-59 method serve — is used by an HTTP handler to construct an HTTP response.',
    );
  });

  it('tells same-named members apart by their qualifiers, then by their parameters, and names a member without its parent', () => {
    const rows: Region[] = [
      r(1, 99, 'class', 'HTTP'),
      r(2, 9, 'method', 'HTTP.start', '(address, port = nil)'),
      r(10, 19, 'method', 'start'),
      r(20, 29, 'method', 'HTTP.get', '(uri)'),
      r(30, 39, 'method', '_S_minimum', '(_Base_ptr __x)'),
      r(40, 49, 'method', '_S_minimum', '(_Const_Base_ptr __x)'),
      r(50, 59, 'method', 'resize', '(size_type __n, const value_type& __x = value_type()) noexcept'),
      r(60, 69, 'method', 'resize', '(size_type __n)'),
      r(70, 79, 'method', 'get', '(self, key: str, default: int = 0)'),
      r(80, 89, 'method', 'get', '(self)'),
    ];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 100, regions: rows }))), [
      '1-99 class HTTP',
      '2-9 HTTP.start',
      '10-19 start',
      '20-29 HTTP.get',
      '30-39 _S_minimum(_Base_ptr)',
      '40-49 _S_minimum(_Const_Base_ptr)',
      '50-59 resize(size_type, const value_type& = value_type())',
      '60-69 resize(size_type)',
      '70-79 get(self, str, int)',
      '80-89 get(self)',
    ]);
  });

  it('shows a type and the members it has after its own lines together, each with its lines, in line order', () => {
    const rows: Region[] = [
      r(1, 10, 'struct', 'conn'),
      r(12, 15, 'method', 'conn.hijacked', '() bool'),
      r(17, 30, 'method', 'conn.hijackLocked', 'c.mu must be held.'),
      r(32, 40, 'function', 'newConn'),
      r(42, 50, 'method', 'conn.close'),
      r(52, 60, 'class', '_Rb_tree'),
      r(61, 70, 'method', '_Rb_tree<_Key, _Val, _Alloc>:: _M_copy', '(_Link_type __x)'),
      r(72, 80, 'function', 'swap'),
      r(82, 90, 'method', '_Rb_tree<_Key, _Val, _Alloc>:: _M_erase'),
    ];
    const big = entry({ lines: 100, regions: rows });
    assert.deepEqual(regionLines(renderMap(big)), [
      '1-10 struct conn',
      '\t12-15 hijacked',
      '\t17-30 hijackLocked — c.mu must be held.',
      '32-40 newConn',
      '42-50 conn.close',
      '52-60 class _Rb_tree',
      '\t61-70 _M_copy',
      '72-80 swap',
      '82-90 _Rb_tree::_M_erase',
    ]);
    // Folded, the type's line says where its members are, past its own lines.
    const many = entry({
      lines: 400,
      regions: [
        r(1, 10, 'struct', 'conn'),
        ...Array.from({ length: 30 }, (_, i) => ({ start: 12 + i * 10, end: 20 + i * 10, kind: 'method', name: `conn.method${i}`, note: '' })),
        r(320, 330, 'function', 'newConn'),
      ],
    });
    assert.deepEqual(regionLines(renderMap(many, { maxChars: 300 })), ['1-10 struct conn [folded: 30 methods in 1-310]', '320-330 newConn']);
    // The JSON and the line tools keep the whole names.
    assert.equal(mapJson(big, 0).regions[1].name, 'conn.hijacked');
    assert.equal(renderAt(big, 13), '12-15 conn.hijacked() bool');
  });

  it("nests real files' members under their type without its name: Go's methods after their struct, mocha's prototype methods after its class", async () => {
    const go = await mapOf('/usr/share/go-1.19/src/net/http/server.go');
    const goLines = renderMap(go).split('\n');
    const conn = goLines.indexOf('253-307 struct conn');
    assert.deepEqual(goLines.slice(conn, conn + 3), ['253-307 struct conn', '\t309-313 hijacked', '\t316-334 hijackLocked — c.mu must be held.']);
    assert.ok(go.regions.some((r) => r.name === 'conn.hijacked' && r.start === 309));

    const mocha = renderMap(await mapOf(require.resolve('mocha/lib/runner.js')));
    assert.match(mocha, /^172-242 class Runner — extends EventEmitter\n\t187-241 constructor\n/m);
    assert.match(mocha, /^\t259-287 _addEventListener$/m);
    assert.doesNotMatch(mocha, /^\t*\d+(-\d+)? (method )?Runner\.prototype\.(_addEventListener|dispose|grep)$/m);
    // The prototype methods after createHookSkipError are no longer right after the class: grouped under their qualifier.
    assert.match(mocha, /^453-474 createHookSkipError\nRunner\.prototype\.\n\t485-510 failAffectedTests\n/m);
  });

  it('says a member with no name by its kind, so that no line is only numbers', () => {
    const rows: Region[] = [r(1, 9, 'class', 'Cart'), r(2, 4, 'method', ''), r(6, 6, 'field', ''), r(7, 7, 'field', 'b'), r(8, 8, 'field', 'c')];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 10, regions: rows }))), ['1-9 class Cart', '2-4 method', 'field: 6; 7 b; 8 c']);
  });

  it('groups four or more consecutive members of one qualifier under it, named once, with no lines of its own (a group is no region)', () => {
    const rows: Region[] = [
      r(1, 9, 'function', 'swap'),
      ...['_M_copy', '_M_erase', 'find', 'count'].map((name, i) => ({
        start: 10 + i * 10,
        end: 18 + i * 10,
        kind: 'method',
        name: `_Rb_tree<_Key, _Val>:: ${name}`,
        note: '',
      })),
      r(50, 52, 'method', 'ServeMux.match'),
      r(53, 55, 'method', 'ServeMux.handler'),
      r(56, 58, 'method', 'ServeMux.Handle'),
    ];
    const grouped = entry({ lines: 60, regions: rows });
    assert.deepEqual(regionLines(renderMap(grouped)), [
      '1-9 swap',
      '_Rb_tree::',
      '\t10-18 _M_copy',
      '\t20-28 _M_erase',
      '\t30-38 find',
      '\t40-48 count',
      '50-52 ServeMux.match',
      '53-55 ServeMux.handler',
      '56-58 ServeMux.Handle',
    ]);
    const many = entry({
      lines: 400,
      regions: Array.from({ length: 30 }, (_, i) => ({ start: 1 + i * 10, end: 9 + i * 10, kind: 'method', name: `_Rb_tree<_Key>::_M_method${i}`, note: '' })),
    });
    assert.deepEqual(regionLines(renderMap(many, { maxChars: 200 })), ['_Rb_tree:: [folded: 30 methods in 1-299]']);
  });

  it('folds members into their parent, with counts and ranges, and says so when the map must fit', () => {
    const regions = [0, 1, 2].flatMap((c) => [
      { start: c * 100 + 1, end: c * 100 + 99, kind: 'class', name: `C${c}`, note: 'a class' },
      ...Array.from({ length: 15 }, (_, m) => ({ start: c * 100 + 2 + m * 6, end: c * 100 + 6 + m * 6, kind: 'method', name: `m${m}`, note: 'does a thing' })),
    ]);
    const big = entry({ lines: 300, regions });
    assert.ok(renderMap(big).length > 600);
    const folded = renderMap(big, { maxChars: 350, wholeMap: 'call skim_summarize_file' });
    assert.equal(
      folded,
      [
        'Map of src/shop.ts (300 lines; written by openai:scripted); notes left out, members below depth 1 folded to fit; call skim_summarize_file for the whole map:',
        'A shop.',
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
    assert.match(text, /^\[folded: \d+ functions in 1-\d+; first function f0, last function f\d+\]$/m);
    assert.match(text, /^\[folded: 25 functions in 1876-1999; first function f375, last function f399\]$/m);
  });

  it('draws a flat map of one-line regions whole when its budget is exactly its length, and folds it into runs one character under', () => {
    // Line numbers are most of this drawing: what a quick count of them may skip must still fit when it fits.
    const regions = Array.from({ length: 600 }, (_, i) => r(100_001 + i, 100_001 + i, 'function', String.fromCharCode(97 + (i % 26))));
    const flat = entry({ lines: 101_000, regions });
    const whole = renderMap(flat);
    assert.match(whole, /^A shop\.\n100001 a; 100002 b; 100003 c; /m);
    assert.equal(renderMap(flat, { maxChars: whole.length }), whole);
    assert.match(renderMap(flat, { maxChars: whole.length - 1 }), /600 top-level regions folded into runs to fit:/);
  });

  it('puts three or more one-line siblings of one kind on one line, each by its number, the kind said once', () => {
    const text = renderMap(
      entry({
        regions: [
          r(5, 40, 'class', 'Cart', 'extends Base'),
          r(6, 6, 'field', 'a'),
          r(7, 7, 'field', 'b', 'counts items in cents'),
          r(8, 8, 'field', 'c'),
          r(10, 20, 'method', 'add', '(item: Item): void'),
          r(22, 22, 'method', 'size', '(): number'),
          r(23, 23, 'method', 'clear', '(): void'),
          r(24, 24, 'method', 'empty', '(): boolean'),
        ],
      }),
    );
    assert.deepEqual(regionLines(text), [
      '5-40 class Cart — extends Base',
      // A one-line field's note costs what reading the line does: it stays in the row.
      'field: 6 a; 7 b; 8 c',
      '10-20 add',
      '22 size; 23 clear; 24 empty',
    ]);
  });

  it("names overloads by their parameters' types, a trailing comma no parameter of its own (requests' _encode_params)", () => {
    const rows = [
      r(1, 3, 'method', '_encode_params', '(data: str) -> str'),
      r(5, 9, 'method', '_encode_params', '(data: _t.SupportsRead[str | bytes],) -> _t.SupportsRead[str | bytes]'),
      r(11, 13, 'method', '_encode_params', '(data: _t.KVDataType, ) -> str'),
    ];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 20, regions: rows }))), [
      '1-3 _encode_params(str)',
      '5-9 _encode_params(_t.SupportsRead[str | bytes])',
      '11-13 _encode_params(_t.KVDataType)',
    ]);
  });

  it('keeps only the signatures that tell same-named members apart when a map must fit', () => {
    const rows = [
      r(1, 30, 'function', 'serve', 'answers a request on its connection.'),
      r(31, 60, 'function', 'open', '(String path)'),
      r(61, 90, 'function', 'open', '(String path, int flags)'),
      ...[
        'opens the socket and listens.',
        'closes every open connection.',
        'waits for pending writes.',
        'logs each request line.',
        'counts bytes sent back.',
        'drops idle keep-alive peers.',
      ].map((note, i) => ({ start: 91 + i * 10, end: 100 + i * 10, kind: 'function', name: `listen${i}`, note })),
    ];
    const whole = renderMap(entry({ lines: 200, regions: rows }));
    assert.deepEqual(regionLines(whole).slice(0, 4), [
      '1-30 serve — answers a request on its connection.',
      '31-60 open(String)',
      '61-90 open(String, int)',
      '91-100 listen0 — opens the socket and listens.',
    ]);
    const fitted = renderMap(entry({ lines: 200, regions: rows }), { maxChars: whole.length - 1, wholeMap: 'call skim_summarize_file' });
    assert.match(fitted, /; notes left out to fit; call skim_summarize_file for the whole map:/);
    assert.deepEqual(regionLines(fitted).slice(0, 4), ['1-30 serve', '31-60 open(String)', '61-90 open(String, int)', '91-100 listen0']);
    assert.equal(renderAt(entry({ lines: 200, regions: rows }), 5), '1-30 function serve — answers a request on its connection.');
  });

  it('renders 100,000 regions, nested or flat, whole or folded, in one pass each', () => {
    const nested = Array.from({ length: 100_000 }, (_, i) => ({ start: i + 1, end: 200_000 - i, kind: 'function', name: `f${i}`, note: '(a)' }));
    const flat = Array.from({ length: 100_000 }, (_, i) => ({ start: 2 * i + 1, end: 2 * i + 2, kind: 'function', name: `f${i}`, note: '(a)' }));
    for (const regions of [nested, flat]) {
      const big = entry({ lines: 200_000, regions });
      assert.equal(renderMap(big).split('\n').length, 100_002);
      assert.ok(renderMap(big, { maxChars: 8000 }).length <= 8000);
    }
  });

  it("says a one-line file's count in the singular in its map's header (tunnel's index.js)", async () => {
    const one = await mapOf(corpusFile('tunnel', 'index.js'));
    assert.equal(one.lines, 1);
    assert.match(renderMap(one), /^Map of .*tunnel@0\.0\.6\/index\.js \(1 line; tree-sitter outline\)/);
  });

  it('answers what is at a line: its regions innermost last, or a gap', () => {
    assert.equal(renderAt(entry(), 10), '5-40 class Cart — holds items\n  7-20 method add — adds one item');
    assert.equal(renderAt(entry(), 42), 'src/shop.ts:42 is in a gap between regions.');
  });

  it('gives the JSON form with exactly the stored fields', () => {
    const json = mapJson(entry(), 1);
    assert.deepEqual(Object.keys(json), ['path', 'lines', 'hash', 'status', 'producer', 'prose', 'regions', 'modelCalls']);
    assert.deepEqual(json.regions[1], r(5, 40, 'class', 'Cart', 'holds items'));
  });
});
