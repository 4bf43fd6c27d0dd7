import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Project } from '../../src/core/files/project';
import { LanguageInfo, languageFor } from '../../src/core/structural/languages';
import { structuralMap } from '../../src/core/structural/mapper';
import { examplePattern } from '../../src/core/structural/queries';
import { TreeSitterFailure, withParse } from '../../src/core/structural/parser';
import { MAX_QUERY_DEPTH, MAX_SHOWN, queryDepth, queryRefusal } from '../../src/core/syntax/bounds';
import { nodeAt } from '../../src/core/syntax/nodeAt';
import { queryTree } from '../../src/core/syntax/queryTree';
import { renderNodeAt, renderQuery } from '../../src/core/syntax/renderTree';
import { nodeAtFile, queryFile } from '../../src/core/tools/tree';
import { testContext } from '../support/context';
import { corpusFile } from '../support/corpus';
import { skim } from '../support/cli';
import { scratch } from '../support/files';
import { RUNNER, RUNNER_LINES, runnerBlock, runnerColumn, runnerLine, runnerLinesMatching, span } from '../support/mochaRunner';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');
const project = new Project(path.resolve(__dirname, '../../../node_modules'));
const runner = project.file(RUNNER);
const runnerLines = readFileSync(RUNNER, 'utf8').split('\n');
/** Places in runner.js the tests below name, found in its own text rather than pinned to one mocha's line numbers. */
const UNHANDLED = runnerBlock('this.unhandled = (reason, promise) => {');
const PROCESS_EMIT = 'process.emit("unhandledRejection", reason, promise)';
const EMIT_AT = { line: runnerLine(PROCESS_EMIT), column: runnerColumn(runnerLine(PROCESS_EMIT), PROCESS_EMIT) };
const NEXT = runnerBlock('function next(err, errSuite) {');
const RUN_TESTS = runnerBlock('Runner.prototype.runTests = function');
const SELF = runnerLine('self.emit(constants.EVENT_TEST_PENDING, test);');
const SELF_COLUMN = runnerColumn(SELF, 'self');
const FUNCTIONS = runnerLinesMatching(/^\s*function [\w$]+\(/);

describe('tree queries on real files: skim_query_tree', () => {
  it('finds every call of a name, each with its position, text and the function holding it', async () => {
    const result = await queryTree(runner, 'calls:emit', 3);
    const expected = runnerLines.filter((l) => /\.emit\(/.test(l)).length;
    assert.deepEqual([result.total, result.capped, result.captures.length], [expected, true, 3]);
    assert.deepEqual(result.captures[0], {
      name: 'call',
      type: 'call_expression',
      start: EMIT_AT,
      end: { line: EMIT_AT.line, column: EMIT_AT.column + PROCESS_EMIT.length },
      text: 'process.emit("unhandledRejection", reason, promise)',
      region: { start: UNHANDLED.start, end: UNHANDLED.end, kind: 'function', name: 'this.unhandled', note: '(reason, promise)' },
    });
    assert.equal(
      renderQuery(result).split('\n').slice(0, 3).join('\n'),
      [
        `calls:emit in mocha/lib/runner.js (javascript): ${expected} captures; the first 3 are shown (ask for fewer with a narrower query, or raise max).`,
        `  ${span(UNHANDLED)} this.unhandled(reason, promise)`,
        `    ${EMIT_AT.line}:${EMIT_AT.column} @call call_expression  ${PROCESS_EMIT}`,
      ].join('\n'),
    );
  });

  it('lists imports, strings and definitions without an S-expression', async () => {
    const imports = await queryTree(runner, 'imports');
    assert.deepEqual(
      imports.captures.map((c) => c.start.line),
      runnerLinesMatching(/^import /),
    );
    assert.equal(imports.captures[0].text, 'import { EventEmitter } from "node:events";');
    assert.equal(imports.captures[6].text, 'import { …', 'a capture over several lines shows its first');
    const authority = new Project(corpusFile('@azure/msal-common')).file(corpusFile('@azure/msal-common', 'src/authority/Authority.ts'));
    const strings = await queryTree(authority, 'strings', 2);
    assert.deepEqual(
      strings.captures.map((c) => [c.start.line, c.start.column, c.text, c.region?.kind]),
      [
        [6, 31, '"./AuthorityType.js"', 'imports'],
        [10, 8, '"./OpenIdConfigResponse.js"', 'imports'],
      ],
    );
    const definitions = await queryTree(authority, 'definitions');
    assert.ok(definitions.captures.some((c) => c.text === 'Authority' && c.type === 'class'));
  });

  it('runs an S-expression the model wrote, and explains one that does not compile', async () => {
    const result = await queryTree(runner, '(function_declaration name: (identifier) @fn)');
    assert.deepEqual(
      result.captures.slice(0, 2).map((c) => [c.name, c.text, c.start.line]),
      [
        ['fn', 'createHookSkipError', FUNCTIONS[0]],
        ['fn', 'failTestsInSuite', FUNCTIONS[1]],
      ],
    );
    await assert.rejects(
      queryFile(testContext(), runner, '(no_such_node) @x'),
      /^Error: skim_query_tree: the query does not compile against the javascript grammar: Bad node name 'no_such_node'\. Write a tree-sitter S-expression/,
    );
    await assert.rejects(
      queryFile(testContext(), runner, 'callers'),
      /"callers" is not a named query \(definitions, imports, calls, calls:NAME, strings\) nor an S-expression/,
    );
  });

  it("a query that does not compile suggests a pattern of the file's own grammar, and each language's suggestion compiles against it", async () => {
    const client = new Project('/usr/lib/python3.11').file('/usr/lib/python3.11/http/client.py');
    await assert.rejects(
      queryFile(testContext(), client, '(function_declaration) @f'),
      (error: Error) =>
        error.message ===
        "skim_query_tree: the query does not compile against the python grammar: Bad node name 'function_declaration'. Write a tree-sitter S-expression of that grammar, such as (function_definition name: (identifier) @name) (skim_node_at names the nodes of a line), or use one of definitions, imports, calls, calls:NAME, strings.",
    );
    const table = JSON.parse(readFileSync(path.resolve(__dirname, '../../../src/core/structural/languages.json'), 'utf8')) as { extensions: string[] }[];
    const suggested: string[] = [];
    for (const { extensions } of table) {
      const language = languageFor(`x${extensions[0]}`) as LanguageInfo;
      const example = examplePattern(language);
      if (!example) continue;
      suggested.push(language.id);
      const captures = await withParse(language, '', language.id, (parse) => {
        const query = parse.compile(example);
        const names = query.captureNames;
        query.delete();
        return names;
      });
      assert.ok(captures.includes('name'), `${language.id}: ${example}`);
    }
    assert.equal(suggested.length, table.length - 1, 'every language but Elixir, whose outline patterns all span lines');
  });

  it('says it has no grammar for a file type instead of guessing', async () => {
    const s = scratch();
    try {
      s.write('notes.md', '# Notes\n');
      await assert.rejects(queryFile(testContext(), new Project(s.dir).file('notes.md'), 'calls'), /no tree-sitter grammar for notes\.md's file type/);
    } finally {
      s.cleanup();
    }
  });
});

describe('the syntax at a position: skim_node_at', () => {
  it("gives the named nodes holding a line of mocha's runner, outermost first, from its first character", async () => {
    const result = await nodeAt(runner, SELF);
    assert.equal(result.column, SELF_COLUMN);
    assert.deepEqual(result.chain[0], { type: 'program', name: null, start: 1, end: runnerLines.length });
    assert.deepEqual(
      result.chain.find((n) => n.type === 'function_declaration'),
      { type: 'function_declaration', name: 'next', start: NEXT.start, end: NEXT.end },
    );
    assert.deepEqual(result.chain.at(-1), { type: 'identifier', name: 'self', start: SELF, end: SELF });
    assert.match(
      renderNodeAt(result),
      new RegExp(
        `^mocha/lib/runner\\.js:${SELF}:${SELF_COLUMN} \\(javascript\\), the syntax nodes holding it, outermost first:\n1-${runnerLines.length} program\n {2}${span(RUN_TESTS)} expression_statement\n`,
      ),
    );
  });

  it('counts columns in characters, past accented text', async () => {
    const s = scratch();
    try {
      s.write('accents.ts', 'const café = "é"; const total = 1;\n');
      const { chain } = await nodeAt(new Project(s.dir).file('accents.ts'), 1, 25);
      assert.deepEqual(chain.at(-1), { type: 'identifier', name: 'total', start: 1, end: 1 });
    } finally {
      s.cleanup();
    }
  });

  it('says where a line or column lies outside the file', async () => {
    await assert.rejects(
      nodeAtFile(testContext(), runner, 5000),
      new RegExp(`^Error: skim_node_at: mocha/lib/runner\\.js has ${RUNNER_LINES} lines; line 5000 is outside it\\.$`),
    );
    await assert.rejects(nodeAtFile(testContext(), runner, SELF, 500), /column 500 is outside it/);
  });

  it('answers a position nested thousands deep with the outermost 16 and innermost 48 nodes, saying how many are left out', async () => {
    const s = scratch();
    try {
      s.write('nested.js', `x = ${'('.repeat(5000)}1${')'.repeat(5000)};\n`);
      const result = await nodeAt(new Project(s.dir).file('nested.js'), 1, 3000);
      assert.deepEqual([result.chain.length, result.folded], [64, 2999 - 64]);
      assert.deepEqual(
        result.chain.slice(0, 3).map((n) => n.type),
        ['program', 'expression_statement', 'assignment_expression'],
      );
      const text = renderNodeAt(result).split('\n');
      assert.equal(text.length, 1 + 64 + 1);
      assert.equal(text[17], `${'  '.repeat(16)}[2935 nodes nested between these are left out]`);
    } finally {
      s.cleanup();
    }
  });

  it("skim query names each region once, above all of its captures, though the captures came from the outline worker (http.client's 12 imports)", async () => {
    const cache = scratch();
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'query', '--root', '/', '/usr/lib/python3.11/http/client.py', 'imports'], {
      env: { SKIM_CACHE_DIR: cache.dir },
    });
    cache.cleanup();
    const lines = stdout.trimEnd().split('\n');
    assert.deepEqual(
      lines.filter((line) => !line.startsWith('    ')),
      ['imports in usr/lib/python3.11/http/client.py (python): 12 captures.', '  71-80 imports', '  1394 imports', '  1414 imports'],
    );
  });

  it('skim query and skim node-at print the same as JSON', async () => {
    const cwd = path.dirname(RUNNER);
    const cache = scratch();
    const env = { SKIM_CACHE_DIR: cache.dir };
    const query = JSON.parse((await skim(['query', 'runner.js', 'calls:emit', '--max', '1', '--json'], { cwd, env })).stdout);
    assert.deepEqual(Object.keys(query), ['path', 'language', 'query', 'captures', 'total', 'capped', 'timedOut', 'screen']);
    assert.deepEqual(query.captures[0].start, EMIT_AT);
    const at = await skim(['node-at', 'runner.js', `${SELF}:${runnerColumn(SELF, 'emit')}`, '--json'], { cwd, env });
    assert.equal(at.code, 0, at.stderr);
    assert.deepEqual(JSON.parse(at.stdout).chain.at(-1), { type: 'property_identifier', name: 'emit', start: SELF, end: SELF });
    assert.equal((await skim(['node-at', 'runner.js', 'x'], { cwd, env })).code, 2);
    cache.cleanup();
  });
});

describe('tree queries are bounded: no query takes the tree tools down', () => {
  const nested = (depth: number) => `${'('.repeat(depth - 1)}(identifier) @id${')'.repeat(depth - 1)}`;

  it('refuses a query nested 3,000 deep, or longer than 8,000 characters, before tree-sitter sees it, saying the bound', async () => {
    await assert.rejects(
      queryFile(testContext(), runner, nested(3000)),
      new RegExp(
        `^Error: skim_query_tree: the query nests 3000 deep, more than the ${MAX_QUERY_DEPTH} Skim compiles \\(tree-sitter itself breaks on deep nesting\\): write a flatter pattern; real ones nest under 10\\.$`,
      ),
    );
    const long = `(identifier) @id ${'; a comment that makes the query long\n'.repeat(250)}`;
    await assert.rejects(
      queryFile(testContext(), runner, long),
      /^Error: skim_query_tree: the query has 9516 characters, more than the 8000 Skim compiles: write a shorter one/,
    );
    assert.equal(queryRefusal(nested(MAX_QUERY_DEPTH)), undefined);
    assert.match(queryRefusal(nested(MAX_QUERY_DEPTH + 1)) ?? '', /^the query nests 65 deep/);
  });

  it('counts nesting outside strings and comments only: parentheses in a predicate string or a comment are not nesting', async () => {
    const parens = '('.repeat(200);
    const query = `; ${parens}\n((string) @s (#any-of? @s "\\"runSuite(): bailing\\"" "${parens}"))`;
    assert.equal(queryDepth(query), 2);
    const result = await queryTree(runner, query);
    assert.deepEqual(
      result.captures.map((c) => [c.start.line, c.text]),
      [[1008, '"runSuite(): bailing"']],
    );
  });

  it('a query that matches more than one query may hold is refused, and the next query and map in the same process are whole', async function () {
    this.timeout(120_000);
    const before = await structuralMap(RUNNER, runnerLines.join('\n'), runnerLines.length);
    const wildcards = Array.from({ length: 200 }, (_, i) => `(_) @w${i}`).join(' ');
    // Its worker's heap fills (256 MB); on a machine loaded enough, the collector's last efforts outlast the 30 s deadline first.
    await assert.rejects(
      queryFile(testContext(), runner, wildcards),
      /^Error: skim_query_tree: the query (matched more of mocha\/lib\/runner\.js than one query may hold \(256 MB, about half a million captures\)|did not finish on mocha\/lib\/runner\.js within 30 s)/,
    );
    assert.equal((await queryTree(runner, '(function_declaration name: (identifier) @fn)')).total, FUNCTIONS.length);
    assert.deepEqual(await structuralMap(RUNNER, runnerLines.join('\n'), runnerLines.length), before);
  });

  it('a query that runs past its time comes back with what it found by then, said to be partial', async function () {
    this.timeout(60_000);
    const result = await queryTree(runner, '(_ (_)* @a (_)* @b)', 1);
    assert.equal(result.timedOut, true);
    assert.ok(result.total > 0);
    assert.match(renderQuery(result), /\. The query ran out of time on this file: simplify it\.\n/);
  });

  it('a query whose #match? pattern backtracks for minutes is stopped at 30 s, and the next query is answered', async function () {
    this.timeout(120_000);
    const errors = project.file(require.resolve('mocha/lib/errors.js'));
    // On createNoFilesMatchPatternError (30 letters) this pattern backtracks about 2^30 times before it fails.
    const backtracks = '((identifier) @id (#match? @id "^([a-zA-Z]+)+!$"))';
    await assert.rejects(
      queryFile(testContext(), errors, backtracks),
      /^Error: skim_query_tree: the query did not finish on mocha\/lib\/errors\.js within 30 s \(its parse included\), the most one query may take \(a #match\? pattern that backtracks/,
    );
    assert.equal((await queryTree(errors, '((identifier) @id (#eq? @id "createNoFilesMatchPatternError"))')).total, 2);
  });

  it('shows at most 1,000 captures whatever max asks, and counts them all', async () => {
    const result = await queryTree(runner, '(_) @node', 1_000_000);
    const nodes = (await queryTree(runner, '(_) @node', 1)).total;
    assert.ok(nodes > 4_000);
    assert.deepEqual([result.captures.length, result.total, result.capped], [MAX_SHOWN, nodes, true]);
    assert.match(renderQuery(result), new RegExp(`: ${nodes} captures; the first 1000 are shown \\(narrow the query: no answer shows more than 1000\\)\\.`));
  });

  it("after tree-sitter's WebAssembly fails, it is reloaded: the failing call says so, and the next map of a file is whole", async () => {
    const text = runnerLines.join('\n');
    const before = await structuralMap(RUNNER, text, runnerLines.length);
    const javascript = languageFor(RUNNER) as LanguageInfo;
    // The low-level API, below the bounds: a query nested 2,500 deep overflows tree-sitter's stack as it compiles.
    await assert.rejects(
      withParse(javascript, text, 'runner.js', (parse) => parse.compile(nested(2500)).delete()),
      (error: Error) =>
        error instanceof TreeSitterFailure &&
        /^tree-sitter failed on runner\.js \(.+\); Skim reloaded it, so other files and queries still work$/.test(error.message),
    );
    assert.deepEqual(await structuralMap(RUNNER, text, runnerLines.length), before);
    assert.equal((await nodeAt(runner, SELF)).chain.at(-1)?.name, 'self');
  });

  it('a runtime asked for seven grammars at once, as an overview of a mixed tree asks, links each whole', async () => {
    const text = runnerLines.join('\n');
    // A failure makes the next use load a fresh runtime, with no grammar loaded yet.
    await assert.rejects(
      withParse(languageFor(RUNNER) as LanguageInfo, text, 'runner.js', (parse) => parse.compile(nested(2500)).delete()),
      TreeSitterFailure,
    );
    const files: Record<string, string> = {
      'a.ts': 'export function inTs(a: number) { return a }\n',
      'b.js': 'function inJs() {}\n',
      'c.py': 'def in_python():\n  pass\n',
      'd.go': 'package x\nfunc InGo() {}\n',
      'e.rs': 'fn in_rust() {}\n',
      'f.rb': 'def in_ruby; end\n',
      'g.cpp': 'int inCpp() { return 1; }\n',
    };
    const names = await Promise.all(Object.entries(files).map(async ([file, source]) => (await structuralMap(file, source, 3)).regions.map((r) => r.name)));
    assert.deepEqual(names, [['inTs'], ['inJs'], ['in_python'], ['InGo'], ['in_rust'], ['in_ruby'], ['inCpp']]);
  });
});
