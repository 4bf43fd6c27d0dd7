import * as assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { idleOptions, optionsFromEnv, optionsFromSettings } from '../../src/core/config/read';
import { OPTION_NAMES, OPTIONS, OptionSpec } from '../../src/core/config/options';
import { Project } from '../../src/core/files/project';
import { lspSource } from '../../src/core/tools/lsp';
import { skim } from '../support/cli';
import { mcpClient } from '../support/mcp';
import { scratch, tsSource } from '../support/files';

const CLI = path.resolve(__dirname, '../../../dist/cli.js');

/** The built `skim` as a process, its stdin left open: a command that waits on a FIFO or stdin would not return. */
function skimProcess(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { PATH: process.env.PATH, HOME: cwd, SKIM_CACHE_DIR: path.join(cwd, '.cache'), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code) : 0, stdout, stderr }),
    );
  });
}

describe('the project boundary on the command line', () => {
  let s: ReturnType<typeof scratch>;
  let outside: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
    outside = scratch('skim-outside-');
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
    // A real source file outside the project, and links inside the project to it, to its folder and to /etc/hostname.
    outside.write('far.ts', tsSource(30, 26));
    symlinkSync(path.join(outside.dir, 'far.ts'), path.join(s.dir, 'far.ts'));
    symlinkSync('/etc/hostname', path.join(s.dir, 'host.ts'));
    symlinkSync(outside.dir, path.join(s.dir, 'elsewhere'));
  });
  afterEach(() => {
    s.cleanup();
    outside.cleanup();
  });

  const refused = (name: string, root: string) => `skim: ${name} is outside the project (${root}); Skim reads only files inside it\n`;

  it('every command refuses a link inside the project that leads out of it, to a real file or to /etc/hostname', async function () {
    this.timeout(120_000);
    for (const link of ['far.ts', 'host.ts']) {
      for (const args of [
        ['read', link],
        ['map', link],
        ['at', link, '1'],
        ['query', link, 'definitions'],
        ['node-at', link, '1'],
        ['lsp', link, '1', 'fn0', 'definition'],
        ['team', 'forget', link],
        ['search', 'fn0', '--path', link],
      ]) {
        const r = await skimProcess(args, s.dir);
        assert.deepEqual([r.code, r.stdout, r.stderr], [1, '', refused(link, s.dir)], args.join(' '));
      }
    }
    for (const args of [
      ['overview', 'elsewhere'],
      ['search', 'fn0', '--path', 'elsewhere'],
    ]) {
      const r = await skimProcess(args, s.dir);
      assert.deepEqual([r.code, r.stdout, r.stderr], [1, '', refused('elsewhere', s.dir)], args.join(' '));
    }
  });

  it('a link to nothing is said not to exist, and a link loop to be one, each in its one line, never as outside the project or a FIFO', async () => {
    symlinkSync(path.join(s.dir, 'gone.ts'), path.join(s.dir, 'dangling.ts'));
    symlinkSync('loop-b.ts', path.join(s.dir, 'loop-a.ts'));
    symlinkSync('loop-a.ts', path.join(s.dir, 'loop-b.ts'));
    for (const command of ['read', 'map']) {
      const dangling = await skimProcess([command, 'dangling.ts'], s.dir);
      assert.deepEqual([dangling.code, dangling.stderr], [1, 'skim: dangling.ts does not exist\n'], command);
      const loop = await skimProcess([command, 'loop-a.ts'], s.dir);
      assert.deepEqual([loop.code, loop.stderr], [1, 'skim: loop-a.ts is a link loop: its links lead back to themselves, never to a file\n'], command);
    }
  });

  it('--root DIR keeps the boundary: a file named outside it is refused, a file inside it is read', async () => {
    for (const file of ['/etc/hostname', path.join(outside.dir, 'far.ts')]) {
      const r = await skimProcess(['read', '--root', '.', file], s.dir);
      assert.deepEqual([r.code, r.stdout, r.stderr], [1, '', refused(file, s.dir)], file);
    }
    const inside = await skimProcess(['read', '--root', '.', path.join(s.dir, 'big.ts'), '--limit', '1'], s.dir);
    assert.deepEqual([inside.code, inside.stdout], [0, '1\texport function fn0(n: number): number {\n']);
  });

  it('--root and --cache-dir may come before the command, as git takes them: the same read, the same boundary; with no folder, or before the hook, a usage error', async () => {
    const file = path.join(s.dir, 'big.ts');
    for (const args of [
      ['--root', s.dir, 'read', file, '--limit', '1'],
      [`--root=${s.dir}`, '--cache-dir', path.join(s.dir, '.other'), 'read', file, '--limit', '1'],
    ]) {
      const r = await skimProcess(args, outside.dir);
      assert.deepEqual([r.code, r.stdout, r.stderr], [0, '1\texport function fn0(n: number): number {\n', ''], args.join(' '));
    }
    const far = path.join(outside.dir, 'far.ts');
    assert.deepEqual((await skimProcess(['--root', '.', 'read', far], s.dir)).stderr, refused(far, s.dir));
    const bare = await skimProcess(['--root'], s.dir);
    assert.deepEqual([bare.code, bare.stderr], [2, 'skim: --root needs a folder: skim --root DIR COMMAND …\nskim: see skim --help\n']);
    const hook = await skimProcess(['--root', '.', 'hook'], s.dir);
    assert.deepEqual([hook.code, hook.stderr], [2, 'skim: skim hook takes no --root\nskim: see skim hook --help\n']);
  });

  it('a flag whose value is left out, so that the next option would be taken for it, is a usage error in one line, before or after the command', async () => {
    const file = path.join(s.dir, 'big.ts');
    const said = '--cache-dir needs a value, and --root is an option: give --cache-dir its value (--cache-dir=VALUE if the value itself starts with --)';
    for (const [args, help] of [
      [['--cache-dir', '--root', 'read', file], 'skim'],
      [['read', file, '--cache-dir', '--root', s.dir], 'skim read'],
    ] as const) {
      const r = await skimProcess([...args], s.dir);
      assert.deepEqual([r.code, r.stdout, r.stderr], [2, '', `skim: ${said}\nskim: see ${help} --help\n`], args.join(' '));
    }
    assert.equal(existsSync(path.join(s.dir, '--root')), false);
  });

  it("without --root the project is the current folder's: a file named outside it (/etc/passwd, another project's file) is refused in one line that names --root, and --root reads it", async () => {
    const far = path.join(outside.dir, 'far.ts');
    const named: [string[], string][] = [
      [['read', '/etc/passwd'], '/etc/passwd'],
      [['map', far], far],
      [['at', far, '1'], far],
      [['node-at', far, '1'], far],
    ];
    for (const [args, file] of named) {
      const r = await skim(args, { cwd: s.dir });
      assert.deepEqual(
        [r.code, r.stdout, r.stderr],
        [1, '', `${file} is outside the project (${s.dir}); Skim reads only files inside it; pass --root DIR to work in another project`],
        args.join(' '),
      );
    }
    const other = await skim(['read', '--root', outside.dir, far, '--limit', '1'], { cwd: s.dir });
    assert.deepEqual([other.code, other.stdout], [0, '1\texport function fn0(n: number): number {']);
  });

  it('an argument quoted in an error has its control characters, ESC sequences and bidi marks escaped or taken out, never printed raw', async () => {
    const cases: [string[], string][] = [
      [['frob\x1b[31mX\u202e'], 'unknown command "frob\\u001b[31mX"\nsee skim --help'],
      [
        ['read', 'big.ts', 'b\u009b2J\u202ec\nskim: fake'],
        '"b\\u009b2Jc\\nskim: fake" is one argument too many: skim read FILE [--offset N] [--limit N] [--session ID] [--agent ID] [--json]\nsee skim read --help',
      ],
      [['read', 'big.ts', '--\x1b]0;t\x07'], 'unknown option --\\u001b]0;t\\u0007\nsee skim read --help'],
      [['read', 'no\x1b]0;pwned\x07such.ts'], 'no\\u001b]0;pwned\\u0007such.ts does not exist'],
      [['read', '--root', 'q\x1b[2J', 'big.ts'], `--root q\\u001b[2J: there is no folder ${s.dir}/q\\u001b[2J`],
      [['at', 'big.ts', '1\x1b[2J'], 'LINE must be a whole number from 1, not "1\\u001b[2J"\nsee skim at --help'],
    ];
    for (const [args, stderr] of cases) assert.equal((await skim(args, { cwd: s.dir })).stderr, stderr, JSON.stringify(args));
  });

  it('a flag that takes a value, given twice, is a usage error naming it (exit 2), not the last one taken in silence', async () => {
    const cases: [string[], string][] = [
      [['read', 'big.ts', '--offset', '1', '--offset', '5'], '--offset is given twice; give it once\nsee skim read --help'],
      [['search', 'fn0', '--max=3', '--max', '4'], '--max is given twice; give it once\nsee skim search --help'],
    ];
    for (const [args, stderr] of cases) {
      const r = await skim(args, { cwd: s.dir });
      assert.deepEqual([r.code, r.stdout, r.stderr], [2, '', stderr], JSON.stringify(args));
    }
  });

  it('a FIFO as search --path is answered at once with a clear error, never handed to ripgrep', async () => {
    execFileSync('mkfifo', [path.join(s.dir, 'pipe')]);
    const r = await skimProcess(['search', 'fn0', '--path', 'pipe'], s.dir);
    assert.deepEqual([r.code, r.stdout, r.stderr], [1, '', 'skim: pipe is not a regular file (a FIFO, a device or a socket); Skim reads regular files only\n']);
  });

  it('a FIFO as the path of skim_search over MCP (as in VS Code) is refused at once, never handed to ripgrep', async () => {
    execFileSync('mkfifo', [path.join(s.dir, 'pipe.ts')]);
    const client = await mcpClient(s.dir);
    try {
      const result = (await client.callTool({ name: 'skim_search', arguments: { pattern: 'fn0', path: 'pipe.ts' } })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      assert.deepEqual(
        [result.isError, result.content.map((c) => c.text)],
        [true, ['skim_search: pipe.ts is not a regular file or folder; search a file or folder.']],
      );
    } finally {
      await client.close();
    }
  });

  it("skim_lsp's own check comes before any host opens the file: a FIFO is refused without being read", async () => {
    execFileSync('mkfifo', [path.join(s.dir, 'pipe.ts')]);
    await assert.rejects(lspSource(new Project(s.dir).file('pipe.ts')), {
      message: 'pipe.ts is not a regular file (a FIFO, a device or a socket); Skim reads regular files only. Use skim_search for the name instead.',
    });
  });
});

describe('an option that cannot take effect says so', () => {
  it('the judge URL and model with no judge backend: one line, once, saying why and what to set', async () => {
    const s = scratch();
    try {
      mkdirSync(path.join(s.dir, '.git'));
      s.write('big.ts', tsSource(30, 26));
      const r = await skimProcess(['read', 'big.ts', '--limit', '1'], s.dir, { SKIM_JUDGE_URL: 'http://127.0.0.1:9/v1', SKIM_JUDGE_MODEL: 'judge' });
      assert.deepEqual(
        [r.code, r.stderr],
        [0, 'skim: SKIM_JUDGE_URL and SKIM_JUDGE_MODEL are set, but SKIM_JUDGE_BACKEND is none, so they do nothing: set SKIM_JUDGE_BACKEND to openai\n'],
      );
      const judged = await skim(['read', 'big.ts', '--limit', '1'], {
        cwd: s.dir,
        env: { SKIM_JUDGE_BACKEND: 'openai', SKIM_JUDGE_URL: 'http://127.0.0.1:9/v1', SKIM_JUDGE_MODEL: 'judge' },
      });
      assert.equal(judged.stderr, '');
    } finally {
      s.cleanup();
    }
  });

  it('names each idle combination in the words of its host: variables on the command line, settings in VS Code', () => {
    assert.deepEqual(idleOptions(optionsFromEnv({ SKIM_JUDGE_BACKEND: 'openai' })), [
      'SKIM_JUDGE_BACKEND=openai is set, but SKIM_JUDGE_URL is not set and SKIM_JUDGE_MODEL is not set, so it does nothing: set SKIM_JUDGE_URL and SKIM_JUDGE_MODEL',
    ]);
    assert.deepEqual(idleOptions(optionsFromEnv({ SKIM_MODEL_NAME: 'gpt-4o-mini', SKIM_JUDGE_MODE: 'enforcing' })), [
      'SKIM_MODEL_NAME is set, but SKIM_MODEL_URL is not set, so it does nothing: set SKIM_MODEL_URL',
      'SKIM_JUDGE_MODE=enforcing is set, but SKIM_JUDGE_BACKEND is none, so it does nothing: set SKIM_JUDGE_BACKEND to openai or vscode.lm',
    ]);
    // A value the option does not take is its own problem, not also an idle one.
    assert.deepEqual(idleOptions(optionsFromEnv({ SKIM_JUDGE_MODE: 'loud' })), []);
    const values: Record<string, { globalValue?: unknown }> = {
      'judge.url': { globalValue: 'http://localhost:8000/v1' },
      'judge.model': { globalValue: 'judge' },
      'hover.enabled': { globalValue: false },
      'hover.anywhere': { globalValue: true },
    };
    assert.deepEqual(idleOptions(optionsFromSettings({ inspect: (key) => values[key] }, {})), [
      'skim.hover.anywhere is set, but skim.hover.enabled is false, so it does nothing: set skim.hover.enabled to true',
      'skim.judge.url and skim.judge.model are set, but skim.judge.backend is none, so they do nothing: set skim.judge.backend to openai',
    ]);
  });

  it("in VS Code, SKIM_REDACT=0 and a workspace's value for a user-only setting do nothing, and each says so in one line", () => {
    const workspace: Record<string, { workspaceValue?: unknown }> = {
      'screen.redactSecrets': { workspaceValue: false },
      'judge.url': { workspaceValue: 'http://evil/v1' },
    };
    const read = optionsFromSettings({ inspect: (key) => workspace[key] }, { SKIM_REDACT: '0', SKIM_JUDGE_KEY: 'sk-test' });
    assert.equal(read.options.redactSecrets, true);
    assert.equal(read.options.judgeUrl, '');
    assert.deepEqual(read.problems, [
      'SKIM_REDACT is set, but VS Code reads skim.screen.redactSecrets instead, so it does nothing here: set skim.screen.redactSecrets',
      "skim.screen.redactSecrets is set in this workspace's settings, which may not set it, so it does nothing: set it in your user settings",
      "skim.judge.url is set in this workspace's settings, which may not set it, so it does nothing: set it in your user settings",
    ]);
  });

  it("in an untrusted VS Code workspace, the workspace's own guard limit, edit gate, model and judge are ignored until it is trusted, each said in one line, and the user's values hold", () => {
    const hostile: Record<string, { workspaceValue?: unknown; workspaceFolderValue?: unknown; globalValue?: unknown }> = {
      'guard.lineLimit': { workspaceFolderValue: 100_000, globalValue: 300 },
      editGate: { workspaceValue: 'off' },
      'model.family': { workspaceValue: 'o1-pro' },
      'judge.verify': { workspaceValue: 'off', globalValue: 'enforcing' },
      'codeLens.enabled': { workspaceValue: false },
    };
    const inspect = (key: string) => hostile[key];
    const untrusted = optionsFromSettings({ inspect }, {}, false);
    assert.deepEqual(
      [untrusted.options.lineLimit, untrusted.options.editGate, untrusted.options.modelFamily, untrusted.options.judgeVerify, untrusted.options.codeLens],
      [300, 'drift', '', 'enforcing', false],
    );
    assert.deepEqual(
      untrusted.problems,
      ['skim.guard.lineLimit', 'skim.editGate', 'skim.model.family', 'skim.judge.verify'].map(
        (setting) =>
          `${setting} is set in this workspace's settings, which count only once the workspace is trusted: trust it, or set it in your user settings`,
      ),
    );
    const trusted = optionsFromSettings({ inspect }, {}, true);
    assert.deepEqual(
      [trusted.options.lineLimit, trusted.options.editGate, trusted.options.modelFamily, trusted.options.judgeVerify],
      [100_000, 'off', 'o1-pro', 'off'],
    );
    assert.deepEqual(trusted.problems, []);
  });

  it('skim hook says an idle option on stderr and keeps its answer one JSON object on stdout', async () => {
    const s = scratch();
    after(() => s.cleanup());
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
    const payload = JSON.stringify({
      session_id: 's1',
      hook_event_name: 'PreToolUse',
      tool_name: 'Read',
      cwd: s.dir,
      tool_input: { file_path: path.join(s.dir, 'big.ts') },
    });
    const r = await skim(['hook'], { cwd: s.dir, stdin: payload, env: { SKIM_JUDGE_URL: 'http://localhost:8000/v1', SKIM_JUDGE_MODEL: 'judge' } });
    assert.equal(r.code, 0);
    assert.equal(
      r.stderr,
      'hook: SKIM_JUDGE_URL and SKIM_JUDGE_MODEL are set, but SKIM_JUDGE_BACKEND is none, so they do nothing: set SKIM_JUDGE_BACKEND to openai',
    );
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.updatedInput.limit, 200);
  });

  it("every option's needs name an option of the table and values it takes", () => {
    for (const name of OPTION_NAMES) {
      const spec: OptionSpec = OPTIONS[name];
      for (const need of spec.needs ?? []) {
        const other: OptionSpec | undefined = OPTIONS[need.option as keyof typeof OPTIONS];
        assert.ok(other, `${name} needs ${need.option}`);
        const takes = other.type === 'enum' ? other.values : other.type === 'boolean' ? ['true', 'false'] : undefined;
        if (need.values !== 'set') for (const value of need.values) assert.ok(takes?.includes(value), `${name} needs ${need.option}=${value}`);
        if (spec.type === 'enum') for (const value of need.when ?? []) assert.ok(spec.values.includes(value), `${name} when ${value}`);
      }
    }
  });
});
