import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedAnthropic } from '../support/scriptedAnthropic';
import { ScriptedResponses } from '../support/scriptedResponses';
import { afterRead, claudeCode, codexCli, codexConfig, installHook } from './clis';

/** Go's net package, some 400 lines of `find ./net` (listed below the project's own folder, which also holds the agents' homes and Skim's cache, which change as they run). */
const GO_NET = '/usr/lib/go-1.19/src/net';

/** What `find ./net` prints in the project, without the last line's end: the model must see its first 200 lines and its count. */
const findLines = (dir: string) => execFileSync('find', ['./net'], { cwd: dir, encoding: 'utf8' }).replace(/\n$/, '').split('\n');
const notice = (total: number) =>
  new RegExp(`\\[skim\\] This listing was shortened: its first 200 lines are shown, of ${total} in all\\. What the rest holds follows, by folder`);

describe('real agent CLIs, driven by a scripted model (offline): a tree dump through the shell', function () {
  this.timeout(300_000);
  let s: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch('skim-listing-');
    mkdirSync(path.join(s.dir, '.git'));
    cpSync(GO_NET, path.join(s.dir, 'net'), { recursive: true });
  });
  afterEach(() => s.cleanup());

  it("Claude Code's Bash: find ./net of Go's net package (some 400 lines) reaches the model as the notice, its first 200 lines, the rest by folder and the overview", async () => {
    const all = findLines(s.dir);
    const server = await new ScriptedAnthropic().start();
    try {
      server.readTool = 'Bash';
      server.command = 'find ./net';
      installHook(s.dir, 'claude');
      await claudeCode(s.dir, server, 'Bash');
      const { result } = afterRead(server);
      assert.match(result, notice(all.length));
      assert.deepEqual(result.split('\n').slice(1, 201), all.slice(0, 200));
      assert.match(result, /^What the rest holds, by folder \([\d,]+ entries in it and below it; \d+ in \S+ itself\):$/m);
      assert.match(result, /^\S+( \(\S+\))?: \d+ of \d+ files? ranked/m);
    } finally {
      await server.stop();
    }
  });

  it("Codex's Bash (exec_command): find ./net reaches the model as the notice, its first 200 lines, the rest by folder and the overview", async () => {
    const server = await new ScriptedResponses().start();
    try {
      codexConfig(s.dir, server);
      installHook(s.dir, 'codex');
      server.script = [{ function: 'exec_command', args: { cmd: 'find ./net' } }];
      await codexCli(s.dir);
      const [output] = server.outputs();
      const all = findLines(s.dir);
      assert.match(output, notice(all.length));
      const expected = all.slice(0, 200).join('\n');
      assert.ok(output.includes(`\n${expected}\n\nWhat the rest holds, by folder (`), output.slice(0, 2000));
      assert.match(output, /^\S+( \(\S+\))?: \d+ of \d+ files? ranked/m);
    } finally {
      await server.stop();
    }
  });
});
