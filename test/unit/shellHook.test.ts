import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { scratch } from '../support/files';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');
const ARGPARSE = '/usr/lib/python3.11/argparse.py';

/** A command line run as the hosts run a shell tool's: bash -c, in `cwd`. */
function bash(command: string, cwd: string, env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync('/bin/bash', ['-c', command], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.toString('utf8') };
}

describe("skim hook and skim lines, for a read through a host's shell tool (built CLI, real processes)", function () {
  this.timeout(60_000);
  let s: ReturnType<typeof scratch>;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    copyFileSync(ARGPARSE, path.join(s.dir, 'big.py'));
    env = { SKIM_CACHE_DIR: path.join(s.dir, '.cache'), XDG_STATE_HOME: path.join(s.dir, '.state'), XDG_CACHE_HOME: path.join(s.dir, '.xdg') };
  });
  afterEach(() => s.cleanup());

  /** The hook's answer to Claude Code's Bash (or the Copilot CLI's bash) running `command` in `cwd`: the rewritten command, or undefined. */
  function rewritten(command: string, host: 'claude' | 'copilot-cli' = 'claude', cwd = s.dir): string | undefined {
    const payload =
      host === 'claude'
        ? {
            session_id: 'shell-1',
            transcript_path: '/tmp/t.jsonl',
            cwd,
            hook_event_name: 'PreToolUse',
            tool_name: 'Bash',
            tool_input: { command, description: 'read' },
          }
        : { sessionId: 'shell-1', timestamp: 1, cwd, toolName: 'bash', toolArgs: { command, description: 'read' } };
    const out = execFileSync(process.execPath, [CLI, 'hook'], {
      cwd,
      input: JSON.stringify(payload),
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    if (out === '') return undefined;
    const answer = JSON.parse(out) as {
      hookSpecificOutput?: { permissionDecision: string; updatedInput: { command: string; description: string } };
      modifiedArgs?: { command: string };
    };
    if (host === 'claude') {
      assert.equal(answer.hookSpecificOutput?.permissionDecision, 'allow');
      assert.equal(answer.hookSpecificOutput?.updatedInput.description, 'read');
      return answer.hookSpecificOutput?.updatedInput.command;
    }
    return answer.modifiedArgs?.command;
  }

  it("cat of a 2,633-line file becomes skim lines: the notice, the first 200 lines as cat prints them, the map, within Claude Code's 30,000 bytes of Bash output", () => {
    const command = rewritten('cat big.py');
    assert.ok(command);
    assert.match(command, /^\{ \S+ \S+cli\.js lines --offset 1 --format raw --max-bytes 30000 --root \S+ -- big\.py 2>\/dev\/null \|\| cat big\.py; \}$/);
    const run = bash(command, s.dir, env);
    assert.deepEqual([run.status, run.stderr], [0, '']);
    const [notice, ...rest] = run.stdout.toString('utf8').split('\n');
    assert.equal(
      notice,
      "[skim] This read was shortened: lines 1-200 of big.py are shown, of 2633 in all (the read asked for 1-2633). Next start: line 201. Reads of more than 200 lines are shortened here. The file's map follows: read the range you need next.",
    );
    assert.equal(rest.slice(0, 200).join('\n'), readFileSync(ARGPARSE, 'utf8').split('\n').slice(0, 200).join('\n'));
    assert.match(rest.slice(201).join('\n'), /^Map of big\.py \(2633 lines; tree-sitter outline/);
    assert.ok(run.stdout.length <= 30_000, `${run.stdout.length} bytes`);
  });

  it("the Copilot CLI's Claude-style Bash payload is cut to the Copilot CLI's 20,440 bytes, and one no host claims to the strictest of the hosts naming Bash", () => {
    const cutOf = (extra: Record<string, unknown>) => {
      const payload = { session_id: 'shell-1', cwd: s.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'cat big.py' }, ...extra };
      const out = execFileSync(process.execPath, [CLI, 'hook'], {
        cwd: s.dir,
        input: JSON.stringify(payload),
        env: { ...process.env, ...env },
        encoding: 'utf8',
      });
      return /--max-bytes (\d+)/.exec(out)?.[1];
    };
    assert.deepEqual([cutOf({ timestamp: '2026-12-03T10:00:00Z' }), cutOf({ timestamp: 1 })], ['20440', '20440']);
  });

  it("the Copilot CLI's bash, nl -ba | sed -n after a cd: the lines numbered as nl numbers them, run from the folder the cd names", () => {
    mkdirSync(path.join(s.dir, 'src'));
    renameSync(path.join(s.dir, 'big.py'), path.join(s.dir, 'src', 'big.py'));
    const command = rewritten("cd src && nl -ba big.py | sed -n '1,900p'", 'copilot-cli');
    assert.ok(command?.startsWith('cd src && { '), command);
    if (!command) return;
    const run = bash(command, s.dir, env);
    const lines = run.stdout.toString('utf8').split('\n');
    assert.match(lines[0], /^\[skim\] This read was shortened: lines 1-200 of src\/big\.py are shown, of 2633 in all \(the read asked for 1-900\)\./);
    assert.equal(lines.slice(1, 201).join('\n') + '\n', bash("nl -ba big.py | sed -n '1,200p'", path.join(s.dir, 'src')).stdout.toString('utf8'));
  });

  it('leaves alone what is not a plain read of one guarded source file inside the project: it runs exactly as without Skim', () => {
    writeFileSync(path.join(s.dir, 'notes.md'), readFileSync(ARGPARSE));
    writeFileSync(path.join(s.dir, 'small.py'), readFileSync(ARGPARSE, 'utf8').split('\n').slice(0, 150).join('\n'));
    writeFileSync(path.join(s.dir, 'blob.py'), Buffer.concat([Buffer.from([0]), readFileSync(ARGPARSE)]));
    const outside = mkdirSyncTemp();
    copyFileSync(ARGPARSE, path.join(outside, 'far.py'));
    symlinkSync(path.join(outside, 'far.py'), path.join(s.dir, 'link.py'));
    execFileSync('mkfifo', [path.join(s.dir, 'pipe.py')]);
    try {
      for (const command of [
        'cat big.py | grep def',
        'cat big.py > /tmp/x',
        'cat big.py small.py',
        'cat big.py 2>/dev/null',
        'cat small.py',
        "sed -n '1,200p' big.py",
        'cat notes.md',
        'cat blob.py',
        'cat link.py',
        'cat pipe.py',
        'cat missing.py',
        'ls -la',
      ]) {
        assert.equal(rewritten(command), undefined, command);
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('stamps every shell read it recognizes for the edit gate, a small one too: an edit after an outside change is refused', () => {
    assert.equal(rewritten("sed -n '10,20p' big.py"), undefined);
    writeFileSync(path.join(s.dir, 'big.py'), 'changed outside\n');
    const edit = {
      session_id: 'shell-1',
      cwd: s.dir,
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: path.join(s.dir, 'big.py'), old_string: 'changed', new_string: 'x' },
    };
    const out = execFileSync(process.execPath, [CLI, 'hook'], { cwd: s.dir, input: JSON.stringify(edit), env: { ...process.env, ...env }, encoding: 'utf8' });
    assert.equal(JSON.parse(out).hookSpecificOutput.permissionDecision, 'deny');
  });

  /** The rewritten command, run after `change`, prints what the read itself prints then, with its status (stderr included). */
  function sameAsTheRead(read: string, change: () => void) {
    const command = rewritten(read);
    assert.ok(command, read);
    change();
    const guarded = bash(command, s.dir, env);
    const plain = bash(read, s.dir);
    assert.equal(guarded.status, plain.status, read);
    assert.ok(guarded.stdout.equals(plain.stdout), `${read}: ${guarded.stdout.length} bytes, the read ${plain.stdout.length}`);
    assert.equal(guarded.stderr, plain.stderr, read);
  }

  it('a file that vanishes between the hook and the command: the command fails exactly as cat does', () => {
    sameAsTheRead('cat big.py', () => rmSync(path.join(s.dir, 'big.py')));
  });

  it('a file replaced by a FIFO before the command runs: the read itself runs (and a writer ends it)', () => {
    const command = rewritten('head -n 900 big.py');
    assert.ok(command);
    rmSync(path.join(s.dir, 'big.py'));
    execFileSync('mkfifo', [path.join(s.dir, 'big.py')]);
    const writer = spawnSync('/bin/bash', ['-c', `(printf 'one\\ntwo\\n' > big.py &) ; ${command}`], {
      cwd: s.dir,
      env: { ...process.env, ...env },
      timeout: 20_000,
    });
    assert.deepEqual([writer.status, writer.stdout.toString(), writer.stderr.toString()], [0, 'one\ntwo\n', '']);
  });

  it('a file turned binary, or cut to 150 lines, before the command runs: printed exactly as the read prints it', () => {
    sameAsTheRead('cat big.py', () => writeFileSync(path.join(s.dir, 'big.py'), Buffer.concat([Buffer.from([0, 1, 2]), readFileSync(ARGPARSE)])));
    copyFileSync(ARGPARSE, path.join(s.dir, 'big.py'));
    sameAsTheRead("awk 'NR>=1 && NR<=900' big.py", () =>
      writeFileSync(path.join(s.dir, 'big.py'), readFileSync(ARGPARSE, 'utf8').split('\n').slice(0, 150).join('\n')),
    );
  });

  it('Skim gone or broken by the time the command runs (no such file, a cache folder that is a file): the read itself, same output, status and stderr', () => {
    const command = rewritten("sed -n '1,900p' big.py");
    assert.ok(command);
    const gone = command.replace(/ \S+cli\.js /, ' /nonexistent/cli.js ');
    const guarded = bash(gone, s.dir, env);
    const plain = bash("sed -n '1,900p' big.py", s.dir);
    assert.deepEqual([guarded.status, guarded.stderr], [plain.status, plain.stderr]);
    assert.ok(guarded.stdout.equals(plain.stdout));
    writeFileSync(path.join(s.dir, 'not-a-folder'), '');
    const broken = bash(command, s.dir, { ...env, SKIM_CACHE_DIR: path.join(s.dir, 'not-a-folder', 'cache') });
    assert.deepEqual([broken.status, broken.stderr], [0, '']);
    assert.ok(broken.stdout.equals(plain.stdout) || broken.stdout.toString().startsWith('[skim] This read was shortened: lines 1-200 of big.py'));
  });

  it('CRLF, invalid UTF-8 and no last newline: the lines come back byte for byte as the read prints them', () => {
    const text = readFileSync(ARGPARSE, 'latin1').replace(/\n/g, '\r\n');
    const odd = Buffer.concat([
      Buffer.from(text, 'latin1').subarray(0, 3000),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
      Buffer.from(text, 'latin1').subarray(3000, -2),
    ]);
    writeFileSync(path.join(s.dir, 'big.py'), odd);
    for (const read of ['cat big.py', 'cat -n big.py', "nl -ba big.py | sed -n '1,900p'", 'tail -n +2000 big.py']) {
      const command = rewritten(read);
      assert.ok(command, read);
      const out = bash(command, s.dir, env).stdout;
      const lines = bash(`${read} | head -n 200`, s.dir).stdout;
      assert.ok(out.subarray(out.indexOf(0x0a) + 1, out.indexOf(0x0a) + 1 + lines.length).equals(lines), read);
    }
  });

  it('a file of exactly 200 lines is read as it is, and one of 201 is printed whole, as cat prints it: shortening it would cost more', () => {
    writeFileSync(path.join(s.dir, 'two.py'), readFileSync(ARGPARSE, 'utf8').split('\n').slice(0, 200).join('\n') + '\n');
    assert.equal(rewritten('cat two.py'), undefined);
    writeFileSync(path.join(s.dir, 'two.py'), readFileSync(ARGPARSE, 'utf8').split('\n').slice(0, 201).join('\n') + '\n');
    sameAsTheRead('cat two.py', () => undefined);
  });

  it('skim lines is a command of its own: it prints the lines asked for, and fails in one line where it cannot print them as the read would', () => {
    const run = spawnSync(process.execPath, [CLI, 'lines', '--offset', '10', '--limit', '3', '--format', 'cat-n', 'big.py'], {
      cwd: s.dir,
      env: { ...process.env, ...env },
    });
    assert.deepEqual([run.status, run.stdout.toString(), run.stderr.toString()], [0, bash('cat -n big.py | sed -n 10,12p', s.dir).stdout.toString(), '']);
    writeFileSync(path.join(s.dir, 'delim.py'), 'a\n\\:\nb\n');
    const nl = spawnSync(process.execPath, [CLI, 'lines', '--format', 'nl', 'delim.py'], { cwd: s.dir, env: { ...process.env, ...env } });
    assert.deepEqual(
      [nl.status, nl.stdout.toString(), nl.stderr.toString()],
      [1, '', 'skim: line 2 is "\\:", which nl reads as a section delimiter: skim lines cannot print it as nl does; run the command itself\n'],
    );
    const missing = spawnSync(process.execPath, [CLI, 'lines', 'missing.py'], { cwd: s.dir, env: { ...process.env, ...env } });
    assert.equal(missing.status, 1);
    assert.equal(missing.stdout.length, 0);
  });

  it("Gemini's run_shell_command with a dir_path reads the file in that folder: a small file of the same name in the project's folder does not stop the guard", () => {
    mkdirSync(path.join(s.dir, 'src'));
    renameSync(path.join(s.dir, 'big.py'), path.join(s.dir, 'src', 'big.py'));
    writeFileSync(path.join(s.dir, 'big.py'), 'print(1)\n');
    const payload = {
      session_id: 'shell-g',
      cwd: s.dir,
      hook_event_name: 'BeforeTool',
      timestamp: '2026-12-03T11:18:08.591Z',
      tool_name: 'run_shell_command',
      tool_input: { command: 'cat big.py', dir_path: 'src' },
    };
    const out = execFileSync(process.execPath, [CLI, 'hook'], {
      cwd: s.dir,
      input: JSON.stringify(payload),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    const input = (JSON.parse(out) as { hookSpecificOutput: { tool_input: { command: string; dir_path: string } } }).hookSpecificOutput.tool_input;
    assert.equal(input.dir_path, 'src');
    const run = bash(input.command, path.join(s.dir, 'src'), env);
    const lines = run.stdout.toString('utf8').split('\n');
    assert.match(lines[0], /^\[skim\] This read was shortened: lines 1-200 of src\/big\.py are shown, of 2633 in all/);
    assert.equal(lines.slice(1, 201).join('\n'), readFileSync(ARGPARSE, 'utf8').split('\n').slice(0, 200).join('\n'));
  });

  it("Gemini's run_shell_command with a dir_path out of the project (relative or absolute) runs as written: the folder it names is no project of its own", () => {
    for (const dir of [path.relative(s.dir, path.dirname(ARGPARSE)), path.dirname(ARGPARSE)]) {
      const payload = {
        session_id: 'shell-g',
        cwd: s.dir,
        hook_event_name: 'BeforeTool',
        timestamp: '2026-12-03T11:18:08.591Z',
        tool_name: 'run_shell_command',
        tool_input: { command: 'cat argparse.py', dir_path: dir },
      };
      const run = spawnSync(process.execPath, [CLI, 'hook'], { cwd: s.dir, input: JSON.stringify(payload), env: { ...process.env, ...env } });
      assert.deepEqual(
        [run.status, run.stdout.toString(), run.stderr.toString()],
        [0, '', `skim: hook: argparse.py is outside the project ${s.dir}; the read goes ahead untouched\n`],
        dir,
      );
    }
  });

  it("skim lines and the hook write their stderr screened: a missing file's or an outside file's name holding a token is redacted", () => {
    const token = `ghp_${'Zq4'.repeat(12)}`;
    const missing = spawnSync(process.execPath, [CLI, 'lines', `gone_${token}.py`], { cwd: s.dir, env: { ...process.env, ...env } });
    assert.deepEqual([missing.status, missing.stderr.toString()], [1, 'skim: gone_[redacted: GitHub Token].py does not exist\n']);
    const outside = mkdirSyncTemp();
    try {
      const file = path.join(outside, `o_${token}.py`);
      writeFileSync(file, readFileSync(ARGPARSE));
      const payload = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', tool_name: 'Read', tool_input: { file_path: file }, cwd: s.dir });
      const hook = spawnSync(process.execPath, [CLI, 'hook'], { cwd: s.dir, env: { ...process.env, ...env }, input: payload });
      assert.deepEqual(
        [hook.status, hook.stdout.toString(), hook.stderr.toString()],
        [0, '', `skim: hook: ${outside}/o_[redacted: GitHub Token].py is outside the project ${s.dir}; the read goes ahead untouched\n`],
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

function mkdirSyncTemp(): string {
  const dir = path.join(os.tmpdir(), `skim-outside-${process.pid}-${Date.now()}`);
  mkdirSync(dir);
  return dir;
}
