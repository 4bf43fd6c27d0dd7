import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { splitLines } from '../../src/core/files/readSource';
import { renderAt, renderHover, renderMap } from '../../src/core/map/render';
import { MapEntry } from '../../src/core/map/types';
import { languageFor } from '../../src/core/structural/languages';
import { structuralMap } from '../../src/core/structural/mapper';
import { corpusFile } from '../support/corpus';

/** A real file the tests read: one not installed fails the test and says how to install it. */
function installed(file: string): string {
  assert.ok(existsSync(file), `${file} is not installed: run bash scripts/setup-bench-corpus.sh (or npm ci)`);
  return file;
}

async function mapOf(file: string): Promise<MapEntry> {
  const text = readFileSync(installed(file), 'utf8');
  const lines = splitLines(text).length;
  const map = await structuralMap(file, text, lines);
  return { path: file, size: text.length, hash: '', lines, status: 'structural', producer: map.producer, prose: map.prose, regions: map.regions, created: 0 };
}

/** The regions of a real file as `start-end kind name | note` rows, those matching `pick`. */
async function rows(file: string, pick: RegExp): Promise<string[]> {
  const { regions } = await mapOf(file);
  return regions.map((r) => `${r.start}-${r.end} ${r.kind} ${r.name} | ${r.note}`).filter((row) => pick.test(row));
}

/** The lines of a real file's map matching `pick`, tabs and all. */
async function lineOf(file: string, pick: RegExp): Promise<string[]> {
  return renderMap(await mapOf(file))
    .split('\n')
    .filter((line) => pick.test(line));
}

/** A file of express's lib folder, from the test corpus. */
const express = (file: string) => corpusFile('express', `lib/${file}`);

describe('common idioms in real third-party code, each one region with its exact lines', () => {
  it("keeps a C++ file's includes one import block through the #if blocks and comments between them (googletest's gtest.cc)", async () => {
    assert.deepEqual(await rows('/usr/src/googletest/googletest/src/gtest.cc', / imports /), [
      '33-143 imports imports | 59 imports',
      '148-151 imports imports | 4 imports',
      '6586-6586 imports imports | 1 import',
    ]);
  });

  it("keeps express's requires one import block through the aliases and require(…).member lines among them (response.js)", async () => {
    assert.deepEqual(await rows(express('response.js'), / imports /), ['15-36 imports imports | 19 imports']);
  });

  it("maps a function assigned under two names as one region named by both: express's res.set = res.header, res.contentType = res.type, req.get = req.header", async () => {
    assert.deepEqual(await rows(express('response.js'), / res\.(set|contentType) /), [
      '507-514 function res.contentType = res.type | (type)',
      '670-692 function res.set = res.header | (field, val)',
    ]);
    assert.deepEqual(await rows(express('request.js'), / req\.get /), ['63-83 function req.get = req.header | (name)']);
    // Under the group of res's members, both names said without the qualifier.
    assert.match(renderMap(await mapOf(express('response.js'))), /^\t670-692 set = header$/m);
  });

  it('maps chained prototype and module.exports assignments of functions (postgres-interval, deep-is, buffer-equal-constant-time)', async () => {
    assert.deepEqual(await rows(corpusFile('postgres-interval', 'index.js'), /toISO/), [
      '49-71 method PostgresInterval.prototype.toISOString = PostgresInterval.prototype.toISO | according to ISO 8601',
    ]);
    assert.deepEqual(await rows(corpusFile('deep-is', 'index.js'), /deepEqual/), ['11-40 function deepEqual = module.exports | (actual, expected)']);
    assert.deepEqual(await rows(corpusFile('buffer-equal-constant-time', 'index.js'), /equal/), [
      '31-33 method Buffer.prototype.equal = SlowBuffer.prototype.equal | (that)',
    ]);
  });

  it("maps express's named callbacks and returned functions by their own names: application.js's onmount and mounted_app, the descriptor's get: function getrouter, router's onDone and proxy", async () => {
    assert.deepEqual(await rows(express('application.js'), /^(72|109|230)-/), [
      '72-81 method get = getrouter | ()',
      '109-122 function onmount | (parent)',
      '230-237 function mounted_app | (req, res, next)',
    ]);
    assert.deepEqual(await rows(corpusFile('router', 'index.js'), /^(518|774)-/), ['518-524 function onDone | (fn, err)', '774-783 function proxy | ()']);
    // A defineGetter's accessor stays inside its property; a test's body is not a declaration of its own.
    assert.deepEqual(await rows(express('request.js'), /^29\d-/), ['297-315 property req.protocol | ']);
  });

  it("maps Object.defineProperty's getters on a prototype and express's defineGetter as properties, the descriptor's get inside them", async () => {
    assert.deepEqual(await rows(corpusFile('xmlbuilder', 'lib/XMLDTDEntity.js'), /property|get/), [
      '53-57 property XMLDTDEntity.prototype.publicId | ',
      '59-63 property XMLDTDEntity.prototype.systemId | ',
      '65-69 property XMLDTDEntity.prototype.notationName | ',
      '71-75 property XMLDTDEntity.prototype.inputEncoding | ',
      '77-81 property XMLDTDEntity.prototype.xmlEncoding | ',
      '83-87 property XMLDTDEntity.prototype.xmlVersion | ',
    ]);
    const request = await rows(express('request.js'), / property /);
    assert.equal(request.length, 12);
    assert.deepEqual(request.slice(0, 2), ['230-241 property req.query | ', '297-315 property req.protocol | ']);
  });

  it("maps Python's properties and their setters by kind, each with its decorator's line: tarfile's TarInfo.path, ipaddress's cached properties", async () => {
    assert.deepEqual(await rows('/usr/lib/python3.11/tarfile.py', / (path|linkpath) /), [
      '778-781 property path | In pax headers, "name" is called "path".',
      '783-785 setter path | ',
      '787-790 property linkpath | In pax headers, "linkname" is called "linkpath".',
      '792-794 setter linkpath | ',
    ]);
    // `@functools.cached_property` too (ipaddress's _BaseNetwork).
    assert.deepEqual(await rows('/usr/lib/python3.11/ipaddress.py', /^(758|763)-/), ['758-761 property broadcast_address | ', '763-765 property hostmask | ']);
  });

  it("maps Go's methods on a struct that embeds others, Rust's trait impls and C's function-like macros (bufio, serde, zlib)", async () => {
    // ReadWriter embeds *Reader and *Writer: their methods are each named by their own receiver.
    assert.deepEqual(await rows('/usr/lib/go-1.19/src/bufio/bufio.go', /ReadWriter|\.Size /), [
      '67-67 method Reader.Size | returns the size of the underlying buffer in bytes.',
      '606-606 method Writer.Size | returns the size of the underlying buffer in bytes.',
      '821-824 struct ReadWriter | stores pointers to a Reader and a Writer.',
      '827-829 function NewReadWriter | allocates a new ReadWriter that dispatches to r and w.',
    ]);
    assert.deepEqual(await rows('/usr/share/cargo/registry/serde-1.0.152/src/de/ignored_any.rs', /impl/), [
      "114-233 impl Visitor<'de> for IgnoredAny | ",
      "235-243 impl Deserialize<'de> for IgnoredAny | ",
    ]);
    assert.deepEqual(await rows('/usr/include/zlib.h', / macro (deflateInit|inflateInit) /), [
      '1810-1811 macro deflateInit | (strm, level)',
      '1812-1813 macro inflateInit | (strm)',
    ]);
  });

  it("maps Lua's functions in a table constructor by their key: penlight's read-only metatable and utils.enum's __index, __newindex, __call", async () => {
    assert.deepEqual(await rows('/usr/share/lua/5.1/pl/tablex.lua', /^99\d-/), [
      '990-990 function __newindex | (t, k, v)',
      '991-991 function __pairs | ()',
      '992-992 function __ipairs | ()',
      '993-993 function __len | ()',
    ]);
    assert.deepEqual(await rows('/usr/share/lua/5.1/pl/utils.lua', / __/), [
      '399-401 function __index | (self, key)',
      '402-404 function __newindex | (self, key, value)',
      '405-413 function __call | (self, key)',
    ]);
  });

  it("maps C++ functions whose thread-safety macro stands between signature and brace by their own names (googletest's GTEST_LOCK_EXCLUDED_)", async () => {
    assert.deepEqual(await rows('/usr/src/googletest/googletest/src/gtest.cc', / \S*(UponLeavingGTest|CurrentStackTrace|PopGTestTrace|~ScopedTrace) /), [
      '4948-4996 method OsStackTraceGetter::CurrentStackTrace | (int max_depth, int skip_count)',
      '4998-5008 method OsStackTraceGetter::UponLeavingGTest | ()',
      '5507-5510 method UnitTest::PopGTestTrace | Pops a trace from the per-thread Google Test trace stack.',
      "6791-6793 method ScopedTrace::~ScopedTrace | Pops the info pushed by the c'tor.",
    ]);
  });
});

describe('declarations a grammar or a shared name would misplace, each with its own lines and place', () => {
  const AST = '/usr/share/go-1.19/src/go/ast/ast.go';

  it("maps each type of Go's grouped `type ( … )` as its own sibling region with its own doc comment (go/ast's expression nodes)", async () => {
    assert.deepEqual(await rows(AST, / struct (BadExpr|Ident|Ellipsis|KeyValueExpr) /), [
      '282-284 struct BadExpr | node is a placeholder for an expression containing syntax errors for which a correct expression node cannot…',
      '287-291 struct Ident | node represents an identifier.',
      '296-299 struct Ellipsis | node stands for the "..." type in a parameter list or the "..." length in an array type.',
      '411-415 struct KeyValueExpr | node represents (key : value) pairs in composite literals.',
    ]);
    assert.deepEqual(await lineOf(AST, /^\t*(282|287|296|411)-/), [
      '282-284 struct BadExpr',
      '287-291 struct Ident',
      '296-299 struct Ellipsis',
      '411-415 struct KeyValueExpr',
    ]);
    assert.equal(renderAt(await mapOf(AST), 287), '287-291 struct Ident — node represents an identifier.');
  });

  it("maps Ruby's `def !=`, which tree-sitter-ruby misreads as `def !`, by its operator with its lines, the class around it whole (delegate.rb)", async () => {
    const RUBY = '/usr/lib/ruby/3.1.0';
    assert.deepEqual(await rows(`${RUBY}/delegate.rb`, /^(41|156|164|172|243)-/), [
      '41-246 class Delegator | This library provides three different ways to delegate method calls to an object.',
      '156-159 method == | Returns true if two objects are considered of equal value.',
      '164-167 method != | Returns true if two objects are not considered of equal value.',
      '172-175 method eql? | Returns true if two objects are considered of equal value.',
      '243-245 method self.public_api | ',
    ]);
    assert.deepEqual(await lineOf(`${RUBY}/delegate.rb`, /^\t*(41|156|164|180)-/), ['41-246 class Delegator', '\t156-159 ==', '\t164-167 !=', '\t180-182 !']);
    assert.equal(
      renderAt(await mapOf(`${RUBY}/delegate.rb`), 189),
      [
        '41-246 class Delegator — This library provides three different ways to delegate method calls to an object.',
        '  188-190 method __getobj__ — This method must be overridden by subclasses and should return the object method calls are being delegated to.',
      ].join('\n'),
    );
  });

  it("keeps Go's methods after a method named like their type under the type, not under that method (net/url's Error.Error)", async () => {
    assert.deepEqual(await lineOf('/usr/share/go-1.19/src/net/url/url.go', /^\t*(23|29|30|32|39)[- ]/), [
      '23-27 struct Error',
      '\t29 Unwrap',
      '\t30 Error',
      '\t32-37 Timeout',
      '\t39-44 Temporary',
    ]);
  });
});

describe("a file's language told by its content where its name does not tell it", () => {
  it("outlines a .h with @interface or #import as Objective-C: Cordova's CDVPlugin.h, its interface, properties and methods", async () => {
    const file = corpusFile('@capacitor/ios', 'CapacitorCordova/CapacitorCordova/Classes/Public/CDVPlugin.h');
    assert.equal(languageFor(file, readFileSync(installed(file), 'utf8'))?.id, 'objc');
    assert.deepEqual(await rows(file, / (interface|property) |dispose|appDelegate/), [
      '48-76 interface CDVPlugin | : NSObject',
      '51-51 property webView | ',
      '52-52 property webViewEngine | ',
      '53-53 property className | ',
      '55-55 property viewController | ',
      '56-56 property commandDelegate | ',
      '64-64 method dispose | ',
      '74-74 method appDelegate | ',
    ]);
    // A C++ header stays C++, a C header C.
    assert.equal(languageFor('/usr/include/c++/12/bits/stl_vector.h', readFileSync('/usr/include/c++/12/bits/stl_vector.h', 'utf8'))?.id, 'cpp');
    assert.equal(languageFor('/usr/include/zlib.h', readFileSync('/usr/include/zlib.h', 'utf8'))?.id, 'c');
  });

  it('outlines an extensionless script in the language its shebang names, directly or through env: apt-key, pygettext3, gem, npx', async () => {
    const language = (file: string) => languageFor(file, readFileSync(installed(file), 'utf8'))?.id;
    assert.deepEqual(['/usr/bin/apt-key', '/usr/bin/gcore', '/usr/bin/pygettext3', '/usr/bin/gem', '/usr/bin/npx'].map(language), [
      'bash',
      'bash',
      'python',
      'ruby',
      'javascript',
    ]);
    assert.deepEqual(await rows('/usr/bin/apt-key', /^(16|18)-/), ['16-16 function aptkey_echo | ()', '18-27 function find_gpgv_status_fd | ()']);
    assert.deepEqual(await rows('/usr/bin/pygettext3', / usage /), ["200-204 function usage | (code, msg='')"]);
    // A shebang of a language Skim has no grammar for (Perl) gives none, and without the text no extensionless file has one.
    assert.equal(language('/usr/bin/c_rehash'), undefined);
    assert.equal(languageFor('/usr/bin/apt-key'), undefined);
  });

  it("outlines bash-completion's files, which have no shebang, as bash: by their folder (blkid), their mode line (ssh) or a `complete -F` line", async () => {
    assert.deepEqual(await rows('/usr/share/bash-completion/completions/blkid', /./), ['1-99 function _blkid_module | ()']);
    assert.deepEqual(await rows('/usr/share/bash-completion/completions/ssh', /^(3|13)-/), [
      '3-11 function _ssh_queries | ()',
      '13-16 function _ssh_query | ()',
    ]);
    const blkid = readFileSync('/usr/share/bash-completion/completions/blkid', 'utf8');
    assert.equal(languageFor('/tmp/blkid', blkid)?.id, 'bash');
    assert.equal(languageFor('/tmp/notes', 'plain words\n'), undefined);
  });
});

describe('one answer to "what is at line N"', () => {
  it("draws no line range the answer to 'at' does not give: express's response.js, request.js and mocha's runner.js", async () => {
    for (const file of [express('response.js'), express('request.js'), 'node_modules/mocha/lib/runner.js']) {
      const entry = await mapOf(file);
      for (const line of renderMap(entry).split('\n').slice(2)) {
        const range = /^\t*(\d+)(?:-(\d+))? /.exec(line);
        if (!range) continue;
        const [start, end] = [Number(range[1]), Number(range[2] ?? range[1])];
        assert.ok(
          renderAt(entry, start)
            .split('\n')
            .some((held) => held.trim().startsWith(`${start === end ? start : `${start}-${end}`} `)),
          `${file}: the map draws "${line.trim()}" but skim at ${start} does not answer with it`,
        );
      }
    }
  });

  it("answers line 794 of express's response.js, once drawn inside the group `res.`, as the gap it is, and 671 with res.set = res.header", async () => {
    const entry = await mapOf(express('response.js'));
    const map = renderMap(entry);
    assert.match(map, /^res\.$/m);
    assert.doesNotMatch(map, /^\d+-\d+ res\.$/m);
    assert.equal(renderAt(entry, 794), `${express('response.js')}:794 is in a gap between regions.`);
    assert.equal(renderAt(entry, 680), '670-692 res.set = res.header(field, val)');
    assert.equal(renderHover(entry, 670)?.text, 'function res.set = res.header · 670-692 · (field, val)');
  });
});

describe('prose and notes that describe', () => {
  it("takes tarfile.py's docstring for its prose past its shebang, rule lines, bare file name and licence", async () => {
    const { prose } = await mapOf('/usr/lib/python3.11/tarfile.py');
    assert.equal(prose.split('\n')[0], 'Read from and write to tar format archives.');
  });

  it("notes zlib's example.c functions with their comment's words, the `/* ====` rule above them left out", async () => {
    assert.deepEqual(await rows('/usr/share/doc/zlib1g-dev/examples/example.c', / test_(compress|gzio) /), [
      '88-109 function test_compress | Test compress() and uncompress()',
      '114-193 function test_gzio | Test read/write of .gz files',
    ]);
  });

  it("never notes a declaration with the section banner above it: argparse's parse_args, _indent and start_section", async () => {
    assert.deepEqual(await rows('/usr/lib/python3.11/argparse.py', / (parse_args|_indent|start_section) /), [
      '207-209 method _indent | (self)',
      '253-257 method start_section | (self, heading)',
      '1873-1878 method parse_args | (self, args=None, namespace=None)',
    ]);
  });
});

describe('prose and notes that describe: no directive, banner, heading, licence, file name or markup', () => {
  const RACK = '/usr/share/rubygems-integration/all/gems/rack-2.2.22/lib/rack';
  const RUBY = '/usr/lib/ruby/3.1.0';
  /** The file's own description: its map's prose ('' where it has none). */
  const described = async (file: string) => (await mapOf(file)).prose;

  it("notes a Python function with its docstring over the banner or FIXME comment above it: inspect's ismodule, indentsize and walktree, statistics' median", async () => {
    assert.deepEqual(await rows('/usr/lib/python3.11/inspect.py', /^(283|771|1266)-/), [
      '283-290 function ismodule | Return true if the object is a module.',
      '771-774 function indentsize | Return the indent size, in spaces, at the start of a line of text.',
      '1266-1274 function walktree | Recursive helper function for getclasstree().',
    ]);
    assert.deepEqual(await rows('/usr/lib/python3.11/statistics.py', /function median \|/), [
      '549-570 function median | Return the median (middle value) of numeric data.',
    ]);
  });

  it("takes ast.py's docstring past its reStructuredText title, never Go's `Code generated … DO NOT EDIT.` marker, and a PHP docblock past `declare(strict_types=1);`", async () => {
    assert.match(
      await described('/usr/lib/python3.11/ast.py'),
      /^The `ast` module helps Python applications to process trees of the Python abstract syntax grammar\./,
    );
    assert.equal(await described('/usr/share/go-1.19/src/runtime/sizeclasses.go'), '');
    assert.equal(await described('/usr/share/go-1.19/src/runtime/zcallback_windows.go'), '');
    // No PHP file installed here opens so; the text is the Symfony and PSR files' usual header.
    const php = '<?php\ndeclare(strict_types=1);\n\n/**\n * Routes requests to their handlers.\n */\n\nnamespace App;\n\nfunction route(): void {}\n';
    assert.equal((await structuralMap('router.php', php, 10)).prose, 'Routes requests to their handlers.');
  });

  it('notes no libstdc++ namespace with the visibility macro between its name and body (stl_vector.h, unique_ptr.h)', async () => {
    assert.deepEqual(await rows('/usr/include/c++/12/bits/stl_vector.h', / namespace std /), ['78-2128 namespace std | ']);
    assert.deepEqual(await rows('/usr/include/c++/12/bits/unique_ptr.h', / namespace std /), ['52-1163 namespace std | ']);
  });

  it("keeps a doc's sentence whole where dropping the name leaves a fragment: enum's name, typing's Optional, ast's visit, penlight's List.insert and stringx.center", async () => {
    assert.deepEqual(await rows('/usr/lib/python3.11/enum.py', / property name \|/), ['1243-1246 property name | The name of the Enum member.']);
    assert.deepEqual(await rows('/usr/lib/python3.11/typing.py', / Optional \|/), ['678-685 function Optional | Optional type.']);
    assert.deepEqual(await rows('/usr/lib/python3.11/ast.py', /^414-/), ['414-418 method visit | Visit a node.']);
    assert.deepEqual(await rows('/usr/share/lua/5.4/pl/List.lua', / List\.(insert|sort) /), [
      '113-117 method List.insert | Insert an item at a given position.',
      '193-197 method List.sort | Sort the items of the list, in place.',
    ]);
    assert.deepEqual(await rows('/usr/share/lua/5.4/pl/stringx.lua', / stringx\.center /), [
      '361-365 function stringx.center | center-justify s with width w.',
    ]);
  });

  it("never takes a magic comment for a file's description or a declaration's note: rack's lint.rb, Ruby's csv.rb, mkmf.rb and shellwords.rb, cgi's html.rb", async () => {
    assert.match(readFileSync(installed(`${RACK}/lint.rb`), 'utf8'), /^# frozen_string_literal: true\n\nrequire 'forwardable'/);
    assert.equal(await described(`${RACK}/lint.rb`), '');
    // `# encoding: US-ASCII` / `# frozen_string_literal: true` / `# = csv.rb -- CSV Reading and Writing`
    assert.equal(await described(`${RUBY}/csv.rb`), 'CSV Reading and Writing');
    // `# frozen-string-literal: false`, as Ruby also spells it
    assert.equal(await described(`${RUBY}/mkmf.rb`), 'module to create Makefile for extension modules invoke like: ruby -r mkmf extconf.rb');
    assert.equal(await described(`${RUBY}/shellwords.rb`), 'Manipulates strings like the UNIX Bourne shell');
    // `# frozen_string_literal: true` right above `class CGI` is no note of it.
    assert.deepEqual(await rows(`${RUBY}/cgi/html.rb`, /^2-/), ['2-1035 class CGI | ']);
    // RDoc's `#--` and `#++` fence off what its reader skips; they say nothing either.
    assert.equal(await described(`${RUBY}/tsort.rb`), 'provides a module for topological sorting and strongly connected components.');
    const python = '# coding: utf-8\n# mypy: strict-optional=False\n# pylint: disable=invalid-name\n\nimport os\n\ndef f():\n    pass\n';
    assert.equal((await structuralMap('ext.py', python, 8)).prose, '');
  });

  it("leaves markup out of a note and keeps its words: rack's `* +read+`, RDoc's `_obj_` and `\\_\\_getobj\\_\\_`, Javadoc's {@link}, NatSpec's {Name}, AsciiDoc's xref, never a pointer's `(*)`", async () => {
    assert.deepEqual(await rows(`${RACK}/lint.rb`, / (read|gets) /), [
      '392-399 method gets | must be called without arguments and return a string, or nil on EOF.',
      '418-448 method read | behaves like IO#read.',
    ]);
    assert.deepEqual(await rows(`${RUBY}/fileutils.rb`, / (cp|rm_r) /), [
      '419-425 method cp | Copies a file content src to dest.',
      '615-626 method rm_r | remove files list[0] list[1]...',
    ]);
    assert.deepEqual(await rows(`${RUBY}/delegate.rb`, /^(99|340)-/), [
      '99-108 method respond_to_missing? | Checks for a method provided by this the delegate object by forwarding the call through __getobj__.',
      '340-343 method __setobj__ | Changes the delegate object to obj.',
    ]);
    assert.deepEqual(await rows('/usr/lib/python3.11/pathlib.py', / hardlink_to /), [
      '1201-1209 method hardlink_to | Make this path a hard link pointing to the same file as target.',
    ]);
    assert.deepEqual(await rows(installed('/usr/share/php/PEAR/Downloader.php'), / getDownloadedPackages /), [
      '1114-1120 method getDownloadedPackages | Retrieve a list of downloaded packages after a call to download().',
    ]);
    // _checkRole has an overload (94-98): its note is its signature, which tells the two apart.
    assert.deepEqual(await rows(corpusFile('@openzeppelin/contracts', 'access/AccessControl.sol'), /^84-/), [
      '84-86 method _checkRole | (bytes32 role) internal view virtual',
    ]);
    assert.deepEqual(await rows(corpusFile('@openzeppelin/contracts', 'token/ERC1155/ERC1155.sol'), / _mintBatch /), [
      '329-334 method _mintBatch | Batched version of _mint.',
    ]);
    assert.deepEqual(await rows('/usr/include/c++/12/bits/shared_ptr_base.h', /^1294-/), [
      '1294-1297 struct __sp_is_constructible_arrN | Test conversion from Y(*)[N] to U(*)[N] without forming invalid type Y[N].',
    ]);
  });

  it("takes a file's words without their markup or the name before them: serde's `# Serde` and `***ser***ializing`, Ruby's `= delegate -- …`, zlib.h, tempfile.rb", async () => {
    assert.equal(
      await described('/usr/share/cargo/registry/serde-1.0.152/src/lib.rs'),
      'Serde is a framework for serializing and deserializing Rust data structures efficiently and generically.',
    );
    assert.equal(await described(`${RUBY}/delegate.rb`), 'Support for the Delegation Pattern');
    assert.equal(await described(`${RUBY}/erb.rb`), 'Ruby Templating');
    assert.equal(await described(`${RUBY}/ostruct.rb`), 'OpenStruct implementation');
    assert.equal(await described(`${RUBY}/tempfile.rb`), 'manipulates temporary files');
    assert.equal(await described(`${RUBY}/uri.rb`), 'URI is a module providing classes to handle Uniform Resource Identifiers (RFC2396).');
    assert.equal(await described('/usr/lib/python3.11/csv.py'), 'read/write/investigate CSV files');
    assert.equal(await described('/usr/include/zlib.h'), "interface of the 'zlib' general purpose compression library version 1.2.13, October 13th, 2022");
    assert.equal(await described('/usr/share/doc/zlib1g-dev/examples/gzappend.c'), 'command to append to a gzip file');
    // `= matrix.rb` is only the file's name; the paragraph after it says what the file is.
    assert.equal(await described('/usr/lib/ruby/gems/3.1.0/gems/matrix-0.4.2/lib/matrix.rb'), 'An implementation of Matrix and Vector classes.');
  });

  it("reads OCaml's boxed licence header, a comment a row, as one licence, and its rule rows as rules (list.ml: no prose, not its last ')'; format.ml: its own description)", async () => {
    assert.match(readFileSync(installed('/usr/lib/ocaml/list.ml'), 'utf8'), /^\(\*{74}\)\n\(\* {72}\*\)\n\(\* {33}OCaml {34}\*\)\n/);
    assert.equal(await described('/usr/lib/ocaml/list.ml'), '');
    assert.match(await described('/usr/lib/ocaml/format.ml'), /^A pretty-printing facility and definition of formatters for 'parallel'/);
  });

  it("passes over ASCII art, a box's edge, a provenance record, a licence's first line and a banner under the header: expat.h, bzlib.h, date.rb, forwardable.rb, Symfony, OpenZeppelin, lib.es5.d.ts", async () => {
    assert.equal(await described(installed('/usr/include/expat.h')), 'XML parser');
    assert.equal(await described(installed('/usr/include/bzlib.h')), 'Public header file for the library.');
    // `# date.rb: Written by Tadayoshi Funaba 1998-2011`; `forwardable.rb -` / `$Release Version: 1.1$` / `by Keiju ISHITSUKA…`
    assert.equal(await described(`${RUBY}/date.rb`), '');
    assert.equal(await described(`${RUBY}/forwardable.rb`), '');
    // `This file is part of the Symfony package.` opens its licence.
    assert.equal(await described(installed('/usr/share/php/Symfony/Component/Console/Helper/ProgressBar.php')), '');
    // `// OpenZeppelin Contracts (last updated v5.7.0) (access/AccessControl.sol)` records the file's name and version.
    assert.equal(await described(corpusFile('@openzeppelin/contracts', 'access/AccessControl.sol')), '');
    // `/////` / `/// ECMAScript APIs` / `/////` past the licence and the references heads the declarations below it.
    assert.equal(await described('node_modules/typescript/lib/lib.es5.d.ts'), '');
  });

  it("never notes a declaration with a heading or the banner it sits under: rack's `## ==== Request (before status)`, rake's `# ----` / `# Rake Module Methods`, Swift's MARK, libstdc++'s clause numbers", async () => {
    assert.deepEqual(await rows(`${RACK}/lint.rb`, / (check_env|check_input|check_hijack|check_hijack_response) /), [
      '73-359 method check_env | (env)',
      '365-381 method check_input | The input stream is an IO-like object which contains the raw HTTP POST data.',
      '548-590 method check_hijack | (env)',
      '595-636 method check_hijack_response | It is also possible to hijack a response after the status and headers have been sent.',
    ]);
    assert.deepEqual(await rows(installed('/usr/share/rubygems-integration/all/gems/rake-13.0.6/lib/rake/task.rb'), /^387-/), ['387-432 class self | ']);
    assert.deepEqual(await rows(corpusFile('@capacitor/ios', 'Capacitor/Capacitor/CAPPluginCall.swift'), /^67-/), ['67-97 extension CAPPluginCall | ']);
    assert.deepEqual(await rows('/usr/include/c++/12/bits/shared_ptr_base.h', /^1791-/), [
      '1791-1795 function operator== | (const __shared_ptr<_Tp1, _Lp>& __a, const __shared_ptr<_Tp2, _Lp>& __b)',
    ]);
    // `// _GLIBCXX_RESOLVE_LIB_DEFECTS` / `// 438. Ambiguity in the "do the right thing" clause` heads an overload: its signature tells it apart.
    assert.deepEqual(await rows('/usr/include/c++/12/bits/basic_string.h', /^308-/), [
      '308-311 function _M_construct_aux | (_Integer __beg, _Integer __end, std::__true_type)',
    ]);
    // `// Non-standard extensions` heads a group; the JSDoc below it is the declaration's, and has only a tag.
    assert.deepEqual(await rows('node_modules/typescript/lib/lib.es5.d.ts', /^1022-/), ['1022-1022 method compile | (pattern: string, flags?: string): this']);
  });

  it("ends a note's sentence where it ends: not at 'e.g.', 'i.e.', 'eg.', nor past a title's paragraph, a call-seq or a leading comma", async () => {
    assert.deepEqual(await rows('/usr/lib/python3.11/shutil.py', / make_archive /), [
      '1083-1140 function make_archive | Create an archive file (eg. zip or tar).',
    ]);
    assert.deepEqual(await rows(corpusFile('@tanstack/query-core', 'src/query.ts'), /^159-/), [
      '159-172 interface QueryBehavior | Customizes how a query fetches, e.g. the behavior that fetches the pages of an infinite query.',
    ]);
    assert.deepEqual(await rows('/usr/lib/python3.11/csv.py', / Sniffer /), [
      '165-444 class Sniffer | "Sniffs" the format of a CSV file (i.e. delimiter, quotechar) Returns a Dialect object.',
    ]);
    // `"""LMTP - Local Mail Transfer Protocol` / blank / `The LMTP protocol, …`
    assert.deepEqual(await rows('/usr/lib/python3.11/smtplib.py', / class LMTP /), ['1068-1115 class LMTP | Local Mail Transfer Protocol']);
    // `"""Login, default anonymous."""` on login
    assert.deepEqual(await rows('/usr/lib/python3.11/ftplib.py', /^395-/), ['395-419 method login | default anonymous.']);
    // `# :call-seq:` / `#   ostruct[name] -> object` / blank / `# Returns the value…`
    assert.deepEqual(await rows(`${RUBY}/ostruct.rb`, /^291-/), [
      '291-293 method [] | Returns the value of an attribute, or nil if there is no such attribute.',
    ]);
    // `# Equivalent to` / blank / `#   FileUtils.rm(list, force: true)`: a sentence broken off is no note;
    // a comment of one paragraph ending on its variable (`/* skip over n bytes of in */`) is not broken off.
    assert.deepEqual(await rows(`${RUBY}/fileutils.rb`, / rm_f /), ['588-590 method rm_f | (list, noop: nil, verbose: nil)']);
    assert.deepEqual(await rows('/usr/share/doc/zlib1g-dev/examples/gzappend.c', / function skip /), ['202-220 function skip | over n bytes of in']);
    // `# == Args` / blank / `# +scheme+::` / `#   Protocol scheme…`: a field list, not a sentence; the note is under `# == Description`.
    assert.deepEqual(await rows(`${RUBY}/uri/generic.rb`, /^169-/), [
      "169-214 method initialize | Creates a new URI::Generic instance from ``generic'' components without check.",
    ]);
  });
});

describe('notes a map shows: only words that tell a range apart', () => {
  it("leaves out what the name or most siblings' notes already say, and a note on a region of three lines or fewer (serde's Visitor, tarfile's TarInfo)", async () => {
    assert.deepEqual(await lineOf('/usr/share/cargo/registry/serde-1.0.152/src/de/mod.rs', /\t(1313|1325|1657)-/), [
      '\t1313-1318 visit_bool',
      '\t1325-1330 visit_i8',
      '\t1657-1663 visit_map — The input contains a key-value map.',
    ]);
    assert.deepEqual(await lineOf('/usr/lib/python3.11/tarfile.py', /^\t?(267|339|506|1443)-/), [
      '267-269 class TarError',
      '\t339-407 __init__ — Construct a _Stream object.',
      "\t506-517 seek — Set the stream's file pointer to pos.",
      '\t1443-1445 isdir',
    ]);
  });

  it("tells Objective-C overloads apart by their selectors and Java's by their types without final or throws (CAPPlugin.m, Bridge.java, WebViewLocalServer.java)", async () => {
    assert.deepEqual(await lineOf(corpusFile('@capacitor/ios', 'Capacitor/Capacitor/CAPPlugin.m'), /notifyListeners|setCenteredPopover/), [
      '78-80 notifyListeners:data:',
      '82-103 notifyListeners:data:retainUntilConsumed:',
      '149-155 setCenteredPopover:',
      '157-164 setCenteredPopover:size:',
    ]);
    const java = corpusFile('@capacitor/android', 'capacitor/src/main/java/com/getcapacitor');
    assert.deepEqual(await lineOf(`${java}/Bridge.java`, /logToJs/), ['879-881 logToJs(String, String)', '883-885 logToJs(String)']);
    assert.deepEqual(await lineOf(`${java}/WebViewLocalServer.java`, / read\(/), [
      '\t754-758 read()',
      '\t760-764 read(byte[])',
      '\t766-770 read(byte[], int, int)',
    ]);
  });

  it('tells documented overloads apart by their signatures, the doc left for the one that has no sibling of its name (PluginCall.java)', async () => {
    const java = corpusFile('@capacitor/android', 'capacitor/src/main/java/com/getcapacitor');
    assert.deepEqual(await lineOf(`${java}/PluginCall.java`, / (getArray|resolve)\b/), [
      '53-56 resolve(JSObject)',
      '58-60 resolve()',
      '295-297 getArray(String)',
      '305-325 getArray(String, JSArray)',
    ]);
  });

  it('tells overloads written `name: Type` apart by their types alone, and by their labels where the types are the same (GoogleMapErrors.kt, CapacitorBridge.swift)', async () => {
    const maps = corpusFile('@capacitor/google-maps', 'android/src/main/java/com/capacitorjs/plugins/googlemaps');
    assert.deepEqual(await lineOf(`${maps}/GoogleMapErrors.kt`, /getErrorObject/), [
      '26-56 getErrorObject(GoogleMapsError)',
      '58-60 getErrorObject(Exception)',
    ]);
    assert.deepEqual(await lineOf(corpusFile('@capacitor/ios', 'Capacitor/Capacitor/CapacitorBridge.swift'), /releaseCall/), [
      '\t422-424 releaseCall(_ call: CAPPluginCall)',
      '\t426-428 releaseCall(withID: String)',
      '\t436-438 releaseCall(callbackId: String)',
    ]);
  });

  it("shows no note of curried parameters, whose one- and two-letter names and repeats tell no range apart (OCaml's list.ml)", async () => {
    assert.deepEqual(await lineOf('/usr/lib/ocaml/list.ml', /^\t*(118|128|273|287)-/), [
      '118-121 fold_left',
      '128-132 map2',
      '\t273-277 aux',
      '\t287-293 part — left right',
    ]);
  });

  it("draws the members of a file's one module and its one class at their level, and only deeper members indented (Rack's lint.rb); a file of many classes indents each one's members (configparser.py)", async () => {
    const lint = '/usr/share/rubygems-integration/all/gems/rack-2.2.22/lib/rack/lint.rb';
    assert.deepEqual(await lineOf(lint, /^\t*(5|9|10|18|19|383|386|788)-/), [
      '5-789 module Rack',
      '9-788 class Lint',
      '10-13 initialize',
      '18-24 module Assertion',
      '\t19-23 assert',
      '383-480 class InputWrapper',
      '\t386-388 initialize',
    ]);
    assert.deepEqual(await lineOf('/usr/lib/python3.11/configparser.py', /^\t*(169|172|182|185)-/), [
      '169-179 class Error — Base class for ConfigParser exceptions.',
      '\t172-174 __init__',
      '182-188 class NoSectionError',
      '\t185-188 __init__',
    ]);
  });
});
