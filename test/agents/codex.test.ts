import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedResponses } from '../support/scriptedResponses';
import { codexCli, codexConfig, installHook, skimIn } from './clis';

/** Whether Codex has added Skim's MCP tools to the session (it does so while the session runs). */
const skimToolsThere = (input: unknown[]) => JSON.stringify(input).includes('mcp__skim');

const patch = (file: string, from: string, to: string) =>
  `*** Begin Patch\n*** Update File: ${file}\n@@\n def main():\n-    ${from}\n+    ${to}\n*** End Patch\n`;

describe('the Codex CLI, driven by a scripted Responses API model (offline)', function () {
  this.timeout(300_000);
  let server: ScriptedResponses;
  let s: ReturnType<typeof scratch>;
  beforeEach(async () => {
    server = await new ScriptedResponses().start();
    s = scratch('skim-codex-');
    mkdirSync(path.join(s.dir, '.git'));
    codexConfig(s.dir, server);
  });
  afterEach(async () => {
    await server.stop();
    s.cleanup();
  });

  it("refuses an apply_patch of a file changed on disk since Skim's read_file read it over MCP, and lets one through after a new read", async () => {
    const file = s.write('app.py', 'def main():\n    return 1\n');
    installHook(s.dir, 'codex');
    skimIn(s.dir, ['mcp', 'install', '--host', 'codex', '--scope', 'user']);
    const read = { function: 'skim_read_file', namespace: 'mcp__skim', args: { filePath: 'app.py' }, ready: skimToolsThere };
    server.script = [
      read,
      { custom: 'apply_patch', input: patch('app.py', 'return 1', 'return 2'), before: () => writeFileSync(file, 'def main():\n    return 10\n') },
      read,
      { custom: 'apply_patch', input: patch('app.py', 'return 10', 'return 20') },
    ];
    await codexCli(s.dir);
    const outputs = server.outputs().filter((output) => !/^Chunk ID/.test(output));
    assert.equal(outputs.length, 4, outputs.join('\n---\n'));
    assert.match(
      outputs[1],
      /^Command blocked by PreToolUse hook: .*app\.py changed since you read it; read it again before editing it \(Skim's edit gate\)\./,
    );
    assert.match(outputs[3], /Success/);
    assert.equal(readFileSync(file, 'utf8'), 'def main():\n    return 20\n');
  });

  it('says at install that Codex runs the hook only once a person reviewed it, and bypasses nothing', () => {
    const said = skimIn(s.dir, ['hook', 'install', '--host', 'codex']);
    assert.equal(
      said,
      `Skim's read hook for codex (workspace) installed in ${path.join(s.dir, '.codex', 'hooks.json')}\nCodex runs it once you trust this project and review the hook in Codex (/hooks).\n`,
    );
    assert.doesNotMatch(readFileSync(path.join(s.dir, '.home', '.codex', 'config.toml'), 'utf8'), /hooks/);
  });
});
