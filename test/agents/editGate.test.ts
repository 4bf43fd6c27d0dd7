import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedAnthropic } from '../support/scriptedAnthropic';
import { claudeCode, copilotCli, installHook, toolResults } from './clis';

const HOSTS = [
  {
    name: 'Claude Code',
    host: 'claude' as const,
    read: (file: string) => ({ tool: 'Read', input: { file_path: file } }),
    edit: (file: string, from: string, to: string) => ({ tool: 'Edit', input: { file_path: file, old_string: from, new_string: to } }),
    run: (dir: string, server: ScriptedAnthropic) => claudeCode(dir, server, 'Read Edit'),
  },
  {
    name: 'the Copilot CLI',
    host: 'copilot-cli' as const,
    read: (file: string) => ({ tool: 'view', input: { path: file } }),
    edit: (file: string, from: string, to: string) => ({ tool: 'edit', input: { path: file, old_str: from, new_str: to } }),
    run: copilotCli,
  },
];

for (const { name, host, read, edit, run } of HOSTS) {
  describe(`the edit gate in ${name}, driven by a scripted model (offline)`, function () {
    this.timeout(180_000);
    let server: ScriptedAnthropic;
    let s: ReturnType<typeof scratch>;
    beforeEach(async () => {
      server = await new ScriptedAnthropic().start();
      server.readTool = read('').tool;
      s = scratch('skim-gate-');
      mkdirSync(path.join(s.dir, '.git'));
    });
    afterEach(async () => {
      await server.stop();
      s.cleanup();
    });

    it("refuses an edit of a file changed on disk since the read, again when it is tried again unread, and lets the agent's own edits follow each other once it read again", async () => {
      const file = s.write('app.py', 'def main():\n    return 1\n');
      installHook(s.dir, host);
      server.script = [
        read(file),
        { ...edit(file, 'return 10', 'return 2'), before: () => writeFileSync(file, 'def main():\n    return 10\n') },
        // The same edit again, unread: whatever the host reports after a denied call, it is no edit of the session's.
        edit(file, 'return 10', 'return 2'),
        read(file),
        edit(file, 'return 10', 'return 20'),
        edit(file, 'def main', 'def start'),
      ];
      await run(s.dir, server);
      const results = toolResults(server);
      assert.equal(results.length, 6, results.join('\n---\n'));
      for (const refused of results.slice(1, 3))
        assert.match(refused, /app\.py changed since you read it; read it again before editing it \(Skim's edit gate\)\./);
      assert.doesNotMatch(results[4] + results[5], /Skim's edit gate/);
      assert.equal(readFileSync(file, 'utf8'), 'def start():\n    return 20\n');
    });
  });
}
