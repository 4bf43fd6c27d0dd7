import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { editedFiles, replacements, skimReadFile, writtenWhole } from '../../src/core/gate/editCalls';
import { hostAnswer } from '../../src/core/hook/readAnswer';
import { AGENT_HOSTS, hostOf, HookHost } from '../../src/core/hook/hosts';
import { parsePayload } from '../../src/core/hook/payload';
import { skim } from '../support/cli';
import { FIXTURES, scratch, tsSource } from '../support/files';

/** The payloads a real host sent (test/fixtures/hook-payloads), parsed. */
const sent = (name: string) =>
  (JSON.parse(readFileSync(path.join(FIXTURES, 'hook-payloads', `${name}.json`), 'utf8')) as string[]).map((p) => parsePayload(p, '/'));

/** What Skim makes of a parsed payload, in one line. */
function seen(parsed: ReturnType<typeof parsePayload>): string {
  if (parsed.kind === 'pass') return `pass: ${parsed.why}`;
  const { call } = parsed;
  const read = parsed.kind === 'read' ? ` read ${path.basename(parsed.read.file)} ${parsed.read.offset}+${parsed.read.limit} as ${parsed.read.host}` : '';
  const edit = editedFiles(call.tool, call.input);
  const own = skimReadFile(call.tool, call.input);
  return `${call.host} ${call.event} ${call.tool}${read}${edit ? ` edits ${edit.join(',')}` : ''}${own ? ` skim-reads ${own}` : ''}`;
}

describe("each host's real payloads, as the hook reads them", () => {
  it('Codex 0.171.0: its shell, its MCP tools (named as Claude Code names them) and its freeform apply_patch, told apart from Claude Code by turn_id', () => {
    assert.deepEqual(sent('codex').map(seen), [
      'codex pre Bash',
      'codex post Bash',
      'codex pre mcp__skim__skim_read_file skim-reads app.py',
      'codex post mcp__skim__skim_read_file skim-reads app.py',
      'codex pre apply_patch edits app.py',
      'codex post apply_patch edits app.py',
    ]);
  });

  it("Gemini CLI 0.61.0: BeforeTool and AfterTool, read_file by its own arguments (not Claude Code's Read, though both name file_path), replace, write_file, its shell and Skim's MCP tool", () => {
    assert.deepEqual(sent('gemini').map(seen), [
      'gemini pre read_file read app.py 1+900 as gemini',
      'gemini post read_file',
      'gemini pre replace edits app.py',
      'gemini post replace edits app.py',
      'gemini pre write_file edits new.py',
      'gemini post write_file edits new.py',
      'gemini pre run_shell_command',
      'gemini post run_shell_command',
      'gemini pre mcp_skim_skim_read_file skim-reads app.py',
      'gemini post mcp_skim_skim_read_file skim-reads app.py',
    ]);
  });

  it("the Copilot CLI 1.0.102 with an OpenAI model: apply_patch's argument is the raw patch, in its own files and (as Edit) in Claude's", () => {
    assert.deepEqual(sent('copilot-cli-openai').map(seen), [
      'copilot-cli pre view read app.py 1+900 as copilot-cli',
      'copilot-cli pre Read read app.py 1+900 as copilot-cli',
      'copilot-cli post view',
      'copilot-cli post Read',
      'copilot-cli pre apply_patch edits app.py',
      'copilot-cli pre Edit edits app.py',
      'copilot-cli post apply_patch edits app.py',
      'copilot-cli post Edit edits app.py',
    ]);
  });

  it('Claude Code and the Copilot CLI as before: each told by its own payload', () => {
    assert.deepEqual([...new Set(sent('claude').flatMap((p) => (p.kind === 'pass' ? [] : [p.call.host])))], ['claude']);
    assert.deepEqual([...new Set(sent('copilot-cli').flatMap((p) => (p.kind === 'pass' ? [] : [p.call.host])))], ['copilot-cli']);
  });

  it("VS Code's payloads (a timestamp and the call's id) come from VS Code, and a Copilot CLI payload in Claude's shape from the Copilot CLI", () => {
    const claudeShaped = (extra: object) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { path: '/p/a.py' }, ...extra });
    assert.equal((parsePayload(claudeShaped({ timestamp: '2026-12-03T10:00:00Z', tool_use_id: 't1' }), '/') as { call: { host: string } }).call.host, 'vscode');
    assert.equal((parsePayload(claudeShaped({ timestamp: '2026-12-03T10:00:00Z' }), '/') as { call: { host: string } }).call.host, 'copilot-cli');
    assert.equal((parsePayload(claudeShaped({ tool_use_id: 't1' }), '/') as { call: { host: string } }).call.host, 'claude');
  });

  it("the Copilot SDK's str_replace_editor: a view is a read (its range rewritten), every other command an edit of its path", () => {
    const call = (input: object) => parsePayload(JSON.stringify({ sessionId: 's', toolName: 'str_replace_editor', toolArgs: input }), '/p');
    const view = call({ command: 'view', path: '/p/a.py', view_range: [1, 900] });
    assert.equal(view.kind, 'read');
    assert.deepEqual(view.kind === 'read' && view.read.rewrite(1, 200), { command: 'view', path: '/p/a.py', view_range: [1, 200] });
    const replace = { command: 'str_replace', path: '/p/a.py', old_str: 'a', new_str: 'b' };
    assert.equal(seen(call(replace)), 'copilot-cli pre str_replace_editor edits /p/a.py');
    assert.deepEqual(
      replacements('str_replace_editor', replace)?.map((r) => [r.from, r.to]),
      [['a', 'b']],
    );
    assert.equal(writtenWhole('str_replace_editor', { command: 'create', path: '/p/n.py', file_text: 'x = 1\n' }), 'x = 1\n');
    assert.equal(editedFiles('str_replace_editor', { command: 'view', path: '/p/a.py' }), undefined);
  });
});

describe("each format's answer", () => {
  const formats = (host: HookHost) => hostOf(host).format;
  it('Gemini: a refusal is a top-level decision, a rewrite replaces tool_input, extra text goes only with the AfterTool answer', () => {
    assert.deepEqual(hostAnswer(formats('gemini'), { decision: 'deny', reason: 'changed' }), { decision: 'deny', reason: 'changed' });
    assert.deepEqual(hostAnswer(formats('gemini'), { decision: 'allow', input: { file_path: 'a', end_line: 200 }, context: 'later' }), {
      hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { file_path: 'a', end_line: 200 } },
    });
    assert.deepEqual(hostAnswer(formats('gemini'), { context: 'notice' }, 'post'), {
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'notice' },
    });
  });

  it("Codex answers in Claude Code's shape; the Copilot CLI's own files in its flat one", () => {
    assert.deepEqual(hostAnswer(formats('codex'), { decision: 'deny', reason: 'r' }), {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'r' },
    });
    assert.deepEqual(hostAnswer(formats('copilot-cli'), { decision: 'allow', input: { path: 'a' }, context: 'c' }), {
      permissionDecision: 'allow',
      modifiedArgs: { path: 'a' },
      additionalContext: 'c',
    });
  });

  it('every host record says what it serves, where it reads hooks, and a hook file for both scopes', () => {
    for (const host of AGENT_HOSTS) {
      assert.ok(host.serves.length > 0 && host.reads('/p', { HOME: '/h' }).length > 0, host.id);
      for (const scope of ['workspace', 'user'] as const) assert.ok(path.isAbsolute(host.place(scope, '/p', { HOME: '/h' }).file), `${host.id} ${scope}`);
    }
  });
});

describe('skim hook, for Gemini: the notice its BeforeTool answer cannot carry comes with its AfterTool answer', () => {
  let s: ReturnType<typeof scratch>;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    env = { HOME: s.dir, XDG_STATE_HOME: path.join(s.dir, '.state') };
  });
  afterEach(() => s.cleanup());
  const gemini = (event: 'BeforeTool' | 'AfterTool', input: object, session = 'g1') =>
    skim(['hook'], {
      cwd: s.dir,
      env,
      stdin: JSON.stringify({
        session_id: session,
        cwd: s.dir,
        hook_event_name: event,
        timestamp: '2026-12-03T10:00:00Z',
        tool_name: 'read_file',
        tool_input: input,
      }),
    });

  it('a 900-line read_file is shortened before, and the notice and map are given once after the same call, never after another', async () => {
    const file = s.write('big.ts', tsSource(30, 26));
    const before = await gemini('BeforeTool', { file_path: file });
    const answer = JSON.parse(before.stdout) as { hookSpecificOutput: { tool_input: object; additionalContext?: string } };
    assert.deepEqual(answer, { hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { file_path: file, start_line: 1, end_line: 200 } } });
    // The model's own read of lines 1-200, in another session, gets nothing.
    assert.equal((await gemini('AfterTool', { file_path: file, start_line: 1, end_line: 200 }, 'g2')).stdout, '');
    // Gemini hands the rewritten arguments to AfterTool, their keys in its own order.
    const after = await gemini('AfterTool', { end_line: 200, start_line: 1, file_path: file });
    const context = (JSON.parse(after.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } }).hookSpecificOutput;
    assert.equal(context.hookEventName, 'AfterTool');
    assert.match(
      context.additionalContext,
      /^\[skim\] This read was shortened: lines 1-200 of big\.ts are shown, of 900 in all \(the read asked for 1-900\)\./,
    );
    assert.match(context.additionalContext, /^871-899 fn29$/m);
    assert.equal((await gemini('AfterTool', { file_path: file, start_line: 1, end_line: 200 })).stdout, '');
  });

  it('where the notice cannot be kept (a file stands where its folder goes), the read is still shortened, and stderr says the notice cannot follow', async () => {
    const file = s.write('big.ts', tsSource(30, 26));
    mkdirSync(path.join(s.dir, '.state', 'skim'), { recursive: true });
    s.write('.state/skim/later', '');
    const before = await gemini('BeforeTool', { file_path: file });
    assert.equal(before.code, 0);
    assert.deepEqual(JSON.parse(before.stdout).hookSpecificOutput.tool_input, { file_path: file, start_line: 1, end_line: 200 });
    assert.match(before.stderr, /^hook: .*later is not a folder \(a link or a file stands there\); the read's notice cannot follow it$/m);
  });

  it('a read within 200 lines is left alone, before and after', async () => {
    const file = s.write('small.ts', tsSource(3, 26));
    assert.equal((await gemini('BeforeTool', { file_path: file })).stdout, '');
    assert.equal((await gemini('AfterTool', { file_path: file })).stdout, '');
  });
});

describe('skim hook, where a host runs several of Skim’s hooks for one call', () => {
  let s: ReturnType<typeof scratch>;
  let env: NodeJS.ProcessEnv;
  let big: string;
  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    env = { HOME: path.join(s.dir, 'home'), XDG_STATE_HOME: path.join(s.dir, '.state') };
    big = s.write('big.ts', tsSource(30, 26));
  });
  afterEach(() => s.cleanup());
  const install = (host: HookHost, scope: 'workspace' | 'user' = 'workspace') =>
    skim(['hook', 'install', '--host', host, '--scope', scope], { cwd: s.dir, env });
  const hook = (flags: string[], payload: object) => skim(['hook', ...flags], { cwd: s.dir, env, stdin: JSON.stringify({ cwd: s.dir, ...payload }) });
  const copilotAsClaude = () => ({
    hook_event_name: 'PreToolUse',
    session_id: 's',
    timestamp: '2026-12-03T10:00:00Z',
    tool_name: 'Read',
    tool_input: { path: big },
  });
  const vscode = () => ({ ...copilotAsClaude(), tool_use_id: 't', tool_name: 'read_file', tool_input: { filePath: big, startLine: 1, endLine: 900 } });

  it("the Copilot CLI's call through Claude's settings stands aside for the Copilot CLI's own hook, and acts where there is none", async () => {
    await install('claude');
    assert.match(
      JSON.parse((await hook(['--host', 'claude', '--scope', 'workspace'], copilotAsClaude())).stdout).hookSpecificOutput.additionalContext,
      /^\[skim\]/,
    );
    await install('copilot-cli');
    assert.equal((await hook(['--host', 'claude', '--scope', 'workspace'], copilotAsClaude())).stdout, '');
    assert.match((await hook(['--host', 'copilot-cli', '--scope', 'workspace'], copilotAsClaude())).stdout, /This read was shortened/);
  });

  it("VS Code, running both of Skim's files in .github/hooks, acts through one of them; a hook at the user level, which it runs first, outranks both", async () => {
    await install('vscode');
    await install('copilot-cli');
    const acted = async (places: string[][]) =>
      Promise.all(places.map(async ([host, scope]) => (await hook(['--host', host, '--scope', scope], vscode())).stdout !== ''));
    const workspace = [
      ['vscode', 'workspace'],
      ['copilot-cli', 'workspace'],
    ];
    assert.deepEqual(await acted(workspace), [false, true]);
    await install('vscode', 'user');
    assert.deepEqual(await acted([...workspace, ['vscode', 'user']]), [false, false, true]);
  });

  it('a hook without --host and --scope (as installed by an earlier Skim) acts wherever it runs; a host or scope it cannot use is said and left out', async () => {
    await install('copilot-cli');
    assert.match((await hook([], copilotAsClaude())).stdout, /This read was shortened/);
    const odd = await hook(['--host', 'emacs', '--scope', 'workspace'], copilotAsClaude());
    assert.equal(odd.code, 0);
    assert.match(odd.stdout, /This read was shortened/);
    assert.match(odd.stderr, /^hook: --host "emacs" --scope "workspace" names no hook file Skim installs; the hook acts as if it were the only one$/m);
  });

  it('skim hook remove without --host removes the Claude hook it finds, where it once looked only for VS Code’s', async () => {
    await install('claude');
    const removed = await skim(['hook', 'remove'], { cwd: s.dir, env });
    assert.equal(removed.stdout, `Skim's read hook for claude (workspace) removed from ${path.join(s.dir, '.claude', 'settings.local.json')}`);
  });
});
