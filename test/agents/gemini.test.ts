import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedGemini } from '../support/scriptedGemini';
import { geminiCli, geminiSettings, installHook, keepPayloads, keptPayloads, pythonSource } from './clis';

const NOTICE = /\[skim\] This read was shortened: lines 1-200 of big\.py are shown, of 900 in all \(the read asked for 1-900\)\. Next start: line 201\./;

describe("the Gemini CLI's own tools, driven by a scripted model (offline)", function () {
  this.timeout(300_000);
  let server: ScriptedGemini;
  let s: ReturnType<typeof scratch>;
  beforeEach(async () => {
    server = await new ScriptedGemini().start();
    s = scratch('skim-gemini-');
    mkdirSync(path.join(s.dir, '.git'));
    geminiSettings(s.dir);
  });
  afterEach(async () => {
    await server.stop();
    s.cleanup();
  });

  it("with Skim's hook, read_file of a 900-line file reaches the model as 200 lines, with the notice and the whole map inside the result", async () => {
    const big = s.write('big.py', pythonSource(30));
    installHook(s.dir, 'gemini');
    server.script = [{ name: 'read_file', args: { file_path: big, start_line: 1, end_line: 900 } }];
    await geminiCli(s.dir, server);
    const [result] = server.responses();
    const lines = result.split('\n').filter((line) => /^def f\d+\(x\):$|^ {4}x = x \+ \d+$/.test(line));
    assert.equal(lines.length, 200);
    assert.equal(lines[199], '    x = x + 199');
    assert.match(result, /<hook_context>\[skim\]/);
    assert.match(result, NOTICE);
    assert.match(result, /^871-900 f29<\/hook_context>$/m);
  });

  for (const { tool, edit } of [
    {
      tool: 'replace',
      edit: (file: string, from: string, to: string) => ({
        name: 'replace',
        args: { file_path: file, instruction: 'change it', old_string: from, new_string: to },
      }),
    },
    {
      tool: 'write_file',
      edit: (file: string, _from: string, to: string) => ({ name: 'write_file', args: { file_path: file, content: `def main():\n    ${to}\n` } }),
    },
  ])
    it(`refuses a ${tool} of a file changed on disk since read_file read it, again when it is tried again unread, and lets the edit through once it read it again`, async () => {
      const file = s.write('app.py', 'def main():\n    return 1\n');
      installHook(s.dir, 'gemini');
      const log = path.join(s.dir, 'post.jsonl');
      keepPayloads(s.dir, 'gemini', log);
      server.script = [
        { name: 'read_file', args: { file_path: file } },
        { ...edit(file, 'return 10', 'return 2'), before: () => writeFileSync(file, 'def main():\n    return 10\n') },
        // The same edit again, unread: whatever Gemini reports after a denied call, it is no edit of the session's.
        edit(file, 'return 10', 'return 2'),
        { name: 'read_file', args: { file_path: file } },
        edit(file, 'return 10', 'return 20'),
      ];
      await geminiCli(s.dir, server);
      const results = server.responses();
      assert.equal(results.length, 5, results.join('\n---\n'));
      for (const refused of results.slice(1, 3))
        assert.equal(refused, `Tool execution blocked: ${file} changed since you read it; read it again before editing it (Skim's edit gate).`);
      assert.equal(readFileSync(file, 'utf8'), 'def main():\n    return 20\n');
      // Gemini 0.61 sends no AfterTool for the calls its hook denied: only for the two reads and the edit that ran.
      assert.deepEqual(
        keptPayloads(log).map((p) => `${p.tool_name} ${JSON.stringify(p.tool_input)}`),
        [...Array(2).fill(`read_file ${JSON.stringify({ file_path: file })}`), `${tool} ${JSON.stringify(edit(file, 'return 10', 'return 20').args)}`],
      );
    });
});
