import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { toolServer } from '../../src/cli/commands/mcp';
import { printTool } from '../../src/cli/commands/output';
import { openSession, Session } from '../../src/cli/session';
import { mcpHost } from '../../src/cli/toolHost';
import { optionsFromEnv } from '../../src/core/config/read';
import { ToolDeclaration } from '../../src/core/tools/declaration';
import { FileInput, fileSchema, onFile } from '../../src/core/tools/declared/fileInput';
import { TOOLS } from '../../src/core/tools/registry';
import { skim } from '../support/cli';
import { scratch } from '../support/files';
import { mcpClient } from '../support/mcp';

const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((c) => c.text).join('');

describe('the CLI and skim mcp run the declared tools on one session host', () => {
  let s: ReturnType<typeof scratch>;
  before(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    copyFileSync('/usr/lib/python3.11/ipaddress.py', path.join(s.dir, 'ipaddress.py'));
  });
  after(() => s.cleanup());

  it('`skim read` and skim_read_file of ipaddress.py give the same lines, next start and folded map; only the whole-map step is named by the host', async () => {
    const cli = await skim(['read', 'ipaddress.py', '--offset', '300', '--limit', '201'], { cwd: s.dir });
    const json = JSON.parse((await skim(['read', 'ipaddress.py', '--offset', '300', '--limit', '201', '--json'], { cwd: s.dir })).stdout);
    const client = await mcpClient(s.dir);
    try {
      const mcp = text(await client.callTool({ name: 'skim_read_file', arguments: { filePath: 'ipaddress.py', startLine: 300, lineCount: 201 } }));
      assert.deepEqual([json.start, json.end, json.total, json.capped], [300, 499, 2360, true]);
      assert.match(
        mcp,
        /^\[skim\] This read was shortened: lines 300-499 of ipaddress\.py are shown, of 2360 in all \(the read asked for 300-500\)\. Next start: line 500\./,
      );
      assert.match(cli.stdout, /; run skim map ipaddress\.py for the whole map:/);
      assert.match(mcp, /; call skim_summarize_file for the whole map:/);
      assert.equal(cli.stdout.replace('run skim map ipaddress.py', 'call skim_summarize_file'), mcp);
      const lines = readFileSync(path.join(s.dir, 'ipaddress.py'), 'utf8').split('\n').slice(299, 499);
      assert.equal(json.text, lines.join('\n'));
      assert.ok(mcp.includes(`\n\n${lines.map((line, i) => `${300 + i}\t${line}`).join('\n')}\n\n`));
    } finally {
      await client.close();
    }
  });

  describe('a tool declared in a test registry', () => {
    let session: Session;
    const warnings: string[] = [];
    const lineCount: ToolDeclaration<FileInput> = {
      name: 'skim_test_line_count',
      displayName: 'Skim: Line Count',
      toolReferenceName: 'skimLineCount',
      icon: '$(book)',
      userDescription: 'How many lines a file has.',
      modelDescription: 'How many lines a file has, and how to get its map.',
      inputSchema: fileSchema(),
      showsLines: false,
      over: 'file',
      messages: (input) => ({ invocation: `Counting ${input.filePath}`, past: `Counted ${input.filePath}` }),
      run: onFile(async (host, file) => {
        const { entry } = await host.maps(file).ensure(file);
        const findings = { redactions: [], flags: [], wrapped: [] };
        return { parts: [{ role: 'text', text: `${file.key}: ${entry.lines} lines; ${host.nextSteps.wholeMap(file)}` }], json: entry.lines, findings };
      }),
    };
    before(async () => {
      const env = { SKIM_CACHE_DIR: path.join(s.dir, '.cache') };
      session = await openSession({ root: s.dir }, optionsFromEnv(env).options, env, s.dir, (m) => warnings.push(m));
    });
    after(() => session.close());

    it('is listed and called over MCP with no other edit', async () => {
      const client = new Client({ name: 'skim-test', version: '1.0.0' });
      const [ours, theirs] = InMemoryTransport.createLinkedPair();
      const server = toolServer(mcpHost(session), [...TOOLS, lineCount]);
      await server.connect(ours);
      await client.connect(theirs);
      try {
        const { tools } = await client.listTools();
        const { name, description, inputSchema } = tools.at(-1) ?? {};
        assert.deepEqual(
          { name, description, inputSchema },
          {
            name: 'skim_test_line_count',
            description: 'How many lines a file has, and how to get its map.',
            inputSchema: {
              type: 'object',
              properties: { filePath: { type: 'string', description: 'The file: an absolute path, or a path relative to the workspace folder.' } },
              required: ['filePath'],
              additionalProperties: false,
              $schema: 'http://json-schema.org/draft-07/schema#',
            },
          },
        );
        const answer = await client.callTool({ name: 'skim_test_line_count', arguments: { filePath: 'ipaddress.py' } });
        assert.equal(text(answer), 'ipaddress.py: 2360 lines; call skim_summarize_file');
        const refused = await client.callTool({ name: 'skim_test_line_count', arguments: { path: 'ipaddress.py' } });
        assert.equal(refused.isError, true);
      } finally {
        await client.close();
        await server.close();
      }
    });

    it('runs as a command through printTool, the next step named as a command', async () => {
      const out: string[] = [];
      const io = { out: (t: string) => out.push(t), warn: (t: string) => warnings.push(t), stdin: async () => '' };
      await printTool(lineCount, { filePath: 'ipaddress.py' }, { positionals: [], flags: new Map() }, session, io);
      assert.deepEqual(out, ['ipaddress.py: 2360 lines; run skim map ipaddress.py']);
    });
  });
});
