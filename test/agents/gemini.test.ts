import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedGemini } from '../support/scriptedGemini';
import { geminiCli, geminiSettings, installHook, pythonSource } from './clis';

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

  it('refuses a replace of a file changed on disk since read_file read it, and lets the edit through once it read it again', async () => {
    const file = s.write('app.py', 'def main():\n    return 1\n');
    installHook(s.dir, 'gemini');
    const replace = (from: string, to: string) => ({ name: 'replace', args: { file_path: file, instruction: 'change it', old_string: from, new_string: to } });
    server.script = [
      { name: 'read_file', args: { file_path: file } },
      { ...replace('return 1', 'return 2'), before: () => writeFileSync(file, 'def main():\n    return 10\n') },
      { name: 'read_file', args: { file_path: file } },
      replace('return 10', 'return 20'),
    ];
    await geminiCli(s.dir, server);
    const results = server.responses();
    assert.equal(results.length, 4, results.join('\n---\n'));
    assert.equal(results[1], `Tool execution blocked: ${file} changed since you read it; read it again before editing it (Skim's edit gate).`);
    assert.equal(readFileSync(file, 'utf8'), 'def main():\n    return 20\n');
  });
});
