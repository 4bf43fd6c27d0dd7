/**
 * Every language Skim outlines, on real files from packages outside the corpus of corpus.ts:
 * Debian packages and pinned npm packages (test/corpus.json) scripts/setup-bench-corpus.sh installs,
 * npm packages the project depends on, Python's standard library, and (for Scala, Dart and Elixir, which neither
 * registry ships as source) three small libraries' files kept in test/fixtures/vendor with their
 * licences. Each language's files are split in two: `tuning`, the files a change to a query may be
 * measured on while it is made, and `heldOut`, never looked at while tuning, reported apart, to
 * tell whether a change holds beyond the files it was made on.
 */
import * as path from 'node:path';
import { corpusPath } from '../support/corpus';
import type { LanguageSpec } from './corpus';
import { implType } from './names';

const ROOT = path.resolve(__dirname, '../../..');
const npm = (file: string) => path.join(ROOT, 'node_modules', file);
const vendor = (file: string) => path.join(ROOT, 'test/fixtures/vendor', file);
const rubyGems = '/usr/share/rubygems-integration/all/gems';
const cargo = '/usr/share/cargo/registry';
const symfony = '/usr/share/php/Symfony/Component/Console';
const googletest = '/usr/src/googletest';
const capacitorIos = corpusPath('@capacitor/ios');
const cordova = `${capacitorIos}/CapacitorCordova/CapacitorCordova/Classes/Public`;
const googleMaps = corpusPath('@capacitor/google-maps', 'android/src/main/java/com/capacitorjs/plugins/googlemaps');
const capacitorJava = corpusPath('@capacitor/android', 'capacitor/src/main/java/com/getcapacitor');

/** Modifiers a Swift declaration may carry before its keyword. */
const SWIFT_MODIFIERS =
  '(?:(?:public|private|fileprivate|internal|open|final|static|class|override|mutating|nonmutating|convenience|required|dynamic|lazy|indirect|nonisolated|@\\w+(?:\\([^)]*\\))?)\\s+)*';
const SCALA_MODIFIERS = '(?:(?:private|protected|final|sealed|abstract|implicit|lazy|override|case|inline|transparent|open)(?:\\[[^\\]]*\\])?\\s+)*';
/** What opens a Dart comment or statement, not a declaration. */
const DART_STATEMENTS =
  '(?:[/*]|(?:return|if|for|while|switch|throw|await|var|final|const|late|assert|else|super|this|new|yield|do|try|case|default|break|continue)\\b)';

/** The lines inside Elixir's documentation heredocs (`@moduledoc """` … `"""`), their delimiters too. */
export function docHeredocs(lines: string[]): Set<number> {
  const inside = new Set<number>();
  let open = false;
  for (const [i, line] of lines.entries()) {
    const delimiter = open ? /^\s*("""|''')\s*$/ : /^\s*@(moduledoc|doc|typedoc)\s+(~[sS])?("""|''')\s*$/;
    if (open || delimiter.test(line)) inside.add(i + 1);
    if (delimiter.test(line)) open = !open;
  }
  return inside;
}

export interface OutsideSpec extends LanguageSpec {
  tuning: string[];
  heldOut: string[];
}

export const OUTSIDE: OutsideSpec[] = [
  {
    language: 'javascript',
    ctags: 'JavaScript',
    kinds: ['function', 'class', 'method', 'generator'],
    second: 'typescript',
    tuning: [corpusPath('express', 'lib/response.js'), corpusPath('express', 'lib/request.js'), corpusPath('express', 'lib/application.js')],
    heldOut: [corpusPath('router', 'index.js')],
  },
  {
    language: 'typescript',
    ctags: 'TypeScript',
    kinds: ['function', 'class', 'interface', 'enum', 'method', 'namespace'],
    second: 'typescript',
    tuning: [npm('zod/src/v4/core/schemas.ts'), npm('zod/src/v4/core/api.ts'), npm('zod/src/v4/core/checks.ts')],
    heldOut: [corpusPath('@tanstack/query-core', 'src/queryObserver.ts')],
  },
  {
    language: 'tsx',
    ctags: 'TypeScript',
    kinds: ['function', 'class', 'interface', 'enum', 'method', 'namespace'],
    second: 'typescript',
    tuning: [
      npm('@vscode/prompt-tsx/examples/file-contents.tsx'),
      npm('@vscode/prompt-tsx/examples/history.tsx'),
      corpusPath('@tanstack/react-query', 'src/HydrationBoundary.tsx'),
    ],
    heldOut: [corpusPath('@tanstack/react-query', 'src/QueryErrorResetBoundary.tsx')],
  },
  {
    language: 'python',
    ctags: 'Python',
    kinds: ['class', 'function', 'member'],
    second: 'python',
    tuning: ['/usr/lib/python3.11/tarfile.py', '/usr/lib/python3.11/dataclasses.py', '/usr/lib/python3.11/configparser.py'],
    heldOut: ['/usr/lib/python3.11/logging/__init__.py'],
  },
  {
    language: 'go',
    ctags: 'Go',
    kinds: ['func', 'struct', 'interface', 'type', 'talias'],
    second: 'go',
    tuning: ['command.go', 'completions.go', 'bash_completions.go'].map((f) => `/usr/share/gocode/src/github.com/spf13/cobra/${f}`),
    heldOut: ['/usr/share/gocode/src/github.com/spf13/pflag/flag.go'],
  },
  {
    language: 'rust',
    ctags: 'Rust',
    kinds: ['function', 'method', 'struct', 'enum', 'interface', 'implementation', 'module'],
    // ctags names some impls by a lifetime of theirs (`impl<'a> Display for Expected + 'a`: `a`): an
    // impl is the type its header says it is for, as the map's region is matched.
    nameOnLine: (tag, line) =>
      tag.kind === 'implementation' ? implType(line.replace(/^\s*(unsafe\s+)?impl\b/, '').replace(/\s*(\{.*|\bwhere\b.*)$/, '')) : tag.name,
    tuning: [`${cargo}/serde-1.0.152/src/de/mod.rs`, `${cargo}/serde-1.0.152/src/ser/mod.rs`, `${cargo}/regex-syntax-0.6.27/src/ast/mod.rs`],
    heldOut: [`${cargo}/regex-syntax-0.6.27/src/hir/mod.rs`],
  },
  {
    language: 'java',
    ctags: 'Java',
    kinds: ['class', 'interface', 'enum', 'method'],
    tuning: ['Bridge.java', 'Plugin.java', 'WebViewLocalServer.java'].map((f) => `${capacitorJava}/${f}`),
    heldOut: [`${capacitorJava}/CapConfig.java`],
  },
  {
    language: 'c',
    ctags: 'C',
    kinds: ['function', 'struct', 'union', 'enum', 'typedef'],
    tuning: [
      '/usr/share/doc/nettle-dev/examples/nettle-benchmark.c',
      '/usr/share/doc/nettle-dev/examples/hogweed-benchmark.c',
      '/usr/share/doc/libpng-dev/examples/pngtest.c',
    ],
    heldOut: ['/usr/share/doc/git/contrib/credential/gnome-keyring/git-credential-gnome-keyring.c'],
  },
  {
    language: 'cpp',
    ctags: 'C++',
    kinds: ['function', 'class', 'struct', 'union', 'enum', 'namespace', 'typedef'],
    tuning: ['gtest.cc', 'gtest-death-test.cc', 'gtest-port.cc'].map((f) => `${googletest}/googletest/src/${f}`),
    heldOut: [`${googletest}/googlemock/src/gmock-spec-builders.cc`],
  },
  {
    language: 'csharp',
    ctags: 'C#',
    kinds: ['class', 'interface', 'enum', 'struct', 'method'],
    tuning: [
      corpusPath('edge-js', 'src/double/Edge.js/dotnetcore/coreclrembedding.cs'),
      corpusPath('edge-js', 'src/double/Edge.js/dotnetcore/semversion.cs'),
      corpusPath('edge-js', 'src/double/Edge.js/dotnet/EdgeJs.cs'),
    ],
    heldOut: [corpusPath('edge-js', 'src/mono/monoembedding.cs')],
  },
  {
    language: 'ruby',
    ctags: 'Ruby',
    kinds: ['class', 'method', 'module', 'singletonMethod'],
    second: 'ruby',
    tuning: [`${rubyGems}/thor-1.2.1/lib/thor/base.rb`, `${rubyGems}/rack-2.2.22/lib/rack/request.rb`, `${rubyGems}/rack-2.2.22/lib/rack/utils.rb`],
    heldOut: [`${rubyGems}/rack-2.2.22/lib/rack/lint.rb`],
  },
  {
    language: 'php',
    ctags: 'PHP',
    kinds: ['class', 'interface', 'function', 'trait'],
    tuning: [`${symfony}/Application.php`, `${symfony}/Helper/Table.php`, `${symfony}/Command/Command.php`],
    heldOut: [`${symfony}/Helper/QuestionHelper.php`],
  },
  {
    language: 'kotlin',
    ctags: 'Kotlin',
    kinds: ['class', 'interface', 'object', 'method'],
    notOn: /\{\s*\(?\w+(\s*,\s*\w+)*\)?\s*->/,
    tuning: ['CapacitorGoogleMap.kt', 'CapacitorGoogleMapsPlugin.kt', 'GoogleMapConfig.kt'].map((f) => `${googleMaps}/${f}`),
    heldOut: [`${googleMaps}/GoogleMapErrors.kt`],
  },
  {
    language: 'swift',
    keywords: [
      new RegExp(`^\\s*${SWIFT_MODIFIERS}(?<kind>func|class|struct|enum|protocol|extension|actor)\\s+(?<name>[A-Za-z_][\\w.]*)`),
      new RegExp(`^\\s*${SWIFT_MODIFIERS}(?<kind>init)[?!]?\\s*[(<]`),
    ],
    kinds: ['func', 'class', 'struct', 'enum', 'protocol', 'extension', 'actor', 'init'],
    tuning: ['CapacitorBridge.swift', 'WebViewAssetHandler.swift', 'Codable/JSValueEncoder.swift'].map((f) => `${capacitorIos}/Capacitor/Capacitor/${f}`),
    heldOut: [corpusPath('@capacitor/google-maps', 'ios/Sources/CapacitorGoogleMapsPlugin/Map.swift')],
  },
  {
    language: 'scala',
    keywords: [new RegExp(`^\\s*(?:@\\w+\\s+)*${SCALA_MODIFIERS}(?<kind>def|class|object|trait|enum|type)\\s+(?<name>[^\\s\\[(:=]+)`)],
    kinds: ['def', 'class', 'object', 'trait', 'enum', 'type'],
    tuning: ['Parsers.scala', 'PackratParsers.scala', 'PagedSeq.scala'].map((f) => vendor(`scala-parser-combinators/${f}`)),
    heldOut: [vendor('scala-parser-combinators/RegexParsers.scala')],
  },
  {
    language: 'lua',
    ctags: 'Lua',
    kinds: ['function'],
    // ctags' Lua parser takes `function` for the keyword where a name or a string only begins with it:
    // `cmp = function_arg(2, cmp)`, `local ff = _function_factories[mt]`, `local fstr = 'return function('`.
    notOn: /=\s*\w*function\w|=\s*'[^']*function/,
    tuning: ['tablex.lua', 'stringx.lua', 'utils.lua'].map((f) => `/usr/share/lua/5.1/pl/${f}`),
    heldOut: ['/usr/share/lua/5.1/pl/xml.lua'],
  },
  // ctags' Sh parser takes array assignments (`COMPREPLY=()`) and brace groups for functions.
  {
    language: 'bash',
    ctags: 'Sh',
    kinds: ['function'],
    names: /^[\w:.-]+$/,
    extension: '.sh',
    tuning: ['/usr/bin/neofetch', '/usr/sbin/dkms', '/usr/share/debootstrap/functions'],
    heldOut: ['/usr/bin/shunit2'],
  },
  {
    language: 'dart',
    // A type's keyword; or a top-level function or a member (at most one level of two-space indent):
    // a return type, maybe `get`, `set` or `operator`, and a name followed by parameters or a body.
    keywords: [
      /^\s*(?:(?:abstract|base|final|sealed|interface)\s+)*(?<kind>class|mixin|extension|enum|typedef)\s+(?<name>\w+)/,
      new RegExp(
        `^(?: {2})?(?!${DART_STATEMENTS})(?:(?:static|external|factory|abstract|covariant)\\s+)*(?:[\\w.]+(?:<[^()]*>)?\\??\\s+)?(?:(?<kind>get|set|operator)\\s*)?(?<name>[A-Za-z_]\\w*|\\[\\]=?|[<>=~+\\-*/%&|^]+)(?:<[^()]*>)?\\s*(?:\\(|=>|\\{)`,
      ),
    ],
    kinds: ['class', 'mixin', 'extension', 'enum', 'typedef', 'method', 'get', 'set', 'operator'],
    tuning: ['wrappers.dart', 'iterable_extensions.dart', 'priority_queue.dart'].map((f) => vendor(`dart-collection/${f}`)),
    heldOut: [vendor('dart-collection/equality.dart')],
  },
  {
    language: 'elixir',
    ctags: 'Elixir',
    kinds: ['module', 'function', 'macro', 'protocol', 'implementation'],
    // ctags reads the code examples of a @moduledoc or @doc heredoc as declarations.
    textLines: docHeredocs,
    tuning: ['decoder.ex', 'encode.ex', 'formatter.ex'].map((f) => vendor(`jason/${f}`)),
    heldOut: [vendor('jason/encoder.ex')],
  },
  {
    language: 'objc',
    ctags: 'ObjectiveC',
    kinds: ['interface', 'implementation', 'protocol', 'category', 'method', 'function'],
    // ctags' ObjectiveC parser reads a C function's parameter type as a category (`id
    // messageFromArrayBuffer(NSData* data)`: category NSData), a macro call as a function
    // (`SWIFT_ENUM_COMPAT_HACK(CDVCommandStatus_OK);`) and a property's attributes as a category.
    notOn: /^@property\b|^(?![-+@#])[A-Za-z_][\w \t*]*\(/,
    tuning: [`${cordova}/CDVPluginResult.m`, `${cordova}/CDVPlugin.m`, `${capacitorIos}/Capacitor/Capacitor/CAPPlugin.m`],
    heldOut: [`${cordova}/CDVCommandDelegateImpl.m`],
  },
  {
    language: 'zig',
    keywords: [
      /^\s*(?:pub\s+)?(?:(?:export|inline|noinline|extern(?:\s+"\w+")?)\s+)*(?<kind>fn)\s+(?<name>\w+)/,
      /^\s*(?:pub\s+)?const\s+(?<name>\w+)\s*(?::[^=]+)?=\s*(?:(?:extern|packed)\s+)?(?<kind>struct|enum|union|opaque)\b/,
    ],
    kinds: ['fn', 'struct', 'enum', 'union', 'opaque'],
    tuning: ['exporter.zig', 'zigft/fn-transform.zig', 'host/wasm/pthread.zig'].map((f) => corpusPath('zigar-compiler', `zig/${f}`)),
    heldOut: [corpusPath('zigar-compiler', 'zig/zigft/fn-binding.zig')],
  },
  {
    language: 'ocaml',
    ctags: 'OCaml',
    kinds: ['module', 'class', 'function', 'method', 'type'],
    tuning: ['format.ml', 'scanf.ml', 'hashtbl.ml'].map((f) => `/usr/lib/ocaml/${f}`),
    heldOut: ['/usr/lib/ocaml/list.ml'],
  },
  {
    language: 'solidity',
    keywords: [/^\s*(?:abstract\s+)?(?<kind>contract|library|interface|function|modifier|struct|enum)\s+(?<name>\w+)/],
    kinds: ['contract', 'library', 'interface', 'function', 'modifier', 'struct', 'enum'],
    tuning: ['token/ERC20/ERC20.sol', 'governance/Governor.sol', 'utils/structs/EnumerableSet.sol'].map((f) => corpusPath('@openzeppelin/contracts', f)),
    heldOut: [corpusPath('@openzeppelin/contracts', 'token/ERC721/ERC721.sol')],
  },
];
