/**
 * The declarations of a file as other parsers see them, for recall: universal-ctags, and a second
 * reference where a real parser ships with the language — the TypeScript compiler's navigation
 * tree (the outline VS Code shows) for JavaScript and TypeScript, Python's `ast`, Ruby's Ripper and
 * Go's `go/ast`. Where ctags has no parser for a language, a declaration keyword at the start of a
 * line stands in for it. Each gives `{ name, kind, line }`, the line being where the declaration's
 * name is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

export interface Declaration {
  name: string;
  kind: string;
  line: number;
}

/** Every tag universal-ctags gives for the file with its default kinds (stderr's warnings dropped). */
export function ctagsTags(file: string, language: string): Declaration[] {
  const out = execFileSync('ctags', ['--output-format=json', '--fields=+nK', `--language-force=${language}`, '-o', '-', file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Declaration & { _type: string })
    .filter((t) => t._type === 'tag')
    .map(({ name, kind, line }) => ({ name, kind, line }));
}

/** The navigation tree's kinds that are declarations (not variables, properties or parameters). */
const NAVIGATION_KINDS = new Set(['function', 'class', 'interface', 'enum', 'method', 'module', 'constructor', 'getter', 'setter', 'type']);

/**
 * The TypeScript compiler's navigation tree of one file, from a language service that sees only
 * that file: every function, class, interface, enum, method, namespace, accessor and type alias,
 * nested ones too; callbacks and anonymous functions (which have no name to find) left out.
 */
export function typescriptNavigation(file: string, text: string): Declaration[] {
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => (name === file ? ts.ScriptSnapshot.fromString(text) : undefined),
    getCurrentDirectory: () => path.dirname(file),
    getCompilationSettings: () => ({ allowJs: true, noResolve: true, noLib: true, jsx: ts.JsxEmit.Preserve }),
    getDefaultLibFileName: () => 'lib.d.ts',
    fileExists: (name) => name === file,
    readFile: (name) => (name === file ? text : undefined),
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const source = service.getProgram()?.getSourceFile(file);
  if (!source) throw new Error(`the TypeScript language service did not read ${file}`);
  const found: Declaration[] = [];
  const walk = (item: ts.NavigationTree) => {
    const named = !/^<.*>$/.test(item.text) && !/ callback$/.test(item.text) && item.text !== 'default';
    if (NAVIGATION_KINDS.has(item.kind) && named) {
      const at = item.nameSpan ?? item.spans[0];
      found.push({ name: item.text.replace(/^["']|["']$/g, ''), kind: item.kind, line: source.getLineAndCharacterOfPosition(at.start).line + 1 });
    }
    item.childItems?.forEach(walk);
  };
  service.getNavigationTree(file).childItems?.forEach(walk);
  service.dispose();
  // The tree orders a scope's items by name; in the file's order they read as the other references'.
  return found.sort((a, b) => a.line - b.line);
}

const PYTHON_AST = `
import ast, json, sys
found = []
def walk(node, kind_of_body):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            found.append({"name": child.name, "kind": "class", "line": child.lineno})
            walk(child, "method")
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append({"name": child.name, "kind": kind_of_body, "line": child.lineno})
            walk(child, "function")
        else:
            walk(child, kind_of_body)
with open(sys.argv[1], "rb") as f:
    walk(ast.parse(f.read(), sys.argv[1]), "function")
print(json.dumps(found))
`;

/** Python's own parser: every class, function and method (`def` and `async def`), nested ones too, at its `def` line. */
export function pythonAst(file: string): Declaration[] {
  return JSON.parse(execFileSync('python3', ['-c', PYTHON_AST, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Declaration[];
}

const RUBY_RIPPER = `
require 'ripper'
require 'json'
found = []
name_of = ->(ref) { ref.flatten.select { |x| x.is_a?(String) }.last }
line_of = ->(ref) { ref.flatten.find { |x| x.is_a?(Integer) } }
walk = lambda do |node|
  next unless node.is_a?(Array)
  case node[0]
  when :class, :module
    found << { name: name_of.(node[1]), kind: node[0].to_s, line: line_of.(node[1]) }
  when :def
    found << { name: node[1][1], kind: 'method', line: node[1][2][0] }
  when :defs
    found << { name: node[3][1], kind: 'singletonMethod', line: node[3][2][0] }
  end
  node.each { |child| walk.(child) }
end
walk.(Ripper.sexp(File.read(ARGV[0])))
puts JSON.generate(found)
`;

/** Ruby's own parser (Ripper): every class, module, method and singleton method (`def self.x`). */
export function rubyRipper(file: string): Declaration[] {
  return JSON.parse(execFileSync('ruby', ['-e', RUBY_RIPPER, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Declaration[];
}

/** Debian's Go, which is not on PATH. */
const GO = ['/usr/lib/go-1.19/bin/go', '/usr/bin/go'].find((go) => existsSync(go)) ?? 'go';
let goAstBinary: string | undefined;

/** Go's own parser (go/ast): every function, method (`Recv.Name`) and type, built once per process from test/bench/goast. */
export function goAst(file: string): Declaration[] {
  if (!goAstBinary) {
    const dir = mkdtempSync(path.join(tmpdir(), 'skim-goast-'));
    const source = path.resolve(__dirname, '../../../test/bench/goast/main.go');
    execFileSync(GO, ['build', '-o', path.join(dir, 'goast'), source], {
      env: { ...process.env, GOCACHE: path.join(dir, 'cache'), GO111MODULE: 'off' },
      stdio: 'ignore',
    });
    goAstBinary = path.join(dir, 'goast');
  }
  return JSON.parse(execFileSync(goAstBinary, [file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Declaration[];
}

/**
 * For a language ctags has no parser for: lines that declare, each pattern's `name` group the
 * declared name and its `kind` group the keyword (a line's first matching pattern counts; a pattern
 * with no `kind` group declares a method, a `kind` with no `name` is its own name, as Swift's `init`).
 */
export function keywordDeclarations(text: string, patterns: RegExp[]): Declaration[] {
  const found: Declaration[] = [];
  text.split('\n').forEach((line, i) => {
    for (const pattern of patterns) {
      const m = pattern.exec(line);
      const name = m?.groups?.name ?? m?.groups?.kind;
      if (!m || !name) continue;
      found.push({ name, kind: m.groups?.kind ?? 'method', line: i + 1 });
      break;
    }
  });
  return found;
}
