import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { openBrackets } from '../../src/core/map/clip';
import { regionTree } from '../../src/core/map/tree';
import { splitLines } from '../../src/core/files/readSource';
import { NoGrammarError, structuralMap } from '../../src/core/structural/mapper';
import { snapToDeclarations } from '../../src/core/structural/snap';
import { corpusFile } from '../support/corpus';
import { FIXTURES } from '../support/files';

type Row = [number, number, string, string];

/** A Debian source the tests read: one not installed fails the test and says how to install it. */
function installed(file: string): string {
  assert.ok(existsSync(file), `${file} is not installed: run bash scripts/setup-bench-corpus.sh`);
  return file;
}

/** The notes of a real file's regions, keyed `start name`. */
async function notesOf(file: string, extension = ''): Promise<Map<string, string>> {
  const text = readFileSync(file, 'utf8');
  const map = await structuralMap(file + extension, text, splitLines(text).length);
  const notes = new Map<string, string>();
  for (const r of map.regions) if (!notes.has(`${r.start} ${r.name}`)) notes.set(`${r.start} ${r.name}`, r.note);
  return notes;
}

const EXPECTED: Record<string, Row[]> = {
  'shapes.ts': [
    [4, 5, 'imports', 'imports'],
    [7, 9, 'interface', 'Shape'],
    [8, 8, 'method', 'area'],
    [11, 11, 'type', 'Point'],
    [13, 16, 'enum', 'Unit'],
    [18, 24, 'class', 'Circle'],
    [19, 19, 'method', 'constructor'],
    [21, 23, 'method', 'area'],
    [26, 28, 'function', 'load'],
    [30, 30, 'function', 'double'],
    [32, 34, 'namespace', 'Internal'],
    [33, 33, 'function', 'helper'],
  ],
  'cart.test.ts': [
    [1, 1, 'imports', 'imports'],
    [3, 13, 'suite', 'the cart'],
    [4, 6, 'test', 'starts empty'],
    [8, 12, 'suite', 'adding'],
    [9, 11, 'test', 'counts one item'],
    [15, 17, 'test', 'a template title'],
  ],
  'widget.tsx': [
    [1, 1, 'imports', 'imports'],
    [3, 5, 'interface', 'Props'],
    [7, 9, 'function', 'Widget'],
    [11, 15, 'class', 'Panel'],
    [12, 14, 'method', 'render'],
  ],
  'queue.js': [
    [4, 4, 'imports', 'imports'],
    [6, 14, 'class', 'Queue'],
    [7, 9, 'method', 'constructor'],
    [11, 13, 'method', 'push'],
    [16, 18, 'function', 'drain'],
    [20, 22, 'method', 'Queue.prototype.size'],
  ],
  'inventory.py': [
    [3, 4, 'imports', 'imports'],
    [7, 13, 'class', 'Part'],
    [12, 13, 'method', 'restock'],
    [16, 17, 'function', 'total'],
    [20, 21, 'function', 'fetch'],
  ],
  'server.go': [
    [4, 7, 'imports', 'imports'],
    [9, 11, 'struct', 'Server'],
    [13, 15, 'interface', 'Handler'],
    [17, 19, 'function', 'New'],
    [21, 23, 'method', 'Server.Start'],
    [25, 25, 'type', 'ID'],
    [27, 27, 'function', 'describe'],
  ],
  'stack.rs': [
    [3, 3, 'imports', 'imports'],
    [5, 7, 'struct', 'Stack'],
    [9, 11, 'enum', 'Error'],
    [13, 15, 'trait', 'Sized2'],
    [14, 14, 'method', 'size'],
    [17, 21, 'impl', 'Stack<T>'],
    [18, 20, 'method', 'new'],
    [23, 27, 'impl', 'fmt::Display for Error'],
    [24, 26, 'method', 'fmt'],
    [29, 31, 'function', 'capacity'],
    [33, 33, 'module', 'tests'],
  ],
  'Account.java': [
    [3, 4, 'imports', 'imports'],
    [7, 20, 'class', 'Account'],
    [10, 11, 'constructor', 'Account'],
    [13, 15, 'method', 'deposit'],
    [17, 19, 'interface', 'Listener'],
    [18, 18, 'method', 'changed'],
    [22, 22, 'enum', 'Currency'],
  ],
  'ring.c': [
    [2, 3, 'imports', 'imports'],
    [5, 8, 'struct', 'ring'],
    [10, 12, 'struct', 'cursor_t'],
    [14, 14, 'enum', 'mode'],
    [16, 20, 'function', 'ring_init'],
    [22, 25, 'function', 'ring_name'],
  ],
  'matrix.cpp': [
    [1, 1, 'imports', 'imports'],
    [3, 19, 'namespace', 'linalg'],
    [5, 12, 'class', 'Matrix'],
    [7, 7, 'method', 'Matrix'],
    [8, 8, 'method', 'size'],
    [14, 17, 'function', 'trace'],
    [21, 23, 'function', 'Matrix_count'],
  ],
  'shop.rb': [
    [1, 1, 'imports', 'imports'],
    [3, 11, 'module', 'Shop'],
    [4, 10, 'class', 'Cart'],
    [6, 8, 'method', 'initialize'],
    [9, 9, 'method', 'self.build'],
    [12, 12, 'method', 'helper'],
  ],
  'shop.php': [
    [3, 3, 'imports', 'imports'],
    [5, 5, 'function', 'top'],
    [6, 9, 'class', 'Cart'],
    [7, 7, 'method', 'add'],
    [10, 10, 'interface', 'I'],
    [10, 10, 'method', 'f'],
    [11, 11, 'trait', 'T'],
    [11, 11, 'method', 'g'],
    [12, 12, 'enum', 'E'],
  ],
  'shop.kt': [
    [2, 3, 'imports', 'imports'],
    [4, 7, 'class', 'Cart'],
    [5, 5, 'method', 'add'],
    [6, 6, 'object', 'companion'],
    [6, 6, 'method', 'make'],
    [8, 8, 'interface', 'I'],
    [8, 8, 'function', 'f'],
    [9, 9, 'object', 'Single'],
    [10, 10, 'function', 'top'],
    [11, 11, 'enum', 'Color'],
    [12, 12, 'type', 'S'],
  ],
  'shop.swift': [
    [1, 1, 'imports', 'imports'],
    [3, 6, 'class', 'Cart'],
    [4, 4, 'method', 'add'],
    [5, 5, 'method', 'init'],
    [7, 7, 'struct', 'P'],
    [8, 8, 'protocol', 'Q'],
    [8, 8, 'method', 'f'],
    [9, 9, 'enum', 'E'],
    [10, 10, 'extension', 'Cart'],
    [10, 10, 'function', 'more'],
    [11, 11, 'function', 'top'],
  ],
  'shop.scala': [
    [2, 2, 'imports', 'imports'],
    [4, 6, 'class', 'Cart'],
    [5, 5, 'method', 'add'],
    [7, 7, 'object', 'Single'],
    [7, 7, 'function', 'make'],
    [8, 8, 'trait', 'T'],
    [8, 8, 'function', 'f'],
    [9, 9, 'class', 'P'],
    [10, 10, 'function', 'top'],
  ],
  'shop.lua': [
    [3, 3, 'function', 'helper'],
    [4, 4, 'function', 'M.add'],
    [5, 5, 'method', 'M.method'],
    [6, 6, 'function', 'f'],
  ],
  'shop.sh': [
    [2, 2, 'imports', 'imports'],
    [4, 6, 'function', 'build'],
    [7, 9, 'function', 'clean'],
  ],
  'shop.dart': [
    [1, 1, 'imports', 'imports'],
    [3, 7, 'class', 'Cart'],
    [4, 4, 'method', 'add'],
    [5, 5, 'constructor', 'Cart'],
    [6, 6, 'method', 'size'],
    [8, 8, 'function', 'top'],
    [9, 9, 'enum', 'Color'],
    [10, 10, 'mixin', 'M'],
    [11, 11, 'extension', 'E'],
    [11, 11, 'method', 'f'],
  ],
  'shop.ex': [
    [1, 10, 'module', 'Shop.Cart'],
    [3, 3, 'imports', 'imports'],
    [5, 7, 'function', 'add'],
    [8, 8, 'function', 'helper'],
    [9, 9, 'function', 'm'],
  ],
  'shop.m': [
    [1, 1, 'imports', 'imports'],
    [2, 5, 'interface', 'Cart'],
    [3, 3, 'method', 'add'],
    [4, 4, 'property', 'n'],
    [6, 9, 'class', 'Cart'],
    [7, 7, 'method', 'add'],
    [8, 8, 'method', 'make'],
    [10, 10, 'function', 'top'],
  ],
  'shop.zig': [
    [1, 1, 'imports', 'imports'],
    [3, 3, 'function', 'add'],
    [4, 4, 'struct', 'Point'],
    [4, 4, 'function', 'len'],
    [5, 5, 'test', 'adds'],
  ],
  'shop.ml': [
    [1, 1, 'imports', 'imports'],
    [3, 3, 'function', 'add'],
    [4, 4, 'type', 'point'],
    [5, 7, 'module', 'M'],
    [6, 6, 'function', 'f'],
    [8, 8, 'module', 'S'],
    [9, 9, 'class', 'counter'],
    [9, 9, 'method', 'incr'],
  ],
  'shop.sol': [
    [2, 2, 'imports', 'imports'],
    [4, 10, 'class', 'Token'],
    [5, 5, 'struct', 'S'],
    [6, 6, 'event', 'E'],
    [7, 7, 'modifier', 'only'],
    [8, 8, 'method', 'transfer'],
    [9, 9, 'constructor', 'constructor'],
    [11, 11, 'interface', 'I'],
    [11, 11, 'function', 'f'],
    [12, 12, 'module', 'L'],
    [12, 12, 'function', 'g'],
  ],
  'Ledger.cs': [
    [1, 2, 'imports', 'imports'],
    [4, 22, 'namespace', 'Books'],
    [6, 9, 'interface', 'IEntry'],
    [11, 19, 'class', 'Ledger'],
    [13, 13, 'constructor', 'Ledger'],
    [15, 18, 'method', 'Add'],
    [21, 21, 'enum', 'Side'],
  ],
};

async function mapFixture(name: string) {
  const file = path.join(FIXTURES, 'structural', name);
  const text = readFileSync(file, 'utf8');
  return structuralMap(file, text, splitLines(text).length);
}

describe('the structural mapper (tree-sitter, no model)', () => {
  for (const [name, rows] of Object.entries(EXPECTED)) {
    it(`outlines ${name} with exact line ranges`, async () => {
      const map = await mapFixture(name);
      assert.deepEqual(
        map.regions.map((r): Row => [r.start, r.end, r.kind, r.name]),
        rows,
      );
    });
  }

  it("writes prose from the leading doc comment alone: the map's lines already list what the file declares", async () => {
    assert.equal((await mapFixture('inventory.py')).prose, 'Inventory of parts, kept in memory.');
    assert.equal((await mapFixture('queue.js')).prose.split('\n')[0], 'A first-in first-out queue.');
    assert.equal((await mapFixture('stack.rs')).prose.split('\n')[0], 'A bounded stack.');
  });

  it('notes each declaration with what its first line says beyond the name', async () => {
    const map = await mapFixture('shapes.ts');
    assert.equal(map.regions.find((r) => r.name === 'load')?.note, '(file: string): string');
    assert.equal(map.regions.find((r) => r.name === 'Circle')?.note, 'implements Shape');
    assert.equal(map.producer, 'tree-sitter:typescript@13');
  });

  it('says it has no grammar for a language rather than inventing regions', async () => {
    await assert.rejects(
      structuralMap('/tmp/x.cob', 'IDENTIFICATION DIVISION.\n', 1),
      (error: Error) => error instanceof NoGrammarError && /no tree-sitter grammar/.test(error.message),
    );
  });

  it('outlines every function of a UMD bundle from npm (underscore), however deep the factory wraps them', async () => {
    const file = require.resolve('underscore/underscore-umd.js');
    const text = readFileSync(file, 'utf8');
    const map = await structuralMap(file, text, splitLines(text).length);
    const names = new Set(map.regions.map((r) => r.name));
    const declared = [...text.matchAll(/^\s*function (\w+)\s*\(/gm)].map((m) => m[1]);
    assert.ok(declared.length > 100, `${declared.length}`);
    assert.deepEqual(
      declared.filter((name) => !names.has(name)),
      [],
    );
  });

  it("parses a C++ header named .h as C++: libstdc++'s stl_vector.h from Debian", async () => {
    const file = installed('/usr/include/c++/12/bits/stl_vector.h');
    const text = readFileSync(file, 'utf8');
    const map = await structuralMap(file, text, splitLines(text).length);
    assert.equal(map.producer, 'tree-sitter:cpp@13');
    const vector = map.regions.find((r) => r.kind === 'class' && r.name === 'vector');
    assert.ok(vector && vector.end - vector.start > 1000, JSON.stringify(vector));
    assert.equal(vector.note, 'A standard container which offers fixed time access to individual elements in any order.');
    for (const member of ['push_back', 'size', 'begin', 'operator[]']) {
      assert.ok(
        map.regions.some((r) => r.name === member && r.start > vector.start && r.end <= vector.end),
        member,
      );
    }
  });

  it('finds a C function that returns a function pointer, as cgo writes them', async () => {
    const map = await structuralMap('ctx.c', 'void (*(get_context(void)))(struct context_arg*) {\n  return 0;\n}\n', 3);
    assert.deepEqual(
      map.regions.map((r) => [r.start, r.end, r.kind, r.name]),
      [[1, 3, 'function', 'get_context']],
    );
  });

  it('loses only the function a syntax error sits in: a regex tree-sitter-bash misreads no longer hides the rest of the file', async () => {
    // The first function holds a `[[ =~ ]]` regex from bash-completion's shape that tree-sitter-bash cannot parse:
    // the whole parse turns everything after it into one error.
    const broken = ['_variables()', '{', '    if [[ $cur =~ ^(\\$\\{[#!]?)([A-Za-z0-9_]*)\\[([^]]*)$ ]]; then', '        return 0', '    fi', '}', ''];
    const later = Array.from({ length: 4 }, (_, i) => [`# Helper ${i}.`, `_helper${i}()`, '{', `    echo ${i}`, '}', '']).flat();
    const nested = ['if [[ $OSTYPE == *solaris* ]]; then', '    _pids() { echo sun; }', '', '    _pgids()', '    {', '        echo sun', '    }', 'fi', ''];
    const lines = [...broken, ...later, ...nested, 'quote() { echo "$1"; }'];
    const map = await structuralMap('completion.sh', lines.join('\n'), lines.length);
    assert.deepEqual(
      map.regions.map((r) => [r.start, r.end, r.name]),
      [
        [9, 12, '_helper0'],
        [15, 18, '_helper1'],
        [21, 24, '_helper2'],
        [27, 30, '_helper3'],
        [33, 33, '_pids'],
        [35, 38, '_pgids'],
        [41, 41, 'quote'],
      ],
    );
  });

  it('keeps declarations that share a line as siblings: a minified line of 10,000 functions maps flat and fast', async () => {
    const text = `${Array.from({ length: 10_000 }, (_, i) => `function f${i}(a){return a}`).join(' ')}\n`;
    const map = await structuralMap('bundle.js', text, 1);
    assert.equal(map.regions.length, 10_000);
    assert.ok(map.regions.every((r) => r.start === 1 && r.end === 1 && r.kind === 'function'));
    assert.equal(regionTree(map.regions).length, 10_000);
  });

  it("notes a declaration with its doc comment's first sentence, else its whole signature, never a broken one", async () => {
    const text = [
      '/**',
      ' * Parses the arguments. Everything after the first sentence is left out.',
      ' * @param argv what the user typed',
      ' */',
      'export function parse<T extends Record<string, unknown>>(argv: string[], defaults: T): T & { rest: string[] } {',
      '  return { ...defaults, rest: argv };',
      '}',
      'function c() { return 3; }',
      'export class Box<T extends schemas.Value = string> extends Base<T> implements Shape {}',
      '',
    ].join('\n');
    const map = await structuralMap('notes.ts', text, 9);
    assert.deepEqual(
      map.regions.map((r) => [r.name, r.note]),
      [
        ['parse', 'Parses the arguments.'],
        ['c', '()'],
        ['Box', '<T extends schemas.Value = string> extends Base<T> implements Shape'],
      ],
    );
  });

  it("notes a signature without a C++ constructor's member initializers or exception specification, comments or preprocessor lines", async () => {
    const vector = await notesOf(installed('/usr/include/c++/12/bits/stl_vector.h'));
    assert.equal(vector.get('105 _Vector_impl_data'), '(_Vector_impl_data&& __x)');
    assert.equal(vector.get('564 vector'), '(size_type __n, const value_type& __value, const allocator_type& __a = allocator_type())');
    assert.equal(vector.get('760 operator='), '(vector&& __x)');
    assert.equal(vector.get('276 _GLIBCXX_ASAN_ANNOTATE_GROW'), '(n)');
    const tree = await notesOf(installed('/usr/include/c++/12/bits/stl_tree.h'));
    assert.equal(tree.get('1848 _M_insert_lower'), '(_Base_ptr __p, const _Val& __v)');
    const argparse = await notesOf(installed('/usr/lib/python3.11/argparse.py'));
    assert.equal(argparse.get('224 format_help'), '(self)');
  });

  it("a signature note reads whole: a type parameter's default, a parameter list over several lines and one cut for length close every bracket, and no comma dangles", async () => {
    const es5 = await notesOf(require.resolve('typescript/lib/lib.es5.d.ts'));
    const cut = [...es5.values()].filter((note) => note.includes('…'));
    assert.ok(cut.length > 10, `${cut.length} notes cut for length`);
    const files = [
      require.resolve('typescript/lib/lib.es5.d.ts'),
      installed('/usr/lib/python3.11/http/client.py'),
      installed('/usr/include/c++/12/bits/stl_tree.h'),
      installed('/usr/lib/python3.11/typing.py'),
      installed('/usr/lib/python3.11/argparse.py'),
    ];
    for (const file of files)
      for (const [region, note] of await notesOf(file)) {
        assert.equal(openBrackets(note), '', `${path.basename(file)} ${region}: ${note}`);
        assert.doesNotMatch(note, /,\s*[)\]}>]|[,(<[]\s*…?$/, `${path.basename(file)} ${region}: ${note}`);
      }
  });

  it("notes an object literal's function by its parameters and a computed key by the key (jQuery)", async () => {
    const jquery = await notesOf(installed('/usr/share/javascript/jquery/jquery.js'));
    assert.equal(jquery.get('172 toArray'), '()');
    assert.equal(jquery.get('238 eq'), '(i)');
    assert.equal(jquery.get('1209 Expr.filter'), '["ID"](id)');
  });

  it("leaves RDoc's directives and headings, Doxygen's % and a usage line's own name out of a note", async () => {
    const http = await notesOf(installed('/usr/lib/ruby/3.1.0/net/http.rb'));
    // `# == An HTTP client API for Ruby.` heads the comment: the paragraph below it is the note.
    assert.equal(http.get('396 HTTP'), 'Net::HTTP provides a rich library which can be used to build HTTP user-agents.');
    assert.equal(http.get('27 Net'), '');
    const list = await notesOf(installed('/usr/include/c++/12/bits/stl_list.h'));
    assert.equal(list.get('233 _List_node'), 'An actual node in the list.');
    const subtree = await notesOf(installed('/usr/lib/git-core/git-subtree'), '.sh');
    assert.equal(subtree.get('294 cache_get'), 'Usage: [REVS...]');
    assert.equal(subtree.get('281 cache_setup'), 'Usage: cache_setup');
  });

  it("skips a licence header for the file's prose and takes the comment that describes it", async () => {
    const text =
      '// Copyright 2009 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n\n// Package server answers pings.\npackage server\n\nfunc Ping() {}\n';
    assert.equal((await structuralMap('server.go', text, 8)).prose.split('\n')[0], 'Package server answers pings.');
    const script = '#! /usr/bin/python3.11\n\n"""Base16, Base32 and Base64 data encodings"""\n\ndef b64encode(s):\n    pass\n';
    assert.equal((await structuralMap('base64.py', script, 6)).prose.split('\n')[0], 'Base16, Base32 and Base64 data encodings');
  });

  describe("a file's prose is its own description, only where it has one", () => {
    const firstLine = async (file: string) => {
      const text = readFileSync(file, 'utf8');
      return (await structuralMap(file, text, splitLines(text).length)).prose;
    };

    it("passes over a file header's record (Debian's ucf: author, dates, update count, status) to the paragraph that says what it does", async () => {
      const text = readFileSync('/usr/bin/ucf', 'utf8');
      assert.match(text, /\n# updateConfFile\.sh ---\n# Author {11}: .*\n# Created On {7}: /);
      assert.equal(
        (await structuralMap('ucf.sh', text, splitLines(text).length)).prose.split('\n')[0],
        'This script attempts to provide conffile like handling for files not shipped in a Debian package, but handled by the postinst. Using this script, one may ship a bunch of default cofiguration files somewhere in /usr (/usr/share/<pkg> is a good location), and maintain files in /etc.',
      );
    });

    it('never takes the comment that heads the imports (mocha\'s "Module dependencies.") nor a @typedef', async () => {
      assert.match(readFileSync(require.resolve('mocha/lib/runner.js'), 'utf8'), /\/\*\*\n \* Module dependencies\.\n \* @private\n \*\/\nimport /);
      assert.equal(await firstLine(require.resolve('mocha/lib/runner.js')), '');
      assert.equal(await firstLine(path.join(path.dirname(require.resolve('mocha/lib/runner.js')), 'mocha.cjs')), '');
    });

    it("reads a @module comment by its own text: xunit's bare `@module XUnit` lends it no description, nor the heading that follows it", async () => {
      const xunit = path.join(path.dirname(require.resolve('mocha/lib/runner.js')), 'reporters/xunit.js');
      assert.match(readFileSync(xunit, 'utf8'), /\/\*\*\n \* @module XUnit\n \*\/\n\/\*\*\n \* Module dependencies\.\n \*\//);
      assert.equal(await firstLine(xunit), '');
    });

    it('takes a @fileoverview or @module comment, and a leading comment that stands apart from the code below', async () => {
      assert.equal(
        await firstLine(path.join(path.dirname(require.resolve('mocha/lib/runner.js')), 'utils.cjs')),
        "Various utility functions used throughout Mocha's codebase.",
      );
      assert.equal(await firstLine(corpusFile('espree', 'lib/token-translator.js')), 'Translates tokens between Acorn format and Esprima format.');
      assert.equal(await firstLine(path.join(FIXTURES, 'structural', 'queue.js')), 'A first-in first-out queue.');
    });

    it('takes a Python module docstring and a Go package comment, past a licence header', async () => {
      assert.equal(await firstLine('/usr/lib/python3.11/base64.py'), 'Base16, Base32, Base64 (RFC 3548), Base85 and Ascii85 data encodings');
      assert.equal(
        await firstLine('/usr/lib/python3.11/json/__init__.py'),
        'JSON (JavaScript Object Notation) <https://json.org> is a subset of JavaScript syntax (ECMA-262 3rd edition) used as a lightweight data interchange format.',
      );
      assert.equal(
        await firstLine('/usr/share/go-1.19/src/bufio/bufio.go'),
        'Package bufio implements buffered I/O. It wraps an io.Reader or io.Writer object, creating another object (Reader or Writer) that also implements the interface but provides buffering and some help for textual I/O.',
      );
      assert.equal(await firstLine('/usr/share/go-1.19/src/net/http/server.go'), 'HTTP server. See RFC 7230 through 7235.');
    });

    it("prefers a docstring or a @file comment to a comment standing apart above it, and reads Doxygen's @file name as a name", async () => {
      assert.match(readFileSync('/usr/lib/python3.11/argparse.py', 'utf8'), /^# Author: Steven J\. Bethard/);
      assert.equal(await firstLine('/usr/lib/python3.11/argparse.py'), 'Command-line parsing library');
      assert.match(readFileSync('/usr/include/c++/12/bits/stl_vector.h', 'utf8'), /^\/\/ Vector implementation -\*- C\+\+ -\*-\n/);
      assert.equal(
        await firstLine('/usr/include/c++/12/bits/stl_vector.h'),
        'This is an internal header file, included by other library headers. Do not attempt to use it directly.',
      );
    });

    it("never takes a triple-slash directive for the file's description (TypeScript's lib.dom.d.ts)", async () => {
      const file = path.join(path.dirname(require.resolve('typescript/package.json')), 'lib/lib.dom.d.ts');
      assert.match(readFileSync(file, 'utf8'), /\n\/\/\/ <reference no-default-lib="true"\/>\n/);
      assert.doesNotMatch(await firstLine(file), /reference|no-default-lib/);
    });

    it('skips build constraints and takes nothing from a file with no description', async () => {
      assert.equal(await firstLine('/usr/share/go-1.19/src/os/file_unix.go'), '');
    });
  });

  it("outlines a real third-party file: mocha's runner, every Runner method", async () => {
    const file = require.resolve('mocha/lib/runner.js');
    const text = readFileSync(file, 'utf8');
    const map = await structuralMap(file, text, splitLines(text).length);
    const methods = map.regions.filter((r) => r.name.startsWith('Runner.prototype.')).map((r) => r.name);
    const declared = [...text.matchAll(/^(Runner\.prototype\.\w+) = /gm)].map((m) => m[1]);
    assert.deepEqual(methods, declared);
    assert.ok(declared.length > 20);
  });
});

describe("the structural cross-check of a model's map", () => {
  it('snaps regions a few lines off to the declarations tree-sitter found, and leaves the rest alone', () => {
    const declarations = [
      { start: 18, end: 24, kind: 'class', name: 'Circle', note: '' },
      { start: 21, end: 23, kind: 'method', name: 'area', note: '' },
      { start: 26, end: 28, kind: 'function', name: 'load', note: '' },
    ];
    const model = [
      { start: 17, end: 25, kind: 'class', name: 'Circle', note: 'a circle' },
      { start: 20, end: 22, kind: 'method', name: 'Circle.area', note: 'its area' },
      { start: 40, end: 44, kind: 'function', name: 'load', note: "far from the parser's load" },
      { start: 30, end: 34, kind: 'config', name: 'defaults', note: 'unknown to the parser' },
    ];
    assert.deepEqual(
      snapToDeclarations(model, declarations, 50).map((r) => [r.start, r.end, r.name, r.note]),
      [
        [18, 24, 'Circle', 'a circle'],
        [21, 23, 'Circle.area', 'its area'],
        [30, 34, 'defaults', 'unknown to the parser'],
        [40, 44, 'load', "far from the parser's load"],
      ],
    );
  });
});
