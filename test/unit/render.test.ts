import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mapJson, renderAt, renderMap } from '../../src/core/map/render';
import { MapEntry, Region } from '../../src/core/map/types';
import { splitLines } from '../../src/core/files/source';
import { structuralMap } from '../../src/core/structural/mapper';

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
      { start: 1, end: 90, kind: 'class', name: 'CacheManager', note: 'Keeps tokens and accounts per tenant.' },
      { start: 2, end: 9, kind: 'method', name: 'matchAccountId', note: 'helper to match account ids' },
      { start: 10, end: 19, kind: 'method', name: 'removeIdToken', note: 'Removes idToken from the cache' },
      { start: 20, end: 29, kind: 'method', name: 'setAccount', note: 'set account entity in the platform cache' },
      { start: 30, end: 39, kind: 'method', name: 'close', note: 'the connection.' },
      { start: 40, end: 49, kind: 'method', name: 'hijackLocked', note: 'c.mu must be held.' },
      { start: 50, end: 59, kind: 'method', name: 'serve', note: 'is used by an HTTP handler to construct an HTTP response.' },
      { start: 60, end: 69, kind: 'method', name: 'dial', note: '(network string, address string) (Conn, error)' },
      { start: 70, end: 79, kind: 'imports', name: 'imports', note: '3 imports' },
      { start: 80, end: 89, kind: 'method', name: 'flush', note: '把缓冲区写入磁盘' },
    ];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 100, regions: rows }))), [
      '1-90 class CacheManager — Keeps tokens and accounts per tenant.',
      '\t2-9 matchAccountId',
      '\t10-19 removeIdToken',
      '\t20-29 setAccount — set account entity in the platform cache',
      '\t30-39 close',
      '\t40-49 hijackLocked — c.mu must be held.',
      '\t50-59 serve',
      '\t60-69 dial',
      '\t70-79 imports',
      '\t80-89 flush — 把缓冲区写入磁盘',
    ]);
    assert.equal(
      renderAt(entry({ lines: 100, regions: rows }), 55),
      '1-90 class CacheManager — Keeps tokens and accounts per tenant.\n  50-59 method serve — is used by an HTTP handler to construct an HTTP response.',
    );
  });

  it('tells same-named members apart by their qualifiers, then by their parameters, and names a member without its parent', () => {
    const rows: Region[] = [
      { start: 1, end: 99, kind: 'class', name: 'HTTP', note: '' },
      { start: 2, end: 9, kind: 'method', name: 'HTTP.start', note: '(address, port = nil)' },
      { start: 10, end: 19, kind: 'method', name: 'start', note: '' },
      { start: 20, end: 29, kind: 'method', name: 'HTTP.get', note: '(uri)' },
      { start: 30, end: 39, kind: 'method', name: '_S_minimum', note: '(_Base_ptr __x)' },
      { start: 40, end: 49, kind: 'method', name: '_S_minimum', note: '(_Const_Base_ptr __x)' },
      { start: 50, end: 59, kind: 'method', name: 'resize', note: '(size_type __n, const value_type& __x = value_type()) noexcept' },
      { start: 60, end: 69, kind: 'method', name: 'resize', note: '(size_type __n)' },
      { start: 70, end: 79, kind: 'method', name: 'get', note: '(self, key: str, default: int = 0)' },
      { start: 80, end: 89, kind: 'method', name: 'get', note: '(self)' },
    ];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 100, regions: rows }))), [
      '1-99 class HTTP',
      '\t2-9 HTTP.start',
      '\t10-19 start',
      '\t20-29 HTTP.get',
      '\t30-39 _S_minimum(_Base_ptr)',
      '\t40-49 _S_minimum(_Const_Base_ptr)',
      '\t50-59 resize(size_type, const value_type& = value_type()) noexcept',
      '\t60-69 resize(size_type)',
      '\t70-79 get(self, key: str, default: int = 0)',
      '\t80-89 get(self)',
    ]);
  });

  it('shows a type and the members it has after its own lines together, each with its lines, in line order', () => {
    const rows: Region[] = [
      { start: 1, end: 10, kind: 'struct', name: 'conn', note: '' },
      { start: 12, end: 15, kind: 'method', name: 'conn.hijacked', note: '() bool' },
      { start: 17, end: 30, kind: 'method', name: 'conn.hijackLocked', note: 'c.mu must be held.' },
      { start: 32, end: 40, kind: 'function', name: 'newConn', note: '' },
      { start: 42, end: 50, kind: 'method', name: 'conn.close', note: '' },
      { start: 52, end: 60, kind: 'class', name: '_Rb_tree', note: '' },
      { start: 61, end: 70, kind: 'method', name: '_Rb_tree<_Key, _Val, _Alloc>:: _M_copy', note: '(_Link_type __x)' },
      { start: 72, end: 80, kind: 'function', name: 'swap', note: '' },
      { start: 82, end: 90, kind: 'method', name: '_Rb_tree<_Key, _Val, _Alloc>:: _M_erase', note: '' },
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
        { start: 1, end: 10, kind: 'struct', name: 'conn', note: '' },
        ...Array.from({ length: 30 }, (_, i) => ({ start: 12 + i * 10, end: 20 + i * 10, kind: 'method', name: `conn.method${i}`, note: '' })),
        { start: 320, end: 330, kind: 'function', name: 'newConn', note: '' },
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
    assert.match(mocha, /^453-474 createHookSkipError\n485-1336 Runner\.prototype\.\n\t485-510 failAffectedTests\n/m);
  });

  it('says a member with no name by its kind, so that no line is only numbers', () => {
    const rows: Region[] = [
      { start: 1, end: 9, kind: 'class', name: 'Cart', note: '' },
      { start: 2, end: 4, kind: 'method', name: '', note: '' },
      { start: 6, end: 6, kind: 'field', name: '', note: '' },
      { start: 7, end: 7, kind: 'field', name: 'b', note: '' },
      { start: 8, end: 8, kind: 'field', name: 'c', note: '' },
    ];
    assert.deepEqual(regionLines(renderMap(entry({ lines: 10, regions: rows }))), ['1-9 class Cart', '\t2-4 method', '\tfield: 6; 7 b; 8 c']);
  });

  it('groups four or more consecutive members of one qualifier under it, named once, the group spanning their lines', () => {
    const rows: Region[] = [
      { start: 1, end: 9, kind: 'function', name: 'swap', note: '' },
      ...['_M_copy', '_M_erase', 'find', 'count'].map((name, i) => ({
        start: 10 + i * 10,
        end: 18 + i * 10,
        kind: 'method',
        name: `_Rb_tree<_Key, _Val>:: ${name}`,
        note: '',
      })),
      { start: 50, end: 52, kind: 'method', name: 'ServeMux.match', note: '' },
      { start: 53, end: 55, kind: 'method', name: 'ServeMux.handler', note: '' },
      { start: 56, end: 58, kind: 'method', name: 'ServeMux.Handle', note: '' },
    ];
    const grouped = entry({ lines: 60, regions: rows });
    assert.deepEqual(regionLines(renderMap(grouped)), [
      '1-9 swap',
      '10-48 _Rb_tree::',
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
    assert.deepEqual(regionLines(renderMap(many, { maxChars: 200 })), ['1-299 _Rb_tree:: [folded: 30 methods]']);
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
    assert.match(text, /^1-\d+ \[folded: \d+ functions; first function f0, last function f\d+\]$/m);
    assert.match(text, /^1876-1999 \[folded: 25 functions; first function f375, last function f399\]$/m);
  });

  it('puts three or more one-line siblings of one kind on one line, each by its number, the kind said once', () => {
    const text = renderMap(
      entry({
        regions: [
          { start: 5, end: 40, kind: 'class', name: 'Cart', note: 'extends Base' },
          { start: 6, end: 6, kind: 'field', name: 'a', note: '' },
          { start: 7, end: 7, kind: 'field', name: 'b', note: 'counts items in cents' },
          { start: 8, end: 8, kind: 'field', name: 'c', note: '' },
          { start: 10, end: 20, kind: 'method', name: 'add', note: '(item: Item): void' },
          { start: 22, end: 22, kind: 'method', name: 'size', note: '(): number' },
          { start: 23, end: 23, kind: 'method', name: 'clear', note: '(): void' },
          { start: 24, end: 24, kind: 'method', name: 'empty', note: '(): boolean' },
        ],
      }),
    );
    assert.deepEqual(regionLines(text), [
      '5-40 class Cart — extends Base',
      '\tfield: 6 a; 7 b — counts items in cents; 8 c',
      '\t10-20 add',
      '\t22 size; 23 clear; 24 empty',
    ]);
  });

  it('keeps only the signatures that tell same-named members apart when a map must fit', () => {
    const rows = [
      { start: 1, end: 30, kind: 'function', name: 'serve', note: 'answers a request on its connection.' },
      { start: 31, end: 60, kind: 'function', name: 'open', note: '(String path)' },
      { start: 61, end: 90, kind: 'function', name: 'open', note: '(String path, int flags)' },
      ...Array.from({ length: 6 }, (_, i) => ({
        start: 91 + i * 10,
        end: 100 + i * 10,
        kind: 'function',
        name: `listen${i}`,
        note: 'opens the socket and listens.',
      })),
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
