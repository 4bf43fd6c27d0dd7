import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ScriptedAnthropic } from '../support/scriptedAnthropic';
import { afterRead, agentProject, claudeCode, copilotCli, installHook, pythonSource } from './clis';

const NOTICE = /^\[skim\] This read was shortened: lines 1-200 of big\.py are shown, of 900 in all \(the read asked for 1-900\)\. Next start: line 201\./;
const MAP_LAST_ROW = /^871-900 f29$/m;

/** The file's own lines in a tool result. */
const fileLines = (result: string) => result.split('\n').filter((l) => /^def f\d+\(x\):$|^ {4}x = x \+ \d+$/.test(l));

const HOSTS = [
  { name: "Claude Code's Bash", host: 'claude' as const, tool: 'Bash', run: (dir: string, server: ScriptedAnthropic) => claudeCode(dir, server, 'Bash') },
  { name: "the Copilot CLI's bash", host: 'copilot-cli' as const, tool: 'bash', run: copilotCli },
];

for (const { name, host, tool, run } of HOSTS) {
  describe(`${name}, driven by a scripted model (offline): reads through the shell`, function () {
    this.timeout(300_000);
    const project = agentProject(tool);

    /** What the model was shown of `command`'s output, with Skim's hook or without. */
    async function shown(command: string): Promise<string> {
      project.server.requests.length = 0;
      project.server.command = command;
      await run(project.s.dir, project.server);
      return afterRead(project.server).result;
    }

    for (const command of ['cat big.py', "sed -n '1,900p' big.py"]) {
      it(`with Skim's hook, ${command} of a 900-line file reaches the model as the notice, 200 lines as the command prints them, and the whole map`, async () => {
        installHook(project.s.dir, host);
        const result = await shown(command);
        assert.match(result, NOTICE);
        assert.deepEqual(fileLines(result), pythonSource(30).split('\n').slice(0, 200));
        assert.match(result, MAP_LAST_ROW);
        assert.doesNotMatch(result, /persisted-output|too large/i);
      });
    }

    it('with the hook, a pipe, a redirection, two files and a missing file reach the model exactly as without Skim', async () => {
      const commands = ['cat big.py | grep def', 'cat big.py > copy.py', 'cat small.py big.py', 'cat missing.py'];
      const without: string[] = [];
      for (const command of commands) without.push(await shown(command));
      assert.match(without[3], /No such file or directory/);
      installHook(project.s.dir, host);
      for (const [i, command] of commands.entries()) assert.equal(await shown(command), without[i], command);
      assert.equal(readFileSync(path.join(project.s.dir, 'copy.py'), 'utf8'), pythonSource(30));
    });
  });
}
