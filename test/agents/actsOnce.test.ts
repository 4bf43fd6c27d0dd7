import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedAnthropic } from '../support/scriptedAnthropic';
import { afterRead, AgentHostId, claudeCode, copilotCli, installHook, pythonSource, skimIn } from './clis';

const HOSTS: AgentHostId[] = ['vscode', 'claude', 'copilot-cli', 'codex', 'gemini'];

/** Files a person had before Skim was installed, with what they held. */
const PERSONAL: Record<string, string> = {
  '.claude/settings.local.json': '{\n  "permissions": { "allow": ["Bash(ls)"] }\n}\n',
  '.gemini/settings.json': '{\n  // the team model\n  "model": { "name": "gemini-2.5-pro" }\n}\n',
  '.home/.claude/settings.json': '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"audit.sh"}]}]}}',
  '.git/info/exclude': '# git ls-files --others --exclude-from=.git/info/exclude\n*.swp',
};

/** How many times the session's stamp log says `file` was read. */
function stamps(project: string, file: string): number {
  const dir = path.join(project, '.state', 'skim', 'stamps');
  return readdirSync(dir)
    .flatMap((name) => readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.includes(JSON.stringify(file))).length;
}

const RUNS = [
  { name: 'Claude Code', tool: 'Read', run: claudeCode },
  { name: 'the Copilot CLI', tool: 'view', run: copilotCli },
];

describe('a workspace with Skim installed for every host, at both scopes where a host runs both', function () {
  this.timeout(300_000);
  let server: ScriptedAnthropic;
  let s: ReturnType<typeof scratch>;
  beforeEach(async () => {
    server = await new ScriptedAnthropic().start();
    s = scratch('skim-every-');
    for (const [name, text] of Object.entries(PERSONAL)) {
      mkdirSync(path.dirname(path.join(s.dir, name)), { recursive: true });
      s.write(name, text);
    }
    server.target = s.write('big.py', pythonSource(30));
    for (const host of HOSTS) installHook(s.dir, host);
    installHook(s.dir, 'claude', 'user');
    installHook(s.dir, 'copilot-cli', 'user');
  });
  afterEach(async () => {
    await server.stop();
    s.cleanup();
  });

  for (const { name, tool, run } of RUNS) {
    it(`${name}: each read is guarded once, one notice and one stamp, by the one hook that comes first`, async () => {
      server.readTool = tool;
      await run(s.dir, server);
      const { after } = afterRead(server);
      assert.equal(after.split('[skim] This read was shortened').length - 1, 1, after);
      assert.equal(stamps(s.dir, server.target), 1);
    });
  }

  it('removing every host at both scopes puts every file back byte for byte, and takes away the files Skim made', () => {
    const made = ['.github/hooks/skim-vscode.json', '.github/hooks/skim-copilot-cli.json', '.codex/hooks.json', '.home/.copilot/hooks/skim.json'];
    assert.ok(made.every((file) => existsSync(path.join(s.dir, file))));
    assert.match(skimIn(s.dir, ['hook', 'remove']), /^Skim's read hook for vscode \(workspace\) removed from /);
    assert.equal(skimIn(s.dir, ['hook', 'remove', '--scope', 'user']).trim().split('\n').length, 2);
    for (const [file, text] of Object.entries(PERSONAL)) assert.equal(readFileSync(path.join(s.dir, file), 'utf8'), text, file);
    assert.deepEqual(
      made.filter((file) => existsSync(path.join(s.dir, file))),
      [],
    );
    assert.equal(skimIn(s.dir, ['hook', 'remove']), "Skim's read hook is not installed for any host (workspace); nothing was removed\n");
  });
});
