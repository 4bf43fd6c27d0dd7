import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { hookCommand, hookPlace, installHook, removeHook } from '../../src/core/hook/install';
import { skim } from '../support/cli';
import { scratch } from '../support/files';

const COMMAND = hookCommand('/usr/bin/node', '/opt/skim/dist/cli.js');

describe('installing and removing the read hook', () => {
  let s: ReturnType<typeof scratch>;
  let state: string;
  beforeEach(() => {
    s = scratch();
    state = path.join(s.dir, 'state');
  });
  afterEach(() => s.cleanup());

  it('names the command it runs, with a marker a person can read', () => {
    assert.equal(COMMAND, '/usr/bin/node /opt/skim/dist/cli.js hook # skim read guard');
    assert.equal(hookCommand('/Applications/Visual Studio Code', '/x/cli.js'), '"/Applications/Visual Studio Code" /x/cli.js hook # skim read guard');
  });

  it('writes a VS Code hook file of its own, once however often it is installed, and deletes it on removal', () => {
    const place = hookPlace('vscode', 'workspace', s.dir);
    assert.equal(place.file, path.join(s.dir, '.github', 'hooks', 'skim-vscode.json'));
    assert.equal(installHook(place, COMMAND, state).changed, true);
    assert.equal(installHook(place, COMMAND, state).changed, false);
    const entry = { type: 'command', command: COMMAND, timeout: 30 };
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { hooks: { PreToolUse: [entry], PostToolUse: [entry] } });
    assert.equal(removeHook(place, state).changed, true);
    assert.equal(existsSync(place.file), false);
    assert.equal(removeHook(place, state).changed, false);
  });

  it("writes the Copilot CLI's format, at the user level under COPILOT_HOME", () => {
    const place = hookPlace('copilot-cli', 'user', s.dir, { HOME: s.dir, COPILOT_HOME: path.join(s.dir, 'copilot-home') });
    assert.equal(place.file, path.join(s.dir, 'copilot-home', 'hooks', 'skim.json'));
    installHook(place, COMMAND, state);
    const entry = { type: 'command', bash: COMMAND, timeoutSec: 30 };
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { version: 1, hooks: { preToolUse: [entry], postToolUse: [entry] } });
  });

  it("adds one entry to Claude's settings, keeps the other hooks, and removal leaves the file byte-identical", () => {
    const place = hookPlace('claude', 'workspace', s.dir);
    assert.equal(place.file, path.join(s.dir, '.claude', 'settings.local.json'));
    const original =
      '{\n    "permissions": {"allow": ["Bash(ls)"]},\n    "hooks": {\n        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh"}]}]\n    }\n}\n';
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(place.file, original);
    installHook(place, COMMAND, state);
    installHook(place, COMMAND, state);
    const installed = JSON.parse(readFileSync(place.file, 'utf8'));
    assert.deepEqual(installed.permissions, { allow: ['Bash(ls)'] });
    const edits =
      'Edit|MultiEdit|Write|NotebookEdit|edit|create|replace_string_in_file|multi_replace_string_in_file|insert_edit_into_file|create_file|apply_patch|edit_notebook_file';
    assert.deepEqual(installed.hooks.PreToolUse, [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'audit.sh' }] },
      {
        matcher: `Read|read_file|view|mcp__skim__skim_read_file|mcp__skim__skim_find_symbol|${edits}`,
        hooks: [{ type: 'command', command: COMMAND, timeout: 30 }],
      },
    ]);
    assert.deepEqual(installed.hooks.PostToolUse, [{ matcher: edits, hooks: [{ type: 'command', command: COMMAND, timeout: 30 }] }]);
    assert.match(readFileSync(place.file, 'utf8'), /^\{\n {4}"permissions"/);
    removeHook(place, state);
    assert.equal(readFileSync(place.file, 'utf8'), original);
  });

  it('removes only its own entry from a settings file edited since it was installed', () => {
    const place = hookPlace('claude', 'workspace', s.dir);
    installHook(place, COMMAND, state);
    const edited = JSON.parse(readFileSync(place.file, 'utf8'));
    edited.model = 'opus';
    writeFileSync(place.file, JSON.stringify(edited));
    removeHook(place, state);
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { model: 'opus' });
  });

  it("keeps a person's later edits when Skim is installed again and then removed", () => {
    const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
    installHook(place, COMMAND, state);
    const edited = readFileSync(place.file, 'utf8').replace('{', '{\n  // my model\n  "model": "opus",');
    writeFileSync(place.file, edited);
    installHook(place, hookCommand('/usr/local/bin/node', '/opt/skim-2/dist/cli.js'), state);
    removeHook(place, state);
    assert.equal(readFileSync(place.file, 'utf8'), '{\n  // my model\n  "model": "opus"\n}\n');
  });

  it('keeps comments, order and indentation byte for byte around its own entry', () => {
    const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
    const original =
      '{\n\t// Team hooks: ask Ana before changing.\n\t"hooks": {\n\t\t"PreToolUse": [\n\t\t\t{ "matcher": "Bash", "hooks": [] } // audit\n\t\t]\n\t},\n\t"z": 1, "a": 2\n}\n';
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(place.file, original);
    installHook(place, COMMAND, state);
    const installed = readFileSync(place.file, 'utf8');
    assert.match(installed, /^\{\n\t\/\/ Team hooks: ask Ana before changing\.\n/);
    assert.match(installed, /\/\/ audit/);
    assert.match(installed, /"z": 1, "a": 2/);
    removeHook(place, state);
    assert.equal(readFileSync(place.file, 'utf8'), original);
  });

  it('refuses, leaving the file as it was, a PreToolUse that is not a list or hooks that are not an object', () => {
    const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
    mkdirSync(path.dirname(place.file), { recursive: true });
    for (const [text, message] of [
      [
        '{"hooks": {"PreToolUse": {"matcher": "Bash"}}}',
        /"hooks\.PreToolUse" is not a list, so Skim cannot add its entry safely\. Fix it by hand, then try again\./,
      ],
      ['{"hooks": ["x"]}', /"hooks" is not an object, so Skim cannot add its entry safely/],
    ] as const) {
      writeFileSync(place.file, text);
      assert.throws(() => installHook(place, COMMAND, state), message);
      assert.throws(() => removeHook(place, state), message);
      assert.equal(readFileSync(place.file, 'utf8'), text);
    }
  });

  it("edits a linked settings file where it lives, keeping the link and the file's mode", () => {
    const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
    const real = path.join(s.dir, 'dotfiles', 'claude.json');
    mkdirSync(path.dirname(real), { recursive: true });
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(real, '{"model": "opus"}\n');
    chmodSync(real, 0o600);
    symlinkSync(real, place.file);
    installHook(place, COMMAND, state);
    assert.equal(lstatSync(place.file).isSymbolicLink(), true);
    assert.equal(statSync(real).mode & 0o777, 0o600);
    assert.match(readFileSync(real, 'utf8'), /skim read guard/);
  });

  it('removes its hook even when its record of the files it made is corrupt', () => {
    const place = hookPlace('vscode', 'workspace', s.dir);
    installHook(place, COMMAND, state);
    for (const name of require('node:fs').readdirSync(state) as string[]) writeFileSync(path.join(state, name), '{ not json');
    assert.equal(removeHook(place, state).changed, true);
    assert.equal(existsSync(place.file), false);
  });

  it("keeps a workspace install out of the team's commits through .git/info/exclude, and takes exactly its line out again", () => {
    mkdirSync(path.join(s.dir, '.git', 'info'), { recursive: true });
    writeFileSync(path.join(s.dir, '.git', 'info', 'exclude'), '# mine\n*.log\n');
    const vscode = hookPlace('vscode', 'workspace', s.dir);
    const claude = hookPlace('claude', 'workspace', s.dir);
    installHook(vscode, COMMAND, state);
    installHook(claude, COMMAND, state);
    assert.equal(
      readFileSync(path.join(s.dir, '.git', 'info', 'exclude'), 'utf8'),
      '# mine\n*.log\n/.github/hooks/skim-vscode.json\n/.claude/settings.local.json\n',
    );
    removeHook(vscode, state);
    removeHook(claude, state);
    assert.equal(readFileSync(path.join(s.dir, '.git', 'info', 'exclude'), 'utf8'), '# mine\n*.log\n');
  });

  it('puts every shape of settings file back byte for byte: compact, trailing commas, CRLF, comments, empty lists, blank', () => {
    const shapes: Record<string, string> = {
      compact: '{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[]}]}}',
      trailing: '{\n  "hooks": {\n    "PreToolUse": [\n      {"matcher": "Bash", "hooks": []},\n    ],\n  },\n}\n',
      crlf: '{\r\n  "model": "opus",\r\n  "hooks": {\r\n    "PreToolUse": [\r\n      {"matcher": "Bash", "hooks": []}\r\n    ]\r\n  }\r\n}\r\n',
      emptyList: '{\n  "hooks": {\n    "PreToolUse": []\n  }\n}\n',
      emptyHooks: '{\n  "hooks": {}\n}\n',
      comments:
        '{\n  "hooks": {\n    "PreToolUse": [\n      // first\n      {"matcher": "A", "hooks": []},\n      /* second */\n      {"matcher": "B", "hooks": []} // trailing\n    ]\n  }\n}\n',
      blank: '',
      emptyObject: '{}',
    };
    for (const [name, text] of Object.entries(shapes)) {
      const place = hookPlace('claude', 'user', s.dir, { HOME: path.join(s.dir, name) });
      mkdirSync(path.dirname(place.file), { recursive: true });
      writeFileSync(place.file, text);
      installHook(place, COMMAND, state);
      assert.match(readFileSync(place.file, 'utf8'), /skim read guard/, name);
      removeHook(place, state);
      assert.equal(readFileSync(place.file, 'utf8'), text, name);
    }
  });

  it('refuses to touch a settings file that is not JSON', () => {
    const place = hookPlace('claude', 'workspace', s.dir);
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(place.file, '{ broken');
    assert.throws(() => installHook(place, COMMAND, state), /is not a JSON object; Skim leaves it alone/);
    assert.equal(readFileSync(place.file, 'utf8'), '{ broken');
  });

  it('skim hook install and remove do the same from the command line', async () => {
    mkdirSync(path.join(s.dir, '.git'));
    const env = { HOME: s.dir, XDG_STATE_HOME: state };
    const installed = await skim(['hook', 'install', '--host', 'claude'], { cwd: s.dir, env });
    assert.deepEqual(
      [installed.code, installed.stdout],
      [0, `Skim's read hook for claude (workspace) installed in ${path.join(s.dir, '.claude', 'settings.local.json')}`],
    );
    const settings = JSON.parse(readFileSync(path.join(s.dir, '.claude', 'settings.local.json'), 'utf8'));
    assert.match(settings.hooks.PreToolUse[0].hooks[0].command, /cli\.js"? hook # skim read guard$/);
    assert.equal(
      (await skim(['hook', 'install', '--host', 'claude'], { cwd: s.dir, env })).stdout,
      `Skim's read hook for claude (workspace) already installed in ${path.join(s.dir, '.claude', 'settings.local.json')}`,
    );
    assert.equal((await skim(['hook', 'remove', '--host', 'claude'], { cwd: s.dir, env })).code, 0);
    assert.equal(existsSync(path.join(s.dir, '.claude', 'settings.local.json')), false);
    const wrong = await skim(['hook', 'install', '--host', 'emacs'], { cwd: s.dir, env });
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /^--host must be one of vscode, claude, copilot-cli/);
  });
});
