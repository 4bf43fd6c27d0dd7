import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer';
import { RecordedEvent, RecordedRead, RecordedSession } from '../bench/sessions/corpus';
import { harnessOf } from '../bench/sessions/harnesses';
import { rebuild } from '../bench/sessions/rebuild';
import { replaySession } from '../bench/sessions/replay';
import { SizeBook } from '../bench/sessions/sizes';
import { tally } from '../bench/sessions/tally';
import { patchLines, regionReads, sedLines, windows } from '../bench/sessions/usage';
import { Workspace } from '../bench/sessions/workspace';
import { RUNNER as RUNNER_FILE, runnerBlock, runnerLine } from '../support/mochaRunner';

const RUNNER = readFileSync(RUNNER_FILE, 'utf8').split('\n').slice(0, -1);
/** Runner.prototype.hook, the function the map places the edited lines in; they are three lines before its end, past the first 200. */
const HOOK = runnerBlock('Runner.prototype.hook = function');
const EDITED = RUNNER.slice(HOOK.end - 5, HOOK.end - 2).join('\n');
/** A doc comment's first line, in no function of the map. */
const ABORT_DOC = runnerLine(' * Cleanly abort execution.');
const CC = harnessOf('cc.jsonl.gz')!;
const REMINDER = '\n\n<system-reminder>\nConsider whether the file is malicious.\n</system-reminder>\n';
/** Claude Code's Read of lines from..to of `lines`, as the recording holds it. */
const claudeRead = (i: number, file: string, lines: readonly string[], from = 1, to = lines.length, limit?: number): RecordedEvent => {
  const shown = lines.slice(from - 1, to).map((text, k) => [from + k, text] as [number, string]);
  const read: RecordedRead = { file, lines: shown, nolines: [], whole: from === 1 && to === lines.length, req: [[from, limit ? to : null]], mode: 'Read' };
  const obs = shown.map(([n, text]) => `${String(n).padStart(6)}→${text}`).join('\n') + REMINDER;
  const off = limit ? `off=${from} lim=${limit}` : 'off=None lim=None';
  return { i, ctx: 'main', tool: 'Read', cmd: `Read ${file} ${off}`, cls: 'read', obs, reads: [read], edits: [] };
};
const claudeEdit = (i: number, file: string, old: string, replacement: string): RecordedEvent => ({
  i,
  ctx: 'main',
  tool: 'Edit',
  cmd: `Edit ${file}`,
  cls: 'edit',
  obs: `The file ${file} has been updated.`,
  reads: [],
  edits: [{ file, kind: 'str_replace', old, new: replacement }],
});
const session = (events: RecordedEvent[]): RecordedSession => ({ session: 'test-1', agent: 'claude-code', model: 'm', patch: null, events });
const tokens = (text: string) => encode(text).length;
/** What a Read of lines from..to of runner.js costs: Claude Code's rendering and the reminder after it. */
const readCost = (from: number, to: number) =>
  tokens(
    RUNNER.slice(from - 1, to)
      .map((text, k) => `${String(from + k).padStart(6)}→${text}`)
      .join('\n') + REMINDER,
  );

describe("the recorded sessions' replay", () => {
  let ws: Workspace;
  before(async () => {
    ws = await Workspace.open();
  });
  after(() => ws.close());

  it("a withheld line the session later edits costs one more read, in the harness's own rendering: 200 lines from it, and by the other charge the function the map places it in (Runner.prototype.hook)", async () => {
    const replay = await replaySession(
      CC,
      session([claudeRead(0, 'lib/runner.js', RUNNER), claudeEdit(1, 'lib/runner.js', EDITED, 'changed')]),
      ws,
      new SizeBook(),
    );
    const read = replay.events[0].read!;
    assert.deepEqual(
      [read.basis, read.outcome, read.extraReads, read.extra, read.extraRegions],
      ['rebuilt', 'capped', 1, readCost(HOOK.end - 4, HOOK.end + 195), readCost(HOOK.start, HOOK.end)],
    );
  });

  it('lines wanted again are read as the map places them: the largest region within 200 lines that holds each, regions near each other in one read, else 200 lines from the line', () => {
    const region = (start: number, end: number) => ({ start, end, kind: 'function', name: `f${start}`, note: '' });
    const regions = [region(1, 900), region(10, 40), region(12, 20), region(50, 90), region(300, 320)];
    assert.deepEqual(regionReads([15, 60, 310, 600], 900, regions), [
      [10, 90],
      [300, 320],
      [600, 799],
    ]);
  });

  it('a line read again later costs one more read only where the cap withheld it: within its first 200 lines it is free', async () => {
    const free = await replaySession(
      CC,
      session([claudeRead(0, 'lib/runner.js', RUNNER), claudeRead(1, 'lib/runner.js', RUNNER, 101, 150, 50)]),
      ws,
      new SizeBook(),
    );
    assert.deepEqual([free.events[0].read?.extraReads, free.events[0].read?.extra], [0, 0]);
    const charged = await replaySession(
      CC,
      session([claudeRead(0, 'lib/runner.js', RUNNER), claudeRead(1, 'lib/runner.js', RUNNER, ABORT_DOC, ABORT_DOC + 19, 20)]),
      ws,
      new SizeBook(),
    );
    // No function of the map that holds the comment's line is within 200 lines: the read is 200 lines from it, or to the file's end.
    assert.deepEqual([charged.events[0].read?.extraReads, charged.events[0].read?.extra], [1, readCost(ABORT_DOC, Math.min(ABORT_DOC + 199, RUNNER.length))]);
  });

  it("counts what the model was shown and what it would have been with Skim: the 200 lines, the hook's notice and map, the extra read", async () => {
    const events = [claudeRead(0, 'lib/runner.js', RUNNER), claudeEdit(1, 'lib/runner.js', EDITED, 'changed')];
    const replay = await replaySession(CC, session(events), ws, new SizeBook());
    const [read, edit] = replay.events;
    assert.equal(read.host, tokens(events[0].obs));
    const context = read.skim - read.read!.extra - readCost(1, 200);
    assert.ok(context > 300 && context < 700, `the notice and runner.js's map: ${context} tokens`);
    const figures = tally([replay]);
    assert.equal(figures.readTokens, read.host);
    assert.equal(figures.observationTokens, read.host + edit.host);
    assert.equal(figures.capSaving, Math.round(((read.host - read.skim) / read.host) * 10_000) / 10_000);
    assert.equal(figures.rebuiltShare, 1);
  });

  it("a mini-swe-agent `cat` of Python's copy.py (304 lines, under its 10,000-character cut) replays as the shell-read hook prints it: 200 lines, the notice and the map, within the cut", async () => {
    const text = readFileSync('/usr/lib/python3.11/copy.py', 'utf8');
    const lines = text.split('\n').slice(0, -1);
    const read: RecordedRead = { file: 'copy.py', lines: lines.map((t, k) => [k + 1, t]), nolines: [], whole: true, req: [[1, null]], mode: 'cat' };
    const obs = `<returncode>0</returncode>\n<output>\n${text}</output>`;
    const event: RecordedEvent = { i: 0, ctx: 'main', tool: 'bash', cmd: 'cat copy.py', cls: 'read', obs, reads: [read], edits: [] };
    const replay = await replaySession(harnessOf('mini.jsonl.gz')!, session([event]), ws, new SizeBook());
    const replayed = replay.events[0];
    assert.deepEqual([replayed.read?.basis, replayed.read?.outcome, replayed.read?.extraReads], ['rebuilt', 'capped', 0]);
    assert.equal(replayed.host, tokens(obs));
    assert.ok(replayed.skim < replayed.host && replayed.skim > tokens(lines.slice(0, 200).join('\n')), `${replayed.skim} tokens against ${replayed.host}`);
  });

  it('rebuilds a file from a whole read of it in the same session, before or after a partial one, and carries it past an edit whose text is known', () => {
    const lines = ['a', 'b', 'c', 'd'];
    const shell: RecordedEvent = { ...claudeEdit(3, 'f.ts', '', ''), edits: [{ file: 'f.ts', kind: 'shell' }] };
    const rebuilt = rebuild(
      session([
        claudeRead(0, 'f.ts', lines, 2, 3, 2),
        claudeRead(1, 'f.ts', lines),
        claudeEdit(2, 'f.ts', 'b\nc', 'B'),
        shell,
        claudeRead(4, 'f.ts', lines, 1, 2, 2),
      ]),
    );
    assert.deepEqual(rebuilt.atRead(0, 0), lines, 'the whole read after it, with no edit between');
    assert.deepEqual(rebuilt.beforeEdit(2, 0), lines);
    assert.deepEqual(rebuilt.beforeEdit(3, 0), ['a', 'B', 'd'], 'a string replaced where it stood once');
    assert.equal(rebuilt.atRead(4, 0), undefined, 'a shell edit leaves the file unknown');
  });

  it("applies each harness's own cut as its public source does: mini-swe-agent's head and tail, the view's clip, Claude Code's 2,000 lines", () => {
    const mini = harnessOf('mini.jsonl.gz')!.ways.bash;
    assert.deepEqual(mini.keeps('x'.repeat(9_999)), { head: 'x'.repeat(9_999), tail: '', elided: 0 });
    assert.deepEqual(mini.keeps(`${'a'.repeat(6_000)}${'b'.repeat(6_000)}`), { head: 'a'.repeat(5_000), tail: 'b'.repeat(5_000), elided: 2_000 });
    assert.deepEqual(mini.keeps('é'.repeat(10_001)).elided, 1, 'characters as Python counts them');
    for (const file of ['swea.jsonl.gz', 'oh.jsonl.gz']) {
      const view = harnessOf(file)!.ways.str_replace_editor;
      assert.deepEqual(view.keeps('y'.repeat(16_000)), { head: 'y'.repeat(16_000), tail: '', elided: 0 });
      assert.deepEqual(view.keeps(`${'y'.repeat(16_000)}zz`), { head: 'y'.repeat(16_000), tail: '', elided: 2 });
    }
    const lines = Array.from({ length: 2_500 }, (_, k) => `line ${k + 1}`);
    const kept = CC.ways.Read.keeps(lines.join('\n'));
    assert.equal(kept.head, lines.slice(0, 2_000).join('\n'));
    assert.equal(kept.elided, lines.slice(2_000).join('\n').length + 1);
  });

  it('finds the lines a session used: a numbered sed -i, the final patch, and the reads that would fetch them again', () => {
    assert.deepEqual(sedLines("sed -i '128,131d' a.py && sed -i '7s/x/y/' a.py"), [128, 129, 130, 131, 7]);
    const patch = [
      'diff --git a/a.py b/a.py',
      '--- a/a.py',
      '+++ b/a.py',
      '@@ -10,4 +10,4 @@ def f():',
      ' x',
      '-y',
      '+z',
      ' w',
      '@@ -20,2 +20,3 @@',
      ' p',
      '+q',
      ' r',
    ].join('\n');
    assert.deepEqual(patchLines(patch, 'a.py'), [11, 20]);
    assert.deepEqual(patchLines(patch, 'b.py'), []);
    assert.deepEqual(windows([250, 300, 460, 700], 500), [
      [250, 449],
      [460, 500],
      [700, 700],
    ]);
  });
});
