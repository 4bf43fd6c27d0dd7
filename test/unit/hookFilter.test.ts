import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CommandOptions, hookCommands } from '../../src/core/hook/command';
import { onPath } from '../../src/core/search/program';
import { FIXTURES, scratch, tsSource } from '../support/files';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');

/** Every awk this machine has (Debian's mawk at least; gawk, the one true awk and busybox where installed). */
const AWKS = [
  ...new Set(
    ['awk', 'mawk', 'gawk', 'original-awk', 'nawk']
      .map((name) => onPath(name))
      .filter((file): file is string => !!file)
      .map((file) => realpathSync(file)),
  ),
];

/** The payloads the hosts send, each with whether Skim has a part in it before the call. */
function payloads(file: string): { name: string; text: string; part: boolean }[] {
  const vscode = (tool: string, input: object) =>
    JSON.stringify({
      timestamp: '2026-11-30T19:40:00.000Z',
      hook_event_name: 'PreToolUse',
      session_id: 'c0ffee',
      transcript_path: '/tmp/t.jsonl',
      tool_name: tool,
      tool_input: input,
      tool_use_id: 'call_1',
      cwd: path.dirname(file),
    });
  const claude = (tool: string, input: object) =>
    JSON.stringify({
      session_id: 's',
      transcript_path: '/tmp/t.jsonl',
      cwd: '/p',
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: tool,
      tool_input: input,
    });
  const copilot = (tool: string, args: object) => JSON.stringify({ timestamp: 1764531600000, cwd: '/p', toolName: tool, toolArgs: JSON.stringify(args) });
  const runner = readFileSync(require.resolve('mocha/lib/runner.js'), 'utf8');
  return [
    { name: 'VS Code run_in_terminal', text: vscode('run_in_terminal', { command: 'npm test', isBackground: false }), part: false },
    { name: 'VS Code read_file', text: vscode('read_file', { filePath: file, startLine: 1, endLine: 900 }), part: true },
    { name: 'VS Code replace_string_in_file', text: vscode('replace_string_in_file', { filePath: file, oldString: 'a', newString: 'b' }), part: true },
    { name: 'Claude Code Bash', text: claude('Bash', { command: 'ls' }), part: false },
    { name: 'Claude Code Read', text: claude('Read', { file_path: file }), part: true },
    { name: 'Claude Code MCP skim_read_file', text: claude('mcp__skim__skim_read_file', { filePath: file }), part: true },
    { name: 'Copilot CLI bash', text: copilot('bash', { command: 'ls' }), part: false },
    // A shell call starts Skim only when a read program's name starts a word of it: most shell calls are no read.
    { name: 'Claude Code Bash cat', text: claude('Bash', { command: `cat ${file}` }), part: true },
    { name: 'Claude Code Bash, a comment line before the read', text: claude('Bash', { command: `# look\nnl -ba ${file} | sed -n '1,900p'` }), part: true },
    { name: 'Claude Code Bash, a cd before the read', text: claude('Bash', { command: `cd /p&&head -n 900 ${file}` }), part: true },
    { name: 'Copilot CLI bash sed', text: copilot('bash', { command: `sed -n '1,900p' ${file}` }), part: true },
    { name: 'Copilot CLI powershell Get-Content', text: copilot('powershell', { command: `GET-CONTENT ${file}` }), part: true },
    // An edit through the shell: the gate's (sed -i, perl -pi, apply_patch on a here-doc).
    { name: 'Claude Code Bash sed -i', text: claude('Bash', { command: `sed -i 's/a/b/' ${file}` }), part: true },
    { name: 'Copilot CLI bash perl -pi', text: copilot('bash', { command: `perl -pi -e 's/a/b/' ${file}` }), part: true },
    { name: 'Claude Code Bash apply_patch', text: claude('Bash', { command: `apply_patch <<'EOF'\n*** Begin Patch\n` }), part: true },
    {
      name: 'Claude Code Bash, read programs inside other words only',
      text: claude('Bash', { command: 'echo concatenate; python3 sed_tail.py' }),
      part: false,
    },
    { name: 'Copilot CLI bash, a read program in a file name only', text: copilot('bash', { command: 'python3 tests/cat.py' }), part: false },
    { name: 'Copilot CLI view', text: copilot('view', { path: file }), part: true },
    { name: 'Copilot CLI create', text: copilot('create', { path: file, file_text: runner }), part: true },
    // JSON's white space anywhere around the colon, and pretty-printed payloads.
    { name: 'pretty-printed, CRLF', text: JSON.stringify(JSON.parse(claude('Read', { file_path: file })), null, '\t').replace(/\n/g, '\r\n'), part: true },
    { name: 'spaces and a newline around the colon', text: `{"tool_name" \n:\t "Edit", "tool_input": {}}`, part: true },
    { name: 'pretty-printed, no part', text: JSON.stringify(JSON.parse(claude('Grep', { pattern: 'x' })), null, 2), part: false },
    // Tool names inside arguments: escaped text is no key; a real nested key of Skim's costs a start, never a guard.
    { name: 'a Read named in a command', text: claude('Bash', { command: 'echo \'{"tool_name": "Read"}\'' }), part: false },
    { name: 'a Bash named in a read', text: claude('Read', { file_path: file, note: { tool_name: 'Bash' } }), part: true },
    { name: 'a nested key naming a read', text: claude('mcp__other__run', { tool_name: 'Read' }), part: true },
    // When unsure, Skim starts.
    { name: 'no tool name at all', text: '{"hook_event_name": "PreToolUse"}', part: true },
    { name: 'a tool name with an escape', text: '{"tool_name": "R\\u0065ad", "tool_input": {}}', part: true },
    { name: 'a tool name that is no string', text: '{"tool_name": null}', part: true },
    { name: 'not JSON', text: 'hello', part: true },
    // A raw control byte: no JSON at all, so nothing Skim would act on.
    { name: 'a raw control byte', text: `{"tool_name": "Read", "x": "\u0001"}`, part: false },
    // Bytes handed on exactly: multi-byte text, a 2 MB Write of a real file, trailing newlines.
    { name: 'UTF-8 and newlines', text: `${claude('Write', { file_path: file, content: 'naïve — 日本語 🎉\n' })}\n\n`, part: true },
    { name: 'a 2 MB Write', text: claude('Write', { file_path: file, content: runner.repeat(Math.ceil(2e6 / runner.length)) }), part: true },
  ];
}

describe('the installed command starts Node only for the calls Skim has a part in', () => {
  let s: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
  });
  afterEach(() => s.cleanup());

  it('finds at least one awk here to test with', () => {
    assert.ok(AWKS.length > 0);
  });

  it('decides from the tool names in every host payload, under sh, with every awk here, and hands Skim the same bytes', () => {
    // Skim's stand-in: a script that keeps what it was given, in a folder whose name needs quoting.
    const dir = path.join(s.dir, `it's a "quoted" $dir`);
    mkdirSync(dir);
    const got = path.join(s.dir, 'got');
    const standIn = path.join(dir, 'skim.sh');
    writeFileSync(standIn, `cat > "$GOT"; echo "$ELECTRON_RUN_AS_NODE $*"\n`);
    for (const awk of AWKS) {
      const commands = hookCommands('/bin/sh', standIn, 'strict', { awk, env: { ELECTRON_RUN_AS_NODE: '1' } });
      for (const { name, text, part } of payloads(path.join(s.dir, 'big.ts'))) {
        rmSync(got, { force: true });
        const run = spawnSync('/bin/sh', ['-c', commands.pre], { input: text, env: { ...process.env, GOT: got }, encoding: 'utf8' });
        assert.equal(run.status, 0, `${awk}, ${name}: ${run.stderr}`);
        assert.equal(existsSync(got), part, `${awk}, ${name}`);
        if (!part) continue;
        assert.equal(run.stdout, '1 hook --edit-gate strict\n', `${awk}, ${name}`);
        assert.ok(readFileSync(got).equals(Buffer.from(text)), `${awk}, ${name}: the same bytes`);
      }
    }
  });

  it('decides right on the payloads the real Claude Code and Copilot CLI sent for a read, a shell command and an edit, before and after each', () => {
    const got = path.join(s.dir, 'got');
    const standIn = s.write('skim.sh', 'cat > "$GOT"\n');
    const commands = hookCommands('/bin/sh', standIn, 'drift', { awk: AWKS[0] });
    const started: string[] = [];
    for (const host of ['claude', 'copilot-cli']) {
      const sent = JSON.parse(readFileSync(path.join(FIXTURES, 'hook-payloads', `${host}.json`), 'utf8')) as string[];
      for (const payload of sent) {
        const call = JSON.parse(payload) as { tool_name?: string; toolName?: string; hook_event_name?: string; toolResult?: unknown };
        const event = call.hook_event_name === 'PostToolUse' || call.toolResult ? 'post' : 'pre';
        rmSync(got, { force: true });
        execFileSync('/bin/sh', ['-c', commands[event]], { input: payload, env: { ...process.env, GOT: got } });
        if (!existsSync(got)) continue;
        started.push(`${host} ${event} ${call.tool_name ?? call.toolName}`);
        assert.equal(readFileSync(got, 'utf8'), payload);
      }
    }
    assert.deepEqual(started, [
      'claude pre Read',
      'claude post Read',
      'claude pre Edit',
      'claude post Edit',
      'copilot-cli pre view',
      'copilot-cli post view',
      'copilot-cli pre edit',
      'copilot-cli post edit',
    ]);
  });

  it('after a call, starts Node for edits (a shell command editing in place included) and for the reads of hosts whose result a hook may replace (the session ledger), never for VS Code read_file nor a shell read', () => {
    const got = path.join(s.dir, 'got');
    const standIn = s.write('skim.sh', 'cat > "$GOT"\n');
    const { post } = hookCommands('/bin/sh', standIn, 'drift', { awk: AWKS[0] });
    for (const [tool, part, input] of [
      ['read_file', false, {}],
      ['Bash', false, {}],
      ['Bash', false, { command: 'cat app.py' }],
      ['Bash', true, { command: "sed -i 's/a/b/' app.py" }],
      ['bash', true, { command: "cd src && perl -pi -e 's/a/b/' app.py" }],
      ['Read', true, {}],
      ['view', true, {}],
      ['Edit', true, {}],
      ['apply_patch', true, {}],
    ] as const) {
      rmSync(got, { force: true });
      const payload = JSON.stringify({ hook_event_name: 'PostToolUse', session_id: 's', tool_name: tool, tool_input: input, tool_response: 'ok' });
      execFileSync('/bin/sh', ['-c', post], { input: payload, env: { ...process.env, GOT: got } });
      assert.equal(existsSync(got), part, `${tool} ${JSON.stringify(input)}`);
    }
  });

  it('the command exactly as installed caps a 900-line read with the real skim, and lets a terminal command by without a word', () => {
    execFileSync('git', ['init', '-q', s.dir]);
    const big = s.write('big.ts', tsSource(30, 26));
    const env = { ...process.env, XDG_STATE_HOME: path.join(s.dir, '.state'), SKIM_CACHE_DIR: path.join(s.dir, '.cache') };
    const { pre } = hookCommands(process.execPath, CLI, 'drift', { awk: AWKS[0] });
    const run = (payload: object) => spawnSync('/bin/sh', ['-c', pre], { input: JSON.stringify(payload), cwd: s.dir, env, encoding: 'utf8' });
    const read = run({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      tool_name: 'read_file',
      tool_input: { filePath: big, startLine: 1, endLine: 900 },
      cwd: s.dir,
    });
    assert.equal(read.status, 0, read.stderr);
    assert.deepEqual(JSON.parse(read.stdout).hookSpecificOutput.updatedInput, { filePath: big, startLine: 1, endLine: 200 });
    const other = run({ hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'run_in_terminal', tool_input: { command: 'ls' }, cwd: s.dir });
    assert.deepEqual([other.status, other.stdout, other.stderr], [0, '', '']);
  });

  it('exits 0 with every awk here when it cannot read stdin (closed, a folder, a write-only descriptor): a host takes exit 2 for a refusal', () => {
    for (const awk of AWKS) {
      const { pre } = hookCommands(process.execPath, CLI, 'drift', { awk });
      for (const stdin of ['<&-', `< ${s.dir}`, `0>${path.join(s.dir, 'out')}`]) {
        // The shell's own stdin is set first, then the command runs exactly as installed.
        const run = spawnSync('/bin/sh', ['-c', `exec ${stdin}\n${pre}`], { cwd: s.dir, encoding: 'utf8' });
        assert.deepEqual([run.status, run.stdout], [0, ''], `${awk} ${stdin}: ${run.stderr}`);
      }
    }
  });

  it('keeps the plain command where there is no POSIX shell (Windows) or no awk', () => {
    const plain = '/usr/bin/node /opt/skim/dist/cli.js hook # skim read guard';
    const commands = (options: CommandOptions) => {
      const { pre, post } = hookCommands('/usr/bin/node', '/opt/skim/dist/cli.js', 'drift', options);
      return { pre, post };
    };
    assert.deepEqual(commands({ platform: 'win32', awk: '/usr/bin/awk' }), { pre: plain, post: plain });
    assert.deepEqual(commands({ awk: undefined }), { pre: plain, post: plain });
  });

  it("a context event's command names the event and no tool filter: its payload names no tool", () => {
    const { context } = hookCommands('/usr/bin/node', '/opt/skim/dist/cli.js', 'strict', { awk: AWKS[0], env: { ELECTRON_RUN_AS_NODE: '1' } });
    assert.equal(context('PreCompact'), 'ELECTRON_RUN_AS_NODE=1 /usr/bin/node /opt/skim/dist/cli.js hook --on PreCompact # skim read guard');
  });
});
