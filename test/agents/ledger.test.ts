import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { scratch } from '../support/files';
import { ScriptedAnthropic, ScriptStep } from '../support/scriptedAnthropic';
import { ResponsesCall, ScriptedResponses } from '../support/scriptedResponses';
import { AgentRun, afterRead, claudeCode, codexCli, codexConfig, copilotCli, installHook, keepPayloads, keptPayloads, toolResults } from './clis';

/** Python's textwrap.py: lines 1-150 hold the module's head and TextWrapper.__init__ (112-137). */
const SOURCE = '/usr/lib/python3.11/textwrap.py';
const CHANGED_LINE = 119;

/** How many of a result's lines are lines of the file with some text to them (not blank, not a lone bracket), however the host numbers them. */
const fileLines = (text: string, file: string) => {
  const lines = new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim().length > 12),
  );
  return text.split('\n').filter((line) => lines.has(line.replace(/^\d+\t/, ''))).length;
};

/** The same count for lines 1-150 of the file as it is now: a read of them shown whole. */
const whole150 = (file: string) => fileLines(readFileSync(file, 'utf8').split('\n').slice(0, 150).join('\n'), file);

/** The tool results of the subagent whose task opens with `marker`, in its last turn. */
function subagentResults(server: ScriptedAnthropic, marker: string): string[] {
  const turns = server.requests.filter((r) => JSON.stringify((r.body.messages as { content: unknown }[] | undefined)?.[0]?.content ?? '').includes(marker));
  const last = turns.at(-1)?.body.messages as { content: unknown }[];
  return last
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string; content?: unknown }[]) : []))
    .filter((b) => b.type === 'tool_result')
    .map((b) => (typeof b.content === 'string' ? b.content : JSON.stringify(b.content)));
}

interface Host {
  name: string;
  host: 'claude' | 'copilot-cli';
  read(file: string): ScriptStep;
  subagent(task: string): ScriptStep;
  /** Runs the CLI; a session's later runs give the first run's session back. */
  run(dir: string, server: ScriptedAnthropic, options?: AgentRun): Promise<string>;
}

const HOSTS: Host[] = [
  {
    name: 'Claude Code',
    host: 'claude',
    read: (file) => ({ tool: 'Read', input: { file_path: file, offset: 1, limit: 150 } }),
    subagent: (task) => ({ tool: 'Agent', input: { description: 'read the file', prompt: task, subagent_type: 'general-purpose' } }),
    run: (dir, server, options) => claudeCode(dir, server, 'Read Agent', options),
  },
  {
    name: 'the Copilot CLI',
    host: 'copilot-cli',
    read: (file) => ({ tool: 'view', input: { path: file, view_range: [1, 150] } }),
    subagent: (task) => ({ tool: 'task', input: { description: 'read the file', prompt: task, agent_type: 'general-purpose', name: 'reader' } }),
    run: async (dir, server, options) => {
      const session = options?.session ?? randomUUID();
      await copilotCli(dir, server, { ...options, session });
      return session;
    },
  },
];

for (const { name, host, read, subagent, run } of HOSTS) {
  describe(`the session ledger in ${name}, driven by a scripted model (offline)`, function () {
    this.timeout(300_000);
    let server: ScriptedAnthropic;
    let s: ReturnType<typeof scratch>;
    let file: string;
    beforeEach(async () => {
      server = await new ScriptedAnthropic().start();
      server.readTool = read('').tool;
      s = scratch('skim-ledger-');
      mkdirSync(path.join(s.dir, '.git'));
      file = path.join(s.dir, 'textwrap.py');
      copyFileSync(SOURCE, file);
      installHook(s.dir, host);
    });
    afterEach(async () => {
      await server.stop();
      s.cleanup();
    });

    it('a re-read of unchanged lines is a short note, a re-read of a changed file shows the changed line in its function, and after a compaction the lines come whole again', async () => {
      const change = () => {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines[CHANGED_LINE - 1] = lines[CHANGED_LINE - 1].replace('break_long_words=True', 'break_long_words=False');
        writeFileSync(file, lines.join('\n'));
      };
      server.script = [read(file), read(file), { ...read(file), before: change }];
      const session = await run(s.dir, server);
      const results = toolResults(server);
      assert.equal(results.length, 3, results.join('\n---\n'));
      assert.equal(fileLines(results[0], SOURCE), whole150(SOURCE));
      assert.match(results[1], /\[skim\] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result\./);
      assert.ok(results[1].length < 600, `${results[1].length} characters`);
      assert.equal(fileLines(results[1], file), 0);
      const { result, after } = afterRead(server);
      assert.match(result, /break_long_words=False,/);
      assert.doesNotMatch(result, /fix_sentence_endings=False,/);
      assert.match(
        result + after,
        /\[skim\] This file changed since you read it\. Lines 1-118 and 120-150 are unchanged since you read them 2 reads ago; they are above, in that result\. Line 119 \(in 112-137 [^)]*__init__[^)]*\): new or changed;/,
      );

      await run(s.dir, server, { session, prompt: '/compact' });
      server.script = [read(file)];
      await run(s.dir, server, { session });
      const again = toolResults(server).at(-1) ?? '';
      assert.doesNotMatch(again, /\[skim\]/);
      assert.equal(fileLines(again, file), whole150(file));
    });

    it("a subagent's first read of a file its parent read comes whole, and its own re-read is a note", async () => {
      const task = 'SUBTASK-LEDGER: read textwrap.py';
      server.script = [read(file), subagent(task)];
      server.subagent(task, [read(file), read(file)]);
      await run(s.dir, server);
      const [first, second] = subagentResults(server, task);
      assert.doesNotMatch(first, /\[skim\]/);
      assert.equal(fileLines(first, file), whole150(file));
      assert.match(second, /\[skim\] Lines 1-150 are unchanged since you read them 1 read ago/);
    });
  });
}

describe('the session ledger in the Codex CLI, whose shell reads Skim prints itself, driven by a scripted model (offline)', function () {
  this.timeout(300_000);
  let server: ScriptedResponses;
  let s: ReturnType<typeof scratch>;
  let file: string;
  const read: ResponsesCall = { function: 'exec_command', args: { cmd: "sed -n '1,150p' textwrap.py" } };
  beforeEach(async () => {
    server = await new ScriptedResponses().start();
    s = scratch('skim-ledger-codex-');
    mkdirSync(path.join(s.dir, '.git'));
    file = path.join(s.dir, 'textwrap.py');
    copyFileSync(SOURCE, file);
    codexConfig(s.dir, server);
    installHook(s.dir, 'codex');
  });
  afterEach(async () => {
    await server.stop();
    s.cleanup();
  });

  it('a re-read of unchanged lines is a note under 600 characters, and a re-read of the changed file shows its new line in its function', async () => {
    const change = () => writeFileSync(file, readFileSync(file, 'utf8').replace('break_long_words=True', 'break_long_words=False'));
    server.script = [read, read, { ...read, before: change }];
    await codexCli(s.dir);
    const outputs = server.outputs();
    assert.equal(outputs.length, 3, outputs.join('\n---\n'));
    assert.equal(fileLines(outputs[0], SOURCE), whole150(SOURCE));
    const note = outputs[1].slice(outputs[1].indexOf('[skim]'));
    assert.match(note, /^\[skim\] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result\./);
    assert.ok(note.length < 600, `${note.length} characters`);
    assert.equal(fileLines(outputs[1], file), 0);
    assert.match(
      outputs[2],
      /\[skim\] This file changed since you read it\. Lines 1-118 and 120-150 are unchanged since you read them 2 reads ago; they are above, in that result\. Line 119 \(in 112-137 [^)]*__init__[^)]*\): new or changed;/,
    );
    assert.match(outputs[2], /\[skim\] Lines 119-119:\n {17}break_long_words=False,\n$/);
    assert.doesNotMatch(outputs[2], /fix_sentence_endings=False,/);
  });

  it('after Codex compacts the session mid-turn (PreCompact, PostCompact), a read of the lines it had shown comes whole again, and the next re-read is a note again', async () => {
    const log = path.join(s.dir, 'context.jsonl');
    keepPayloads(s.dir, 'codex', log, ['SessionStart', 'PreCompact', 'PostCompact']);
    server.script = [read, { ...read, fills: true }, read, read];
    await codexCli(s.dir);
    assert.deepEqual(
      keptPayloads(log).map((p) => `${p.hook_event_name} ${p.trigger ?? p.source}`),
      ['SessionStart startup', 'PreCompact auto', 'PostCompact auto', 'SessionStart compact'],
    );
    const compactions = server.compactions();
    assert.equal(compactions.length, 1);
    const [first, note] = server.outputs(compactions[0]);
    assert.equal(fileLines(first, file), whole150(file));
    assert.match(note, /\[skim\] Lines 1-150 are unchanged since you read them 1 read ago/);
    // What the model holds after the compaction: its summary, and only the reads made since.
    const outputs = server.outputs();
    assert.equal(outputs.length, 2, outputs.join('\n---\n'));
    assert.doesNotMatch(outputs[0], /\[skim\]/);
    assert.equal(fileLines(outputs[0], file), whole150(file));
    assert.match(outputs[1], /\[skim\] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result\./);
  });

  it('a read after the session is resumed (SessionStart, source resume) comes whole, the ledger having forgotten what the context held, and the next is a note again', async () => {
    server.script = [read, read];
    await codexCli(s.dir);
    assert.match(server.outputs()[1], /\[skim\] Lines 1-150 are unchanged/);
    server.script = [read, read, read, read];
    await codexCli(s.dir, true);
    const [again, next] = server.outputs().slice(-2);
    assert.doesNotMatch(again, /\[skim\]/);
    assert.equal(fileLines(again, file), whole150(file));
    assert.match(next, /\[skim\] Lines 1-150 are unchanged since you read them 1 read ago/);
  });
});
