import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { scratch, tsSource } from '../support/files';
import { mcpClient } from '../support/mcp';
import { RUNNER, RUNNER_LINES, runnerBlock, runnerColumn, runnerLine, runnerLinesMatching, span } from '../support/mochaRunner';
import { SKIM_TOOLS } from '../support/tools';
import { skim } from '../support/cli';
import { overviewTool } from '../../src/core/tools/declared/overview';
import { queryTreeTool } from '../../src/core/tools/declared/queryTree';
import { readFileTool } from '../../src/core/tools/declared/readFile';
import { searchTool } from '../../src/core/tools/declared/search';
import { checkedInput } from '../../src/core/tools/input';

const ROOT = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

const NOTICE = (limit: number) =>
  `[skim] This read was shortened: lines 1-${limit} of big.ts are shown, of 900 in all (the read asked for 1-900). Next start: line ${limit + 1}. Reads of more than ${limit} lines are shortened here. The file's map follows: read the range you need next.`;

const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('skim mcp, driven by an MCP client from the SDK over stdio', () => {
  let s: ReturnType<typeof scratch>;
  let client: Client;
  before(async () => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
    client = await mcpClient(s.dir);
  });
  after(async () => {
    await client.close();
    s.cleanup();
  });

  it('lists the tools with the descriptions the VS Code tools have', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), SKIM_TOOLS);
    for (const tool of manifest.contributes.languageModelTools) {
      const over = tool.name === 'skim_lsp' ? ' Over MCP there is no language server: every answer comes from the outlines and search, and says so.' : '';
      assert.equal(tools.find((t) => t.name === tool.name)?.description, tool.modelDescription + over);
    }
    const read = tools.find((t) => t.name === 'skim_read_file');
    assert.deepEqual(read?.inputSchema.required, ['filePath']);
  });

  it("lists the read and the map with the session's line limit, and shortens reads to it, saying the limit (SKIM_LINE_LIMIT=500)", async () => {
    const limited = await mcpClient(s.dir, path.join(s.dir, '.cache500'), { SKIM_LINE_LIMIT: '500' });
    try {
      const { tools } = await limited.listTools();
      const read = tools.find((t) => t.name === 'skim_read_file')?.description ?? '';
      assert.match(read, /A 1,400-line file costs three 500-line reads; here, a read of more than 500 lines returns the first 500 lines from your start line/);
      assert.match(read, /Reads of 500 lines or fewer come back untouched\./);
      assert.doesNotMatch(read, /200/);
      assert.match(tools.find((t) => t.name === 'skim_summarize_file')?.description ?? '', /A 1,400-line file costs three 500-line reads, or this map/);
      const result = text(await limited.callTool({ name: 'skim_read_file', arguments: { filePath: 'big.ts' } }));
      assert.equal(result.split('\n', 1)[0], NOTICE(500));
      assert.equal(result.split('\n').filter((l) => /^\d+\t/.test(l)).length, 500);
    } finally {
      await limited.close();
    }
  });

  it('reads with the guard: 200 lines, the notice and the whole map', async () => {
    const result = text(await client.callTool({ name: 'skim_read_file', arguments: { filePath: 'big.ts', startLine: 1, endLine: 900 } }));
    assert.match(result, /^\[skim\] This read was shortened: lines 1-200 of big\.ts are shown, of 900 in all/);
    assert.equal(result.split('\n').filter((l) => /^\d+\t/.test(l)).length, 200);
    assert.match(result, /^871-899 fn29$/m);
  });

  it('summarizes, lists symbols and finds one', async () => {
    assert.match(
      text(await client.callTool({ name: 'skim_summarize_file', arguments: { filePath: 'big.ts' } })),
      /^Map of big\.ts \(900 lines; tree-sitter outline\):/,
    );
    assert.match(text(await client.callTool({ name: 'skim_list_symbols', arguments: { filePath: 'big.ts' } })), /^31-59 fn1$/m);
    assert.match(
      text(await client.callTool({ name: 'skim_find_symbol', arguments: { filePath: 'big.ts', name: 'fn2' } })),
      /^function fn2: lines 61-89 of big\.ts\n61\texport function fn2/,
    );
  });

  it('searches the project with each hit in its function, and refuses to search outside it', async () => {
    const result = text(await client.callTool({ name: 'skim_search', arguments: { pattern: 'n = n + 18;', literal: true, max: 2 } }));
    assert.equal(
      result,
      [
        '30 matches for "n = n + 18;" in the project; the first 2 are shown. Narrow it with a path, a glob or a stricter pattern.',
        '',
        'big.ts',
        '  1-29 fn0(n: number): number',
        '    20\t  n = n + 18;',
        '  31-59 fn1(n: number): number',
        '    50\t  n = n + 18;',
      ].join('\n'),
    );
    const outside = await client.callTool({ name: 'skim_search', arguments: { pattern: 'root', path: '/etc' } });
    assert.deepEqual([outside.isError, text(outside)], [true, `skim_search: /etc is outside the project (${s.dir}); search inside it.`]);
  });

  it('answers skim_lsp from outlines and search, saying there is no language server', async () => {
    const result = text(await client.callTool({ name: 'skim_lsp', arguments: { filePath: 'big.ts', line: 31, symbol: 'fn1', op: 'definition' } }));
    assert.equal(
      result,
      [
        'definition of fn1 at big.ts:31, from outlines and search, not a language server (skim mcp has no language server): declarations of that name, unresolved: 1 location.',
        '',
        'big.ts',
        '  31-59 fn1(n: number): number',
        '    31\texport function fn1(n: number): number {',
      ].join('\n'),
    );
  });

  it('answers tree queries and the syntax at a line', async () => {
    assert.match(
      text(await client.callTool({ name: 'skim_query_tree', arguments: { filePath: 'big.ts', query: 'definitions', max: 1 } })),
      /^definitions in big\.ts \(typescript\): 30 captures; the first 1 are shown/,
    );
    assert.equal(
      text(await client.callTool({ name: 'skim_node_at', arguments: { filePath: 'big.ts', line: 2 } }))
        .split('\n')
        .at(-1),
      '            2 identifier n',
    );
  });

  it('says so when a read starts past the last line, rather than returning nothing', async () => {
    const result = text(await client.callTool({ name: 'skim_read_file', arguments: { filePath: 'big.ts', startLine: 950, lineCount: 10 } }));
    assert.equal(result, '[skim] big.ts has no line 950: it has 900 lines.');
    // Old Mac line ends (CR alone) are one line to Skim, as to tree-sitter, and a count of one is singular.
    s.write('cr.py', Array.from({ length: 300 }, (_, i) => `line_${i} = ${i}\r`).join(''));
    const one = text(await client.callTool({ name: 'skim_read_file', arguments: { filePath: 'cr.py', startLine: 60 } }));
    assert.equal(one, '[skim] cr.py has no line 60: it has 1 line.');
  });

  it('refuses a token budget over 50,000 by its name, as the command line does, rather than answer within another', async () => {
    for (const name of ['skim_locate', 'skim_overview']) {
      const over = await client.callTool({ name, arguments: { ...(name === 'skim_locate' ? { question: 'fn0' } : {}), tokens: 1e9 } });
      assert.deepEqual(
        [over.isError, text(over)],
        [true, `${name}: tokens must be a whole number from 200 to 50,000, not 1000000000. Call ${name} again with arguments its schema takes.`],
      );
    }
  });

  it('refuses the same out-of-range value in the same words on the command line, over MCP and in the VS Code tool runner', async () => {
    const cases = [
      {
        tool: searchTool,
        input: { pattern: 'fn0', max: 501 },
        argv: ['search', 'fn0', '--max', '501'],
        said: 'max must be a whole number from 1 to 500, not 501',
        flag: 'max',
      },
      {
        tool: overviewTool,
        input: { tokens: 60_000 },
        argv: ['overview', '--tokens', '60000'],
        said: 'tokens must be a whole number from 200 to 50,000, not 60000',
        flag: 'tokens',
      },
      {
        tool: queryTreeTool,
        input: { filePath: 'big.ts', query: 'calls', max: 1_001 },
        argv: ['query', 'big.ts', 'calls', '--max', '1001'],
        said: 'max must be a whole number from 1 to 1,000, not 1001',
        flag: 'max',
      },
      {
        tool: readFileTool,
        input: { filePath: 'big.ts', startLine: 0 },
        argv: ['read', 'big.ts', '--offset', '0'],
        said: 'startLine must be a whole number from 1, not 0',
        flag: 'offset',
      },
    ] as const;
    for (const { tool, input, argv, said, flag } of cases) {
      const message = `${tool.name}: ${said}. Call ${tool.name} again with arguments its schema takes.`;
      assert.deepEqual([tool.name, text(await client.callTool({ name: tool.name, arguments: input }))], [tool.name, message]);
      // What the VS Code runner checks a call with before it picks a folder (src/vscode/tools/table.ts).
      assert.throws(() => checkedInput(tool, input), { message }, tool.name);
      const cli = await skim([...argv], { cwd: s.dir });
      assert.deepEqual([cli.code, cli.stderr.split('\n')[0]], [2, `--${flag}${said.slice(said.indexOf(' '))}`], tool.name);
    }
  });

  it('answers a path outside the project, or a missing file, with an error that says what to do', async () => {
    const outside = await client.callTool({ name: 'skim_read_file', arguments: { filePath: '/etc/hostname' } });
    assert.equal(outside.isError, true);
    assert.match(text(outside), /is outside the project .* give a path inside the project/);
    symlinkSync('loop-b.ts', path.join(s.dir, 'loop-a.ts'));
    symlinkSync('loop-a.ts', path.join(s.dir, 'loop-b.ts'));
    const loop = await client.callTool({ name: 'skim_read_file', arguments: { filePath: 'loop-a.ts' } });
    assert.deepEqual(
      [loop.isError, text(loop)],
      [true, 'loop-a.ts is a link loop: its links lead back to themselves, never to a file. Give the path of a file.'],
    );
    const missing = await client.callTool({ name: 'skim_summarize_file', arguments: { filePath: 'nope.ts' } });
    assert.equal(missing.isError, true);
    assert.match(text(missing), /^nope\.ts does not exist\. Check the path/);
  });
});

describe('skim mcp: no query takes the tree tools down', () => {
  let s: ReturnType<typeof scratch>;
  let client: Client;
  before(async () => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    copyFileSync(RUNNER, path.join(s.dir, 'runner.js'));
    client = await mcpClient(s.dir);
  });
  after(async () => {
    await client.close();
    s.cleanup();
  });

  // The outline's `next` that runs the tests, and a line inside it, found in the file's own text.
  const NEXT = span(runnerBlock('function next(err, errSuite) {'));
  const SELF = runnerLine('self.emit(constants.EVENT_TEST_PENDING, test);');
  const readsShortened = async () => {
    const read = text(await client.callTool({ name: 'skim_read_file', arguments: { filePath: 'runner.js', startLine: 1, endLine: 900 } }));
    assert.ok(
      read.startsWith(`[skim] This read was shortened: lines 1-200 of runner.js are shown, of ${RUNNER_LINES} in all (the read asked for 1-900)`),
      read.slice(0, 300),
    );
    assert.match(read, new RegExp(`^\\t\\t${NEXT} next$`, 'm'));
  };

  it('refuses a query nested 3,000 deep, and the next read of 900 lines is still shortened with its map', async () => {
    const deep = `${'('.repeat(2999)}(identifier) @id${')'.repeat(2999)}`;
    const refused = await client.callTool({ name: 'skim_query_tree', arguments: { filePath: 'runner.js', query: deep } });
    assert.deepEqual(
      [refused.isError, text(refused)],
      [
        true,
        'skim_query_tree: the query nests 3000 deep, more than the 64 Skim compiles (tree-sitter itself breaks on deep nesting): write a flatter pattern; real ones nest under 10.',
      ],
    );
    await readsShortened();
  });

  it('refuses a query that matches more than one query may hold, and every tree tool still answers after it', async function () {
    this.timeout(120_000);
    const wildcards = Array.from({ length: 200 }, (_, i) => `(_) @w${i}`).join(' ');
    const refused = await client.callTool({ name: 'skim_query_tree', arguments: { filePath: 'runner.js', query: wildcards } });
    assert.equal(refused.isError, true);
    // Its worker's heap fills (256 MB); on a machine loaded enough, the collector's last efforts outlast the 30 s deadline first.
    assert.match(
      text(refused),
      /^skim_query_tree: the query (matched more of runner\.js than one query may hold \(256 MB, about half a million captures\)|did not finish on runner\.js within 30 s)/,
    );
    await readsShortened();
    assert.match(
      text(
        await client.callTool({
          name: 'skim_query_tree',
          arguments: { filePath: 'runner.js', query: '(function_declaration name: (identifier) @fn)', max: 1 },
        }),
      ),
      new RegExp(
        `^\\(function_declaration name: \\(identifier\\) @fn\\) in runner\\.js \\(javascript\\): ${runnerLinesMatching(/^\s*function [\w$]+\(/).length} captures; the first 1 are shown`,
      ),
    );
    assert.match(text(await client.callTool({ name: 'skim_list_symbols', arguments: { filePath: 'runner.js' } })), new RegExp(`^\\t\\t${NEXT} next$`, 'm'));
    assert.match(
      text(await client.callTool({ name: 'skim_node_at', arguments: { filePath: 'runner.js', line: SELF, column: runnerColumn(SELF, 'self') } })),
      new RegExp(`\\n {10}${NEXT} function_declaration next\\n[^]*\\n +${SELF} identifier self$`),
    );
  });
});
