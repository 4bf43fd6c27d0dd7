import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { skim } from '../support/cli';
import { FIXTURES, scratch } from '../support/files';

/**
 * The session ledger in `skim hook`, on the payloads Claude Code 2.1.332 and the Copilot CLI 1.0.102
 * sent (test/fixtures/hook-payloads/*-ledger.json), each pointed at a file and transcript of the
 * test's own.
 */
const CLAUDE = JSON.parse(readFileSync(path.join(FIXTURES, 'hook-payloads', 'claude-ledger.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const COPILOT = JSON.parse(readFileSync(path.join(FIXTURES, 'hook-payloads', 'copilot-cli-ledger.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const TRANSCRIPT = readFileSync(path.join(FIXTURES, 'transcripts', 'claude-compacted.jsonl'), 'utf8')
  .trimEnd()
  .split('\n');
/** The Read whose result the fixture transcript holds until its compaction. */
const READ_ID = 'toolu_17962914281130';
/** The payloads come from several sessions: each test's are one session's. */
const SESSION = { session_id: 'ledger-session' };
const SOURCE = '/usr/lib/python3.11/textwrap.py';
/** The built skim, as a guarded shell read runs it: on the bare descriptors. */
const BUILT_CLI = path.resolve(__dirname, '../../../dist/cli.js');

const lines = (file: string, start: number, end: number) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(start - 1, end)
    .join('\n');

describe('the session ledger in skim hook', () => {
  let s: ReturnType<typeof scratch>;
  let file: string;
  let transcript: string;
  const hook = async (payload: unknown, on?: string) =>
    skim(['hook', ...(on ? ['--on', on] : [])], {
      cwd: s.dir,
      env: { XDG_STATE_HOME: path.join(s.dir, '.state') },
      stdin: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  /** A transcript holding READ_ID's result on its chain (`compacted`: with the compaction after it). */
  const writeTranscript = (compacted: boolean) => {
    const boundary = TRANSCRIPT.findIndex((line) => line.includes('compact_boundary'));
    writeFileSync(transcript, `${(compacted ? TRANSCRIPT : TRANSCRIPT.slice(0, boundary)).join('\n')}\n`);
  };
  /** Claude Code's PostToolUse for Read of lines start..end of the file as it is. */
  const claudeRead = (start: number, end: number, id = READ_ID) => {
    const payload = structuredClone(CLAUDE['PostToolUse Read']) as { tool_response: { file: Record<string, unknown> } } & Record<string, unknown>;
    Object.assign(payload, {
      ...SESSION,
      cwd: s.dir,
      transcript_path: transcript,
      tool_use_id: id,
      tool_input: { file_path: file, offset: start, limit: end - start + 1 },
    });
    Object.assign(payload.tool_response.file, {
      filePath: file,
      content: lines(file, start, end),
      startLine: start,
      numLines: end - start + 1,
      totalLines: 491,
    });
    return payload;
  };
  const lines150 = () => lines(file, 1, 150);
  const claudeEvent = (name: string) => ({ ...CLAUDE[name], ...SESSION, cwd: s.dir, transcript_path: transcript });

  beforeEach(() => {
    s = scratch('skim-ledger-');
    mkdirSync(path.join(s.dir, '.git'));
    file = path.join(s.dir, 'textwrap.py');
    copyFileSync(SOURCE, file);
    transcript = path.join(s.dir, 'transcript.jsonl');
    writeTranscript(false);
  });
  afterEach(() => s.cleanup());

  it("Claude Code: once the session started, a re-read of Read's lines is Read's own output holding the note alone, as line 0", async () => {
    assert.deepEqual(await hook(claudeEvent('SessionStart'), 'SessionStart'), { code: 0, stdout: '', stderr: '' });
    assert.deepEqual(await hook(claudeRead(1, 150)), { code: 0, stdout: '', stderr: '' });
    const r = await hook(claudeRead(1, 150, 'toolu_second'));
    const note = '[skim] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result.';
    const response = CLAUDE['PostToolUse Read'].tool_response as Record<string, unknown>;
    assert.deepEqual(JSON.parse(r.stdout), {
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        updatedToolOutput: { ...response, file: { filePath: file, content: note, startLine: 0, numLines: 0, totalLines: 491 } },
      },
    });
  });

  it('Claude Code: a read reaching past what was shown gets only its new lines in its output, and the note as context', async () => {
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    await hook(claudeRead(1, 100));
    const out = JSON.parse((await hook(claudeRead(1, 150, 'toolu_second'))).stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedToolOutput.file, { filePath: file, content: lines(file, 101, 150), startLine: 101, numLines: 50, totalLines: 491 });
    assert.equal(
      out.additionalContext,
      '[skim] Lines 1-100 are unchanged since you read them 1 read ago; they are above, in that result. Lines 101-150: not in what you read before; they are the lines of this result.',
    );
  });

  it('Claude Code: a changed file shows the changed line, placed in the function of the map that holds it', async () => {
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    await hook(claudeRead(1, 150));
    writeFileSync(file, readFileSync(file, 'utf8').replace('break_long_words=True,', 'break_long_words=False,'));
    const out = JSON.parse((await hook(claudeRead(1, 150, 'toolu_second'))).stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedToolOutput.file, {
      filePath: file,
      content: '                 break_long_words=False,',
      startLine: 119,
      numLines: 1,
      totalLines: 491,
    });
    assert.equal(
      out.additionalContext,
      '[skim] This file changed since you read it. Lines 1-118 and 120-150 are unchanged since you read them 1 read ago; they are above, in that result. Line 119 (in 112-137 method __init__): new or changed; they are the lines of this result.',
    );
  });

  it('Claude Code: no note once the earlier result is gone from the transcript, or once the host said it compacts', async () => {
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    await hook(claudeRead(1, 150));
    writeTranscript(true);
    assert.equal((await hook(claudeRead(1, 150, 'toolu_second'))).stdout, '');

    writeTranscript(false);
    await hook(claudeRead(1, 150));
    await hook(claudeEvent('PreCompact'), 'PreCompact');
    assert.equal((await hook(claudeRead(1, 150, 'toolu_third'))).stdout, '');
  });

  it("Claude Code: a subagent's first read of a file its parent read is whole: its context is its own, opened by SubagentStart", async () => {
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    await hook(claudeRead(1, 150));
    await hook(claudeEvent('SubagentStart'), 'SubagentStart');
    const agent = CLAUDE.SubagentStart.agent_id as string;
    const sub = { ...claudeRead(1, 150, READ_ID), agent_id: agent, agent_type: 'general-purpose' };
    const own = path.join(s.dir, 'transcript', 'subagents', `agent-${agent}.jsonl`);
    mkdirSync(path.dirname(own), { recursive: true });
    copyFileSync(transcript, own);
    assert.equal((await hook(sub)).stdout, '');
    assert.match((await hook(sub)).stdout, /Lines 1-150 are unchanged since you read them 1 read ago/);
  });

  it("Claude Code: a subagent id that would name another file as its transcript (the session's own, through ../) holds nothing: its re-read comes whole", async () => {
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    const agent = 'x/../../../transcript';
    await hook({ ...claudeEvent('SubagentStart'), agent_id: agent }, 'SubagentStart');
    const sub = { ...claudeRead(1, 150, READ_ID), agent_id: agent, agent_type: 'general-purpose' };
    assert.equal((await hook(sub)).stdout, '');
    assert.equal((await hook(sub)).stdout, '');
  });

  it('Codex: every plain shell read of a source file becomes skim lines with the session and subagent, which prints the note on a re-read', async () => {
    const codex = { session_id: 'codex-session', turn_id: 't1', cwd: s.dir, transcript_path: null, model: 'gpt-5.5', permission_mode: 'bypassPermissions' };
    await hook({ ...codex, hook_event_name: 'SessionStart', source: 'startup' }, 'SessionStart');
    const pre = { ...codex, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: "sed -n '1,150p' textwrap.py" }, tool_use_id: 'c1' };
    const command = JSON.parse((await hook(pre)).stdout).hookSpecificOutput.updatedInput.command as string;
    assert.match(
      command,
      / lines --offset 1 --limit 150 --format raw --max-chars 40000 --root \S+ --session codex-session -- textwrap\.py 2>\/dev\/null \|\| sed -n '1,150p' textwrap\.py; \}$/,
    );
    const sub = JSON.parse((await hook({ ...pre, agent_id: "a'1" })).stdout).hookSpecificOutput.updatedInput.command as string;
    assert.match(sub, / --session codex-session --agent "a'1" -- textwrap\.py /);
    const lines = (...more: string[]) =>
      skim(['lines', '--offset', '1', '--limit', '150', '--format', 'raw', '--session', 'codex-session', ...more, 'textwrap.py'], {
        cwd: s.dir,
        env: { XDG_STATE_HOME: path.join(s.dir, '.state') },
      });
    assert.equal((await lines()).stdout.trimEnd(), lines150());
    assert.equal((await lines()).stdout.trimEnd(), '[skim] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result.');
  });

  it("Codex: a read longer than Codex shows of a command's output is neither recorded nor noted: Codex cut its middle, so the re-read comes whole", async () => {
    await hook({ session_id: 'codex-cut', turn_id: 't1', cwd: s.dir, hook_event_name: 'SessionStart', source: 'startup' }, 'SessionStart');
    const read = (cut: string) =>
      skim(['lines', '--offset', '1', '--limit', '150', '--format', 'raw', '--max-chars', cut, '--session', 'codex-cut', 'textwrap.py'], {
        cwd: s.dir,
        env: { XDG_STATE_HOME: path.join(s.dir, '.state') },
      });
    // Lines 1-150 of textwrap.py print 6,300 characters.
    assert.equal((await read('4000')).stdout.trimEnd(), lines150());
    assert.equal((await read('4000')).stdout.trimEnd(), lines150());
    assert.equal((await read('40000')).stdout.trimEnd(), lines150());
    assert.match((await read('40000')).stdout, /^\[skim\] Lines 1-150 are unchanged since you read them 1 read ago/);
  });

  it('Codex: a read whose output never reached its reader (a full disk, a pipe its reader closed) is not recorded: the next read is whole, and the one after it the note', async () => {
    await hook({ session_id: 'codex-lost', turn_id: 't1', cwd: s.dir, hook_event_name: 'SessionStart', source: 'startup' }, 'SessionStart');
    const args = [BUILT_CLI, 'lines', '--offset', '1', '--limit', '150', '--format', 'raw', '--session', 'codex-lost', 'textwrap.py'];
    const env = { PATH: process.env.PATH, XDG_STATE_HOME: path.join(s.dir, '.state'), SKIM_CACHE_DIR: path.join(s.dir, '.cache') };
    const full = openSync('/dev/full', 'w');
    try {
      const run = spawnSync(process.execPath, args, { cwd: s.dir, env, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /its output could not be written whole/);
    } finally {
      closeSync(full);
    }
    const closed = spawn(process.execPath, args, { cwd: s.dir, env, stdio: ['ignore', 'pipe', 'ignore'] });
    // The reader is gone before skim writes a byte: every write meets a pipe with no reader.
    closed.stdout.destroy();
    assert.equal(await new Promise((resolve) => closed.on('exit', resolve)), 1);
    const read = () => spawnSync(process.execPath, args, { cwd: s.dir, env, encoding: 'utf8' });
    assert.equal(read().stdout.trimEnd(), lines150());
    assert.equal(read().stdout.trimEnd(), '[skim] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result.');
  });

  it('a context the host says begins again (SessionStart startup, SubagentStart of the same id) holds nothing, whatever a context of that id read before', async () => {
    const codex = { session_id: 'codex-again', turn_id: 't1', cwd: s.dir };
    const read = (...more: string[]) =>
      skim(['lines', '--offset', '1', '--limit', '150', '--format', 'raw', '--session', 'codex-again', ...more, 'textwrap.py'], {
        cwd: s.dir,
        env: { XDG_STATE_HOME: path.join(s.dir, '.state') },
      });
    for (const [event, more] of [
      [{ ...codex, hook_event_name: 'SessionStart', source: 'startup' }, []],
      [{ ...codex, hook_event_name: 'SubagentStart', agent_id: 'sub-1', agent_type: 'worker' }, ['--agent', 'sub-1']],
    ] as const) {
      await hook(event, event.hook_event_name);
      await read(...more);
      assert.match((await read(...more)).stdout, /^\[skim\] Lines 1-150 are unchanged/);
      await hook(event, event.hook_event_name);
      assert.equal((await read(...more)).stdout.trimEnd(), lines150(), event.hook_event_name);
    }
  });

  it('a session whose start Skim never saw is never noted', async () => {
    await hook(claudeRead(1, 150));
    assert.equal((await hook(claudeRead(1, 150, 'toolu_second'))).stdout, '');
  });

  it("a result that is not the file's lines as they are now (changed after the host read it) is left as it is, and holds nothing", async () => {
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    const stale = claudeRead(1, 150);
    writeFileSync(file, readFileSync(file, 'utf8').replace('import re', 'import regex as re'));
    assert.equal((await hook(stale)).stdout, '');
    assert.equal((await hook(claudeRead(1, 150, 'toolu_second'))).stdout, '');
  });

  it("the Copilot CLI: a re-read of view is its result replaced by the note and the new lines under their numbers, view's own note on its cut kept", async () => {
    const view = (start: number, end: number, key = 'postToolUse view') => {
      const payload = structuredClone(COPILOT[key]) as { toolResult: Record<string, unknown> } & Record<string, unknown>;
      Object.assign(payload, { sessionId: 'ledger-session', cwd: s.dir, toolArgs: { path: file, view_range: [start, end] } });
      payload.toolResult.textResultForLlm = lines(file, start, end);
      return payload;
    };
    assert.equal((await hook({ ...COPILOT.sessionStart, sessionId: 'ledger-session', cwd: s.dir }, 'sessionStart')).code, 0);
    await hook(view(1, 100));
    const r = JSON.parse((await hook(view(1, 150))).stdout);
    assert.deepEqual(r, {
      modifiedResult: {
        resultType: 'success',
        textResultForLlm: `[skim] Lines 1-100 are unchanged since you read them 1 read ago; they are above, in that result. Lines 101-150: not in what you read before; they follow.\n[skim] Lines 101-150:\n${lines(file, 101, 150)}`,
      },
    });
    const cut = view(1, 150, 'postToolUse view (cut)');
    const trailer = (COPILOT['postToolUse view (cut)'].toolResult as { textResultForLlm: string }).textResultForLlm.replace(/^[^[]*\n\n/, '');
    cut.toolResult.textResultForLlm = `${lines(file, 1, 150)}\n            text = text.expa\n\n${trailer}`;
    assert.deepEqual(
      JSON.parse((await hook(cut)).stdout).modifiedResult.textResultForLlm,
      `[skim] Lines 1-100 (2 reads ago) and 101-150 (1 read ago) are unchanged since you read them; they are above, in that result.\n\n${trailer}`,
    );
  });

  it('the Copilot CLI: a view whose arguments come as JSON text is recorded at its view_range, so its re-read is a note', async () => {
    await hook({ ...COPILOT.sessionStart, sessionId: 'ledger-session', cwd: s.dir }, 'sessionStart');
    const view = () => {
      const payload = structuredClone(COPILOT['postToolUse view']) as { toolResult: Record<string, unknown> } & Record<string, unknown>;
      Object.assign(payload, { sessionId: 'ledger-session', cwd: s.dir, toolArgs: JSON.stringify({ path: file, view_range: [101, 150] }) });
      payload.toolResult.textResultForLlm = lines(file, 101, 150);
      return payload;
    };
    assert.equal((await hook(view())).stdout, '');
    assert.equal(
      JSON.parse((await hook(view())).stdout).modifiedResult.textResultForLlm,
      '[skim] Lines 101-150 are unchanged since you read them 1 read ago; they are above, in that result.',
    );
  });

  it("skim read --session: Skim's own read is recorded in the session the hooks keep, noted where it holds the lines, whole again after a compaction", async () => {
    const read = (...more: string[]) =>
      skim(['read', 'textwrap.py', '--offset', '101', '--limit', '50', '--session', 'ledger-session', ...more], {
        cwd: s.dir,
        env: { XDG_STATE_HOME: path.join(s.dir, '.state') },
      });
    const whole = (await read()).stdout;
    assert.equal(whole.split('\n').length, 50);
    assert.equal((await read()).stdout, whole, 'a session Skim never saw begin is read whole');
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    assert.equal((await read()).stdout, whole);
    assert.equal((await read()).stdout, '[skim] Lines 101-150 are unchanged since you read them 1 read ago; they are above, in that result.');
    assert.equal((await read('--agent', 'agent-7')).stdout, whole, "another context's reads are its own");
    await hook(claudeEvent('PreCompact'), 'PreCompact');
    assert.equal((await read()).stdout, whole);
  });

  it('bad input keeps every promise: the hook exits 0, answers nothing, and a corrupt ledger means full reads', async () => {
    for (const [payload, on] of [
      ['not json', 'SessionStart'],
      [{ session_id: 42 }, 'PreCompact'],
      [claudeEvent('SessionStart'), 'NoSuchEvent'],
      [{ ...claudeRead(1, 150), tool_response: { type: 'image' } }, undefined],
      [{ ...claudeRead(1, 150), tool_response: 'File unchanged since last read.' }, undefined],
    ] as [unknown, string | undefined][]) {
      const r = await hook(payload, on);
      assert.deepEqual([r.code, r.stdout], [0, ''], JSON.stringify(payload).slice(0, 80));
    }
    await hook(claudeEvent('SessionStart'), 'SessionStart');
    await hook(claudeRead(1, 150));
    const stamps = path.join(s.dir, '.state', 'skim', 'stamps');
    for (const name of readdirSync(stamps))
      writeFileSync(path.join(stamps, name), '{"ledger":"open","ctx":"main"}\n{"ledger":"read","ctx":"main","n":1,"file":"x","v":1}\n\u0000garbage\n');
    const r = await hook(claudeRead(1, 150, 'toolu_second'));
    assert.deepEqual([r.code, r.stdout], [0, '']);
  });
});
