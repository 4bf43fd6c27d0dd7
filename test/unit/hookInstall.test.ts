import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';
import { hookCommands } from '../../src/core/hook/command';
import { SHELL_TOOLS } from '../../src/core/hook/hosts';
import { hasSkimHook, hookPlace, installHook, removeHook } from '../../src/core/hook/install';
import { keepAdded } from '../../src/core/hook/settingsDocument';
import { skim } from '../support/cli';
import { FIXTURES, scratch } from '../support/files';

const COMMANDS = hookCommands('/usr/bin/node', '/opt/skim/dist/cli.js', 'drift', { awk: undefined });
const COMMAND = COMMANDS.pre;

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
    assert.equal(
      hookCommands('/Applications/Visual Studio Code', '/x/cli.js', 'drift', { awk: undefined }).post,
      '"/Applications/Visual Studio Code" /x/cli.js hook # skim read guard',
    );
  });

  it('writes a VS Code hook file of its own, once however often it is installed, and deletes it on removal', () => {
    const place = hookPlace('vscode', 'workspace', s.dir);
    assert.equal(place.file, path.join(s.dir, '.github', 'hooks', 'skim-vscode.json'));
    assert.equal(installHook(place, COMMANDS, state).changed, true);
    assert.equal(installHook(place, COMMANDS, state).changed, false);
    const entry = { type: 'command', command: COMMAND, timeout: 30 };
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { hooks: { PreToolUse: [entry], PostToolUse: [entry] } });
    assert.equal(removeHook(place, state).changed, true);
    assert.equal(existsSync(place.file), false);
    assert.equal(removeHook(place, state).changed, false);
  });

  it("writes the Copilot CLI's format, at the user level under COPILOT_HOME, with an entry for each event that tells the session ledger what the context holds", () => {
    const place = hookPlace('copilot-cli', 'user', s.dir, { HOME: s.dir, COPILOT_HOME: path.join(s.dir, 'copilot-home') });
    assert.equal(place.file, path.join(s.dir, 'copilot-home', 'hooks', 'skim.json'));
    installHook(place, COMMANDS, state);
    const entry = { type: 'command', bash: COMMAND, timeoutSec: 30 };
    const on = (event: string) => [{ type: 'command', bash: `/usr/bin/node /opt/skim/dist/cli.js hook --on ${event} # skim read guard`, timeoutSec: 30 }];
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), {
      version: 1,
      hooks: { preToolUse: [entry], postToolUse: [entry], sessionStart: on('sessionStart'), preCompact: on('preCompact'), subagentStart: on('subagentStart') },
    });
    removeHook(place, state);
    assert.equal(existsSync(place.file), false);
  });

  it("adds one entry to Claude's settings, keeps the other hooks, and removal leaves the file byte-identical", () => {
    const place = hookPlace('claude', 'workspace', s.dir);
    assert.equal(place.file, path.join(s.dir, '.claude', 'settings.local.json'));
    const original =
      '{\n    "permissions": {"allow": ["Bash(ls)"]},\n    "hooks": {\n        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh"}]}]\n    }\n}\n';
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(place.file, original);
    installHook(place, COMMANDS, state);
    installHook(place, COMMANDS, state);
    const installed = JSON.parse(readFileSync(place.file, 'utf8'));
    assert.deepEqual(installed.permissions, { allow: ['Bash(ls)'] });
    const edits =
      'replace_string_in_file|multi_replace_string_in_file|insert_edit_into_file|create_file|apply_patch|edit_notebook_file|Edit|MultiEdit|Write|NotebookEdit|edit|create|str_replace_editor|replace|write_file';
    const ownReads = (tool: string) => `${tool}|mcp__skim__${tool}|mcp__client__${tool}|skim-${tool}|mcp_skim_${tool}`;
    assert.deepEqual(installed.hooks.PreToolUse, [
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'audit.sh' }] },
      {
        matcher: `read_file|copilot_readFile|Read|view|str_replace_editor|${ownReads('skim_read_file')}|${ownReads('skim_find_symbol')}|${edits.replace('|str_replace_editor', '')}|${[...SHELL_TOOLS.keys()].join('|')}`,
        hooks: [{ type: 'command', command: COMMAND, timeout: 30 }],
      },
    ]);
    assert.deepEqual(installed.hooks.PostToolUse, [
      { matcher: `${edits}|Read|view|${[...SHELL_TOOLS.keys()].join('|')}`, hooks: [{ type: 'command', command: COMMAND, timeout: 30 }] },
    ]);
    for (const event of ['SessionStart', 'PreCompact', 'PostCompact', 'SubagentStart'])
      assert.deepEqual(installed.hooks[event], [
        { matcher: '*', hooks: [{ type: 'command', command: `/usr/bin/node /opt/skim/dist/cli.js hook --on ${event} # skim read guard`, timeout: 30 }] },
      ]);
    assert.match(readFileSync(place.file, 'utf8'), /^\{\n {4}"permissions"/);
    removeHook(place, state);
    assert.equal(readFileSync(place.file, 'utf8'), original);
  });

  it('removes only its own entry from a settings file edited since it was installed', () => {
    const place = hookPlace('claude', 'workspace', s.dir);
    installHook(place, COMMANDS, state);
    const edited = JSON.parse(readFileSync(place.file, 'utf8'));
    edited.model = 'opus';
    writeFileSync(place.file, JSON.stringify(edited));
    removeHook(place, state);
    assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { model: 'opus' });
  });

  it("keeps a person's later edits when Skim is installed again and then removed", () => {
    const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
    installHook(place, COMMANDS, state);
    const edited = readFileSync(place.file, 'utf8').replace('{', '{\n  // my model\n  "model": "opus",');
    writeFileSync(place.file, edited);
    installHook(place, hookCommands('/usr/local/bin/node', '/opt/skim-2/dist/cli.js', 'drift', { awk: undefined }), state);
    removeHook(place, state);
    assert.equal(readFileSync(place.file, 'utf8'), '{\n  // my model\n  "model": "opus"\n}\n');
  });

  it('keeps comments, order and indentation byte for byte around its own entry', () => {
    const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
    const original =
      '{\n\t// Team hooks: ask Ana before changing.\n\t"hooks": {\n\t\t"PreToolUse": [\n\t\t\t{ "matcher": "Bash", "hooks": [] } // audit\n\t\t]\n\t},\n\t"z": 1, "a": 2\n}\n';
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(place.file, original);
    installHook(place, COMMANDS, state);
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
      assert.throws(() => installHook(place, COMMANDS, state), message);
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
    installHook(place, COMMANDS, state);
    assert.equal(lstatSync(place.file).isSymbolicLink(), true);
    assert.equal(statSync(real).mode & 0o777, 0o600);
    assert.match(readFileSync(real, 'utf8'), /skim read guard/);
  });

  it('removes its hook even when its record of the files it made is corrupt', () => {
    const place = hookPlace('vscode', 'workspace', s.dir);
    installHook(place, COMMANDS, state);
    for (const name of require('node:fs').readdirSync(state) as string[]) writeFileSync(path.join(state, name), '{ not json');
    assert.equal(removeHook(place, state).changed, true);
    assert.equal(existsSync(place.file), false);
  });

  it("keeps a workspace install out of the team's commits through .git/info/exclude, and takes exactly its line out again", () => {
    mkdirSync(path.join(s.dir, '.git', 'info'), { recursive: true });
    writeFileSync(path.join(s.dir, '.git', 'info', 'exclude'), '# mine\n*.log\n');
    const vscode = hookPlace('vscode', 'workspace', s.dir);
    const claude = hookPlace('claude', 'workspace', s.dir);
    installHook(vscode, COMMANDS, state);
    installHook(claude, COMMANDS, state);
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
      byteOrderMark: '\uFEFF{\n  "model": "opus"\n}\n',
    };
    for (const [name, text] of Object.entries(shapes)) {
      const place = hookPlace('claude', 'user', s.dir, { HOME: path.join(s.dir, name) });
      mkdirSync(path.dirname(place.file), { recursive: true });
      writeFileSync(place.file, text);
      installHook(place, COMMANDS, state);
      assert.match(readFileSync(place.file, 'utf8'), /skim read guard/, name);
      removeHook(place, state);
      assert.equal(readFileSync(place.file, 'utf8'), text, name);
    }
  });

  it('refuses to touch a settings file that is not JSON', () => {
    const place = hookPlace('claude', 'workspace', s.dir);
    mkdirSync(path.dirname(place.file), { recursive: true });
    writeFileSync(place.file, '{ broken');
    assert.throws(() => installHook(place, COMMANDS, state), /is not a JSON object; Skim leaves it alone/);
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
    assert.match(
      settings.hooks.PreToolUse[0].hooks[0].command,
      /^\S*awk '.*cli\.js"? hook --host claude --scope workspace; cat >\/dev\/null";.*' \|\| true # skim read guard$/,
    );
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

  describe('keeping everything the person wrote', () => {
    /** Claude Code's settings as a person shapes them: a group of their own hooks that also runs Skim's command. */
    const shared = (command: string) =>
      `{\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "Read|Bash",\n        "hooks": [\n          { "type": "command", "command": "~/bin/audit.sh" },\n          { "type": "command", "command": ${JSON.stringify(command)}, "timeout": 30 }\n        ]\n      }\n    ]\n  }\n}\n`;
    const OLD = '/usr/bin/node /opt/skim-0.1/dist/cli.js hook # skim read guard';

    it("updates only its own command inside a matcher group it shares with a person's hook, and removal leaves the group and that hook", () => {
      const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
      mkdirSync(path.dirname(place.file), { recursive: true });
      writeFileSync(place.file, shared(OLD));
      assert.equal(installHook(place, COMMANDS, state).changed, true);
      const installed = readFileSync(place.file, 'utf8');
      // The group keeps its matcher and the person's hook; Skim's command is replaced where it stands, and no group of Skim's is added.
      const listEnd = shared(COMMAND).lastIndexOf('    ]') + 5;
      assert.equal(installed.slice(0, listEnd), shared(COMMAND).slice(0, listEnd));
      const value = JSON.parse(installed);
      assert.deepEqual(value.hooks.PreToolUse, [
        {
          matcher: 'Read|Bash',
          hooks: [
            { type: 'command', command: '~/bin/audit.sh' },
            { type: 'command', command: COMMAND, timeout: 30 },
          ],
        },
      ]);
      assert.equal(value.hooks.PostToolUse.length, 1, "after an edit Skim's own group runs");
      assert.equal(installHook(place, COMMANDS, state).changed, false);
      assert.equal(removeHook(place, state).changed, true);
      assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), {
        hooks: { PreToolUse: [{ matcher: 'Read|Bash', hooks: [{ type: 'command', command: '~/bin/audit.sh' }] }] },
      });
    });

    it('puts a real settings file back byte for byte (socks on npm keeps one in its package)', () => {
      const original = readFileSync(path.join(FIXTURES, 'settings', 'socks.settings.local.json'), 'utf8');
      const place = hookPlace('claude', 'workspace', s.dir);
      mkdirSync(path.dirname(place.file), { recursive: true });
      writeFileSync(place.file, original);
      installHook(place, COMMANDS, state);
      const installed = JSON.parse(readFileSync(place.file, 'utf8'));
      assert.deepEqual(installed.permissions, JSON.parse(original).permissions);
      assert.equal(installed.hooks.PreToolUse[0].hooks[0].command, COMMAND);
      removeHook(place, state);
      assert.equal(readFileSync(place.file, 'utf8'), original);
    });

    it("takes out, with its line, the newline an earlier Skim put after the person's unended last line", () => {
      const exclude = path.join(s.dir, '.git', 'info', 'exclude');
      mkdirSync(path.dirname(exclude), { recursive: true });
      const vscode = hookPlace('vscode', 'workspace', s.dir);
      installHook(vscode, COMMANDS, state);
      // As an earlier Skim left them: its line appended after a newline it added, and its record saying so.
      writeFileSync(exclude, '*.log\n/.github/hooks/skim-vscode.json\n');
      keepAdded(state, vscode.file, { created: true, excluded: { newline: true }, holds: ['hook'] });
      removeHook(vscode, state);
      assert.equal(readFileSync(exclude, 'utf8'), '*.log');
    });

    it('takes out of .git/info/exclude only the line Skim added, never one the person had, and keeps a last line without its newline last', () => {
      const exclude = path.join(s.dir, '.git', 'info', 'exclude');
      mkdirSync(path.dirname(exclude), { recursive: true });
      const theirs = '# git ls-files --others --exclude-from=.git/info/exclude\n/.claude/settings.local.json\n*.log';
      writeFileSync(exclude, theirs);
      const claude = hookPlace('claude', 'workspace', s.dir);
      const vscode = hookPlace('vscode', 'workspace', s.dir);
      installHook(claude, COMMANDS, state);
      installHook(vscode, COMMANDS, state);
      assert.equal(readFileSync(exclude, 'utf8'), theirs.replace('*.log', '/.github/hooks/skim-vscode.json\n*.log'));
      removeHook(claude, state);
      removeHook(vscode, state);
      assert.equal(existsSync(claude.file), false);
      assert.equal(readFileSync(exclude, 'utf8'), theirs);
    });

    it('refuses a settings file that is a dangling link, naming the link and where it leads, and writes nothing', () => {
      const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
      const target = path.join(s.dir, 'dotfiles', 'claude', 'settings.json');
      mkdirSync(path.dirname(place.file), { recursive: true });
      symlinkSync(target, place.file);
      const refusal = `${place.file} is a link to ${target}, which does not exist; Skim will not replace the link with a file. Create the file it leads to (or remove the link), then try again.`;
      assert.throws(() => installHook(place, COMMANDS, state), { message: refusal });
      assert.throws(() => removeHook(place, state), { message: refusal });
      assert.equal(lstatSync(place.file).isSymbolicLink(), true);
      assert.deepEqual(readdirSync(path.dirname(place.file)), ['settings.json']);
      assert.equal(existsSync(state), false);
    });

    it('says which path stood in the way when the file system refuses, and writes nothing', () => {
      writeFileSync(path.join(s.dir, '.claude'), 'a file where the folder should be');
      const place = hookPlace('claude', 'workspace', s.dir);
      assert.throws(() => installHook(place, COMMANDS, state), {
        message: `${place.file}: a file stands where a folder should be on the way to it, so Skim could not install its hook. Fix that, then try again.`,
      });
      assert.equal(existsSync(state), false);
    });

    it('refuses a settings file with another hard link, which a file put in its place would leave behind', () => {
      const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
      mkdirSync(path.dirname(place.file), { recursive: true });
      writeFileSync(place.file, '{"model": "opus"}\n');
      linkSync(place.file, path.join(s.dir, 'settings-backup.json'));
      assert.throws(() => installHook(place, COMMANDS, state), {
        message: `${place.file} has 2 hard links; replacing it would leave the others with the old text, so Skim leaves it alone. Make it a single file (or a symbolic link), then try again.`,
      });
      assert.equal(readFileSync(place.file, 'utf8'), '{"model": "opus"}\n');
    });

    it('refuses a FIFO where the settings file or the exclude list should be, at once, leaving the other file untouched', () => {
      const place = hookPlace('claude', 'workspace', s.dir);
      mkdirSync(path.dirname(place.file), { recursive: true });
      execFileSync('mkfifo', [place.file]);
      const notRegular = (file: string) => ({
        message: `${file} is not a regular file (a FIFO, a device or a socket); Skim edits regular files only. Move it away, then try again.`,
      });
      assert.throws(() => installHook(place, COMMANDS, state), notRegular(place.file));
      assert.throws(() => removeHook(place, state), notRegular(place.file));

      const vscode = hookPlace('vscode', 'workspace', s.dir);
      const exclude = path.join(s.dir, '.git', 'info', 'exclude');
      mkdirSync(path.dirname(exclude), { recursive: true });
      execFileSync('mkfifo', [exclude]);
      assert.throws(() => installHook(vscode, COMMANDS, state), notRegular(exclude));
      assert.equal(existsSync(vscode.file), false, 'nothing half-written');
    });

    it('refuses a settings file with two "hooks" keys (or two of one event), naming the file and the key, and leaves it as it was', () => {
      const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
      mkdirSync(path.dirname(place.file), { recursive: true });
      for (const [text, key, where] of [
        ['{\n  "hooks": {},\n  "model": "opus",\n  "hooks": {"PreToolUse": []}\n}\n', 'hooks', 'at the top level'],
        ['{"hooks": {"PreToolUse": [], "PostToolUse": [], "PreToolUse": []}}', 'PreToolUse', 'in "hooks"'],
        ['{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [], "hooks": []}]}}', 'hooks', 'in "hooks.PreToolUse[0]"'],
      ]) {
        writeFileSync(place.file, text);
        const refusal = `${place.file} has the key "${key}" twice ${where}; hosts read only one of them, so Skim cannot tell which to edit. Merge them into one by hand, then try again.`;
        assert.throws(() => installHook(place, COMMANDS, state), { message: refusal });
        assert.throws(() => removeHook(place, state), { message: refusal });
        assert.equal(readFileSync(place.file, 'utf8'), text);
      }
      // A repeated key Skim neither reads nor writes is the person's own business.
      writeFileSync(place.file, '{"model": "opus", "model": "sonnet"}');
      assert.equal(installHook(place, COMMANDS, state).changed, true);
    });

    it('refuses a settings file that is not UTF-8, since writing it back would change bytes Skim does not own', () => {
      const place = hookPlace('claude', 'user', s.dir, { HOME: s.dir });
      mkdirSync(path.dirname(place.file), { recursive: true });
      const latin1 = Buffer.from('{"model": "caf\xe9"}\n', 'latin1');
      writeFileSync(place.file, latin1);
      assert.throws(() => installHook(place, COMMANDS, state), {
        message: `${place.file} is not UTF-8 text, so Skim cannot edit it without changing bytes it does not own. Save it as UTF-8, then try again.`,
      });
      assert.deepEqual(readFileSync(place.file), latin1);
    });

    it("run as root in a person's folder, keeps an existing file's owner, group and mode, and gives what it creates to the folder's owner", () => {
      const home = path.join(s.dir, 'home');
      mkdirSync(home);
      chownSync(home, 65534, 65534);
      const env = { HOME: home };
      // An existing settings file, the person's, private.
      const user = hookPlace('claude', 'user', s.dir, env);
      mkdirSync(path.dirname(user.file));
      chownSync(path.dirname(user.file), 65534, 65534);
      writeFileSync(user.file, '{"model": "opus"}\n');
      chownSync(user.file, 65534, 65534);
      chmodSync(user.file, 0o640);
      const userState = path.join(home, '.local', 'state', 'skim', 'hooks');
      installHook(user, COMMANDS, userState);
      const kept = statSync(user.file);
      assert.deepEqual([kept.uid, kept.gid, kept.mode & 0o777], [65534, 65534, 0o640]);
      // New files and folders: the Copilot CLI's hook file and Skim's own record, each made below the person's home.
      const copilot = hookPlace('copilot-cli', 'user', s.dir, env);
      installHook(copilot, COMMANDS, userState);
      for (const made of [
        copilot.file,
        path.dirname(copilot.file),
        path.join(home, '.copilot'),
        userState,
        path.join(home, '.local'),
        ...readdirSync(userState).map((f) => path.join(userState, f)),
      ]) {
        const stat = statSync(made);
        assert.deepEqual([made, stat.uid, stat.gid], [made, 65534, 65534]);
      }
      removeHook(user, userState);
      const after = statSync(user.file);
      assert.deepEqual([after.uid, after.gid, after.mode & 0o777, readFileSync(user.file, 'utf8')], [65534, 65534, 0o640, '{"model": "opus"}\n']);
    });

    it('tells whether its hook is installed from the hook entries alone, and says no at once for a FIFO', () => {
      const place = hookPlace('claude', 'workspace', s.dir);
      mkdirSync(path.dirname(place.file), { recursive: true });
      writeFileSync(place.file, '{"env": {"NOTE": "# skim read guard"}}');
      assert.equal(hasSkimHook(place), false, 'the marker in a value of its own is no hook');
      writeFileSync(place.file, shared(OLD));
      assert.equal(hasSkimHook(place), true, 'in a group shared with a person');
      rmSync(place.file);
      execFileSync('mkfifo', [place.file]);
      assert.equal(hasSkimHook(place), false);
    });

    it('brings an install by an earlier Skim up to date in place, and removes it', () => {
      const place = hookPlace('vscode', 'workspace', s.dir);
      mkdirSync(path.dirname(place.file), { recursive: true });
      const entry = (command: string) => ({ type: 'command', command, timeout: 30 });
      writeFileSync(place.file, `${JSON.stringify({ hooks: { PreToolUse: [entry(OLD)], PostToolUse: [entry(OLD)] } }, null, 2)}\n`);
      const filtered = hookCommands('/usr/bin/node', '/opt/skim/dist/cli.js', 'drift', { awk: '/usr/bin/awk' });
      assert.equal(installHook(place, filtered, state).changed, true);
      assert.deepEqual(JSON.parse(readFileSync(place.file, 'utf8')), { hooks: { PreToolUse: [entry(filtered.pre)], PostToolUse: [entry(filtered.post)] } });
      assert.equal(installHook(place, filtered, state).changed, false);
      assert.equal(removeHook(place, state).changed, true);
      assert.equal(existsSync(place.file), false);
    });
  });
});
