import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedAnthropic } from '../support/scriptedAnthropic';
import { ScriptedGemini } from '../support/scriptedGemini';
import { ScriptedResponses } from '../support/scriptedResponses';
import { afterRead, AgentHostId, claudeCode, codexCli, codexConfig, copilotCli, geminiCli, geminiSettings, installHook, pythonSource } from './clis';

const NOTICE = /^\[skim\] This read was shortened: lines 1-200 of big\.py are shown, of 900 in all \(the read asked for 1-900\)\. Next start: line 201\./;
const MAP_LAST_ROW = /^871-900 f29$/m;

const functions = (shown: string) => shown.match(/def f\d+\(x\):/g)?.length;

/** Shell commands that are no plain read of one file, and what each does without Skim (so that the comparison is of something). */
const UNTOUCHED: { what: string; command: string; holds(shown: string, dir: string): void }[] = [
  { what: 'a pipe into another program', command: 'cat big.py | grep def', holds: (shown) => assert.equal(functions(shown), 30) },
  { what: 'a pipe into a count', command: 'cat big.py | wc -l', holds: (shown) => assert.match(shown, /\b900\b/) },
  {
    what: 'a redirection',
    command: 'cat big.py > copy.py',
    // The copy is taken away once checked, so that the next run must write it again.
    holds: (_shown, dir) => {
      assert.equal(readFileSync(path.join(dir, 'copy.py'), 'utf8'), pythonSource(30));
      rmSync(path.join(dir, 'copy.py'));
    },
  },
  { what: 'two files', command: 'cat small.py big.py', holds: (shown) => assert.equal(functions(shown), 35) },
  { what: 'a missing file', command: 'cat missing.py', holds: (shown) => assert.match(shown, /missing\.py: No such file or directory/) },
];

/** The project's scripted model, as one host's CLI calls it: what the model was shown of one command's output, in one run of the CLI making that one shell call. */
interface ShellModel {
  shown(command: string): Promise<string>;
  stop(): Promise<void>;
}

interface Host {
  name: string;
  host: AgentHostId;
  start(dir: string): Promise<ShellModel>;
  /** What the host shows before the command's own output in the same result (its frame); none: the output comes first. */
  frame?: string;
  /** The most of a command's output the host shows (Skim's record of it): a guarded read fits within it. */
  cut: { bound: number; unit: 'bytes' | 'characters' };
  /** The result with what the host itself varies from run to run (ids, timings) made constant. */
  steady?(shown: string): string;
}

/** The one tool result of a run that made one call. */
function only(results: string[]): string {
  assert.equal(results.length, 1, results.join('\n---\n'));
  return results[0];
}

/** A host on the Anthropic Messages API whose shell tool is `tool`. */
function anthropicShell(tool: string, run: (dir: string, server: ScriptedAnthropic) => Promise<unknown>): Host['start'] {
  return async (dir) => {
    const server = await new ScriptedAnthropic().start();
    server.readTool = tool;
    return {
      stop: () => server.stop(),
      shown: async (command) => {
        server.requests.length = 0;
        server.command = command;
        await run(dir, server);
        return afterRead(server).result;
      },
    };
  };
}

const HOSTS: Host[] = [
  {
    name: "Claude Code's Bash",
    host: 'claude',
    start: anthropicShell('Bash', (dir, server) => claudeCode(dir, server, 'Bash')),
    cut: { bound: 30_000, unit: 'bytes' },
  },
  { name: "the Copilot CLI's bash", host: 'copilot-cli', start: anthropicShell('bash', copilotCli), cut: { bound: 20_440, unit: 'bytes' } },
  {
    name: "the Codex CLI's exec_command",
    host: 'codex',
    start: async (dir) => {
      const server = await new ScriptedResponses().start();
      codexConfig(dir, server);
      return {
        stop: () => server.stop(),
        shown: async (cmd) => {
          server.requests.length = 0;
          server.script = [{ function: 'exec_command', args: { cmd } }];
          await codexCli(dir);
          return only(server.outputs());
        },
      };
    },
    frame: '\nOutput:\n',
    // Codex cuts past 10,000 tokens, which Skim counts as 40,000 characters (4 a token).
    cut: { bound: 40_000, unit: 'characters' },
    steady: (shown) => shown.replace(/^Chunk ID: \w+$/m, 'Chunk ID: ?').replace(/^Wall time: [\d.]+ seconds$/m, 'Wall time: ?'),
  },
  {
    name: "the Gemini CLI's run_shell_command",
    host: 'gemini',
    start: async (dir) => {
      const server = await new ScriptedGemini().start();
      geminiSettings(dir);
      return {
        stop: () => server.stop(),
        shown: async (command) => {
          server.requests.length = 0;
          server.script = [{ name: 'run_shell_command', args: { command } }];
          await geminiCli(dir, server);
          return only(server.responses());
        },
      };
    },
    frame: '\nOutput: ',
    cut: { bound: 40_000, unit: 'characters' },
    steady: (shown) => shown.replace(/^Process Group PGID: \d+$/m, 'Process Group PGID: ?'),
  },
];

for (const { name, host, start, frame, cut, steady = (shown: string) => shown } of HOSTS) {
  describe(`${name}, driven by a scripted model (offline): reads through the shell`, function () {
    this.timeout(300_000);
    let s: ReturnType<typeof scratch>;
    let model: ShellModel;
    beforeEach(async () => {
      s = scratch('skim-shell-');
      mkdirSync(path.join(s.dir, '.git'));
      s.write('big.py', pythonSource(30));
      s.write('small.py', pythonSource(5));
      model = await start(s.dir);
    });
    afterEach(async () => {
      await model.stop();
      s.cleanup();
    });

    const bound = `${cut.bound.toLocaleString('en-US')} ${cut.unit}`;

    /** The command's own output as the model was shown it, out of the host's frame. */
    const output = (shown: string) => {
      if (!frame) return shown;
      assert.ok(shown.includes(frame), shown);
      return shown.slice(shown.indexOf(frame) + frame.length);
    };

    for (const command of ['cat big.py', "sed -n '1,900p' big.py", "nl -ba big.py | sed -n '1,900p'"]) {
      it(`with Skim's hook, ${command} of a 900-line file reaches the model as the notice, the first 200 lines the command prints, and the whole map`, async () => {
        const printed = execFileSync('sh', ['-c', command], { cwd: s.dir, encoding: 'utf8' }).split('\n');
        installHook(s.dir, host);
        const result = output(await model.shown(command));
        assert.match(result, NOTICE);
        const own = new Set(printed.filter(Boolean));
        assert.deepEqual(
          result.split('\n').filter((line) => own.has(line)),
          printed.slice(0, 200),
        );
        assert.match(result, MAP_LAST_ROW);
        assert.doesNotMatch(result, /persisted-output|too large/i);
      });
    }

    it(`with Skim's hook, cat of a 900-line file whose 200 lines are more than the host shows (${bound}) reaches the model as fewer lines that fit whole, the notice saying why, and the whole map`, async () => {
      const long = pythonSource(30).replace(/^( {4}x = x \+ \d+)$/gm, `$1  # ${'-'.repeat(240)}`);
      s.write('long.py', long);
      installHook(s.dir, host);
      const result = output(await model.shown('cat long.py'));
      const shown = Number(/^\[skim\] This read was shortened: lines 1-(\d+) of long\.py /.exec(result)?.[1]);
      assert.ok(shown > 0 && shown < 200, result.slice(0, 600));
      assert.match(result, new RegExp(`^.* of 900 in all \\(the read asked for 1-900\\)\\. Next start: line ${shown + 1}\\. `));
      assert.match(result.split('\n')[0], new RegExp(`Only ${shown} lines are shown, not 200: the host shows at most ${bound} of this output\\.$`));
      const own = new Set(long.split('\n').filter(Boolean));
      assert.deepEqual(
        result.split('\n').filter((line) => own.has(line)),
        long.split('\n').slice(0, shown),
      );
      assert.match(result, MAP_LAST_ROW);
      // All of Skim's output reached the model, within the host's cut (ASCII: as many bytes as characters).
      const printed = result.slice(0, result.search(MAP_LAST_ROW) + '871-900 f29\n'.length);
      assert.ok(printed.length <= cut.bound, `${printed.length} ${cut.unit}`);
    });

    for (const { what, command, holds } of UNTOUCHED)
      it(`with the hook, ${command} (${what}) reaches the model exactly as without Skim`, async () => {
        const without = steady(await model.shown(command));
        holds(without, s.dir);
        installHook(s.dir, host);
        assert.equal(steady(await model.shown(command)), without);
        holds(without, s.dir);
      });
  });
}
