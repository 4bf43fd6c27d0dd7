import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { afterRead, agentProject, claudeCode, copilotCli, installHook } from './clis';

const NOTICE = /\[skim\] This read was shortened: lines 1-200 of big\.py are shown, of 900 in all \(the read asked for 1-900\)\. Next start: line 201\./;
const MAP_LAST_ROW = /^871-900 f29$/m;

/** The file's own lines in a tool result, however the host numbers them (Claude Code adds an empty last line). */
const lineCount = (result: string) => result.split('\n').filter((l) => /def f\d+\(x\):|x = x \+ \d+/.test(l)).length;

const HOSTS = [
  { name: 'Claude Code', host: 'claude' as const, tool: 'Read', run: claudeCode },
  { name: 'the Copilot CLI', host: 'copilot-cli' as const, tool: 'view', run: copilotCli },
];

for (const { name, host, tool, run } of HOSTS) {
  describe(`${name}'s own ${tool}, driven by a scripted model (offline)`, function () {
    this.timeout(180_000);
    const project = agentProject(tool);

    it("with Skim's hook, a 900-line read arrives as 200 lines, and the notice and the whole map reach the model inline", async () => {
      installHook(project.s.dir, host);
      await run(project.s.dir, project.server);
      const { result, after } = afterRead(project.server);
      assert.equal(lineCount(result), 200);
      assert.match(result, /def f0\(x\):/);
      assert.doesNotMatch(result, /x = x \+ 200$/m);
      assert.match(after, NOTICE);
      assert.match(after, MAP_LAST_ROW);
      assert.doesNotMatch(after, /persisted-output|written to file/i);
    });

    it('without the hook, the host reads as it always did', async () => {
      await run(project.s.dir, project.server);
      const { result, after } = afterRead(project.server);
      if (host === 'claude') assert.equal(lineCount(result), 900);
      else assert.match(result, /x = x \+ 200/);
      assert.doesNotMatch(after, /\[skim\]/);
    });

    it('with the hook, a 150-line read is untouched', async () => {
      installHook(project.s.dir, host);
      project.server.target = path.join(project.s.dir, 'small.py');
      await run(project.s.dir, project.server);
      const { result, after } = afterRead(project.server);
      assert.equal(lineCount(result), 150);
      assert.doesNotMatch(after, /\[skim\]/);
    });
  });
}
