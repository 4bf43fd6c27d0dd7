import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { shapeOf } from '../bench/corpus';
import { implType } from '../bench/names';
import { docHeredocs, OUTSIDE } from '../bench/outside';
import { corpusFile } from '../support/corpus';
import { ctagsTags, Declaration, goAst, keywordDeclarations, pythonAst, rubyRipper, typescriptNavigation } from '../bench/references';

const list = (found: Declaration[]) => found.map((d) => `${d.line} ${d.kind} ${d.name}`);
const read = (file: string) => readFileSync(file, 'utf8');

describe("the bench's recall references", () => {
  it("TypeScript's navigation tree lists express's view.js: its class, constructor and functions, nested ones too, in file order", () => {
    const file = corpusFile('express', 'lib/view.js');
    assert.deepEqual(list(typescriptNavigation(file, read(file))), [
      '52 class View',
      '52 constructor constructor',
      '104 function lookup',
      '133 function render',
      '139 function onRender',
      '153 function renderTick',
      '169 function resolve',
      '197 function tryStat',
    ]);
  });

  it("TypeScript's navigation tree finds express's chained assignments, which ctags does not, and calls them chained", () => {
    const file = corpusFile('express', 'lib/response.js');
    const text = read(file);
    const found = typescriptNavigation(file, text).filter((d) => d.line === 508 || d.line === 671);
    assert.deepEqual(list(found), ['508 function contentType', '671 function header']);
    const ctags = ctagsTags(file, 'JavaScript');
    assert.deepEqual(
      ctags.filter((t) => [507, 508, 670, 671].includes(t.line)),
      [],
    );
    const lines = text.split('\n');
    assert.deepEqual(
      found.map((d) => shapeOf(lines, d)),
      ['chained assignment (a.x = a.y = function)', 'chained assignment (a.x = a.y = function)'],
    );
  });

  it("Python's ast lists json/decoder.py's classes, functions and methods at their def lines", () => {
    assert.deepEqual(list(pythonAst('/usr/lib/python3.11/json/decoder.py')), [
      '20 class JSONDecodeError',
      '31 method __init__',
      '42 method __reduce__',
      '59 function _decode_uXXXX',
      '69 function py_scanstring',
      '136 function JSONObject',
      '217 function JSONArray',
      '254 class JSONDecoder',
      '284 method __init__',
      '332 method decode',
      '343 method raw_decode',
    ]);
  });

  it("Ruby's Ripper lists rack/lock.rb's module, class and methods", () => {
    assert.deepEqual(list(rubyRipper('/usr/share/rubygems-integration/all/gems/rack-2.2.22/lib/rack/lock.rb')), [
      '5 module Rack',
      '8 class Lock',
      '9 method initialize',
      '13 method call',
      '27 method unlock',
    ]);
  });

  it("Go's go/ast lists pflag's bool.go: types, functions, and methods by their receiver's type", () => {
    assert.deepEqual(list(goAst('/usr/share/gocode/src/github.com/spf13/pflag/bool.go')), [
      '7 interface boolFlag',
      '13 type boolValue',
      '15 func newBoolValue',
      '20 method boolValue.Set',
      '26 method boolValue.Type',
      '30 method boolValue.String',
      '32 method boolValue.IsBoolFlag',
      '34 func boolConv',
      '39 method FlagSet.GetBool',
      '49 method FlagSet.BoolVar',
      '54 method FlagSet.BoolVarP',
      '61 func BoolVar',
      '66 func BoolVarP',
      '73 method FlagSet.Bool',
      '78 method FlagSet.BoolP',
      '86 func Bool',
      '91 func BoolP',
    ]);
  });

  it("keyword lines stand in for ctags on Solidity: OpenZeppelin's Ownable.sol's contract, modifier and functions", () => {
    const solidity = OUTSIDE.find((spec) => spec.language === 'solidity')!;
    assert.deepEqual(list(keywordDeclarations(read(corpusFile('@openzeppelin/contracts', 'access/Ownable.sol')), solidity.keywords!)), [
      '20 contract Ownable',
      '48 modifier onlyOwner',
      '56 function owner',
      '63 function _checkOwner',
      '76 function renounceOwnership',
      '84 function transferOwnership',
      '95 function _transferOwnership',
    ]);
  });

  it("reads a Rust impl as the type it is for, and corrects ctags where it names serde's `impl<'a> Display for Expected + 'a` by its lifetime", () => {
    assert.deepEqual(
      ['Ord for Span', "MapAccess<'de> for &'a mut A", "DeserializeSeed<'de> for PhantomData<T>", "Display for Expected + 'a", 'Ast'].map(implType),
      ['Span', 'A', 'PhantomData', 'Expected', 'Ast'],
    );
    const file = '/usr/share/cargo/registry/serde-1.0.152/src/de/mod.rs';
    const lines = read(file).split('\n');
    const rust = OUTSIDE.find((s) => s.language === 'rust')!;
    const renamed = ctagsTags(file, 'Rust')
      .filter((t) => t.kind === 'implementation')
      .flatMap((t) => (rust.nameOnLine!(t, lines[t.line - 1]) === t.name ? [] : [`${t.line} ${t.name} → ${rust.nameOnLine!(t, lines[t.line - 1])}`]));
    assert.deepEqual(renamed, ['492 a → Expected']);
  });

  it("counts no declaration in Elixir's @moduledoc and @doc heredocs: the code examples of jason's encoder.ex are text", () => {
    const file = path.resolve(__dirname, '../../../test/fixtures/vendor/jason/encoder.ex');
    const inText = docHeredocs(read(file).split('\n'));
    assert.deepEqual(
      ctagsTags(file, 'Elixir')
        .filter((t) => inText.has(t.line))
        .map((t) => `${t.line} ${t.kind} ${t.name}`)
        .sort((a, b) => parseInt(a) - parseInt(b)),
      [
        '20 module Test',
        '27 implementation Encoder',
        '28 function encode',
        '36 implementation Encoder',
        '37 function encode',
        '45 implementation Encoder',
        '46 function encode',
      ],
    );
    assert.ok(!inText.has(77), 'defimpl Jason.Encoder, for: Any after the heredoc is code');
  });
});
