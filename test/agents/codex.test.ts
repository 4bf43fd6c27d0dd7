import * as assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedResponses } from '../support/scriptedResponses';
import { codexCli, codexConfig, installHook, keepPayloads, keptPayloads, skimIn } from './clis';

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

  it("refuses an apply_patch of a file changed on disk since Skim's read_file read it over MCP, again when it is tried again unread, and lets one through after a new read", async () => {
    const file = s.write('app.py', 'def main():\n    return 1\n');
    installHook(s.dir, 'codex');
    const log = path.join(s.dir, 'post.jsonl');
    keepPayloads(s.dir, 'codex', log);
    skimIn(s.dir, ['mcp', 'install', '--host', 'codex', '--scope', 'user']);
    const read = { function: 'skim_read_file', namespace: 'mcp__skim', args: { filePath: 'app.py' }, ready: skimToolsThere };
    const retried = { custom: 'apply_patch', input: patch('app.py', 'return 10', 'return 2') };
    server.script = [
      read,
      { ...retried, before: () => writeFileSync(file, 'def main():\n    return 10\n') },
      // The same edit again, unread: whatever Codex reports after a denied call, it is no edit of the session's.
      retried,
      read,
      { custom: 'apply_patch', input: patch('app.py', 'return 10', 'return 20') },
    ];
    await codexCli(s.dir);
    const outputs = server.outputs().filter((output) => !/^Chunk ID/.test(output));
    assert.equal(outputs.length, 5, outputs.join('\n---\n'));
    for (const refused of outputs.slice(1, 3))
      assert.match(refused, /^Command blocked by PreToolUse hook: .*app\.py changed since you read it; read it again before editing it \(Skim's edit gate\)\./);
    assert.match(outputs[4], /Success/);
    assert.equal(readFileSync(file, 'utf8'), 'def main():\n    return 20\n');
    // Codex 0.171 sends no PostToolUse for the calls its hook denied: only for the two reads and the edit that ran (and the no-op
    // shell calls the scripted model makes while Skim's tools are not there yet).
    assert.deepEqual(
      keptPayloads(log)
        .filter((p) => p.tool_name !== 'Bash')
        .map((p) => `${p.tool_name} ${JSON.stringify(p.tool_input)}`),
      [
        ...Array(2).fill(`mcp__skim__skim_read_file {"filePath":"app.py"}`),
        `apply_patch ${JSON.stringify({ command: patch('app.py', 'return 10', 'return 20') })}`,
      ],
    );
  });

  it('refuses a sed -i of a file changed on disk since its shell read, leaving the file as the outside change left it; after a new read its own sed -i edits follow each other', async () => {
    const file = path.join(s.dir, 'decoder.py');
    copyFileSync('/usr/lib/python3.11/json/decoder.py', file);
    const original = readFileSync(file, 'utf8');
    installHook(s.dir, 'codex');
    const sed = (script: string) => ({ function: 'exec_command', args: { cmd: `sed -i '${script}' decoder.py` } });
    const read = { function: 'exec_command', args: { cmd: "sed -n '1,50p' decoder.py" } };
    server.script = [
      read,
      { ...sed('s/idx/index/g'), before: () => appendFileSync(file, '# changed by someone else\n') },
      read,
      sed('s/idx/index/g'),
      // The first sed -i is the session's own edit (its PostToolUse said so): the next one is no edit of a stale view.
      sed('s/end/stop/g'),
    ];
    await codexCli(s.dir);
    const outputs = server.outputs();
    assert.equal(outputs.length, 5, outputs.join('\n---\n'));
    assert.match(
      outputs[1],
      /^Command blocked by PreToolUse hook: .*decoder\.py changed since you read it; read it again before editing it \(Skim's edit gate\)\./,
    );
    for (const ran of [outputs[3], outputs[4]]) assert.match(ran, /Process exited with code 0/);
    assert.equal(readFileSync(file, 'utf8'), `${original.replace(/idx/g, 'index').replace(/end/g, 'stop')}# changed by someone else\n`);
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
