import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import manifest from '../../package.json';
import { FLAGS } from '../../src/cli/args';
import { COMMANDS } from '../../src/cli/commands/table';
import { cliMarkdown, commandHelp, usage } from '../../src/cli/help';
import { scratch, tsSource } from '../support/files';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');

/** Every file under `dir`, relative to it: what a command wrote there. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !f.startsWith('.cache'))
    .sort();

/**
 * The built `skim` as a process, its stdin a pipe left open (as a terminal or an agent's host
 * leaves it): a command that reads stdin would wait on it.
 */
function skimProcess(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, env: { PATH: process.env.PATH, HOME: cwd, XDG_STATE_HOME: path.join(cwd, '.state'), SKIM_CACHE_DIR: path.join(cwd, '.cache'), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code) : 0, stdout, stderr }),
    );
  });
}

describe("skim's help, from the command table", () => {
  let s: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
  });
  afterEach(() => s.cleanup());

  it('--help of every command prints its own help and does nothing else: no hook installed or removed, no payload waited for', async function () {
    this.timeout(120_000);
    const before = tree(s.dir);
    for (const command of COMMANDS) {
      const r = await skimProcess([...command.name.split(' '), '--help'], s.dir);
      assert.deepEqual([r.code, r.stdout, r.stderr], [0, `${commandHelp(command)}\n`, ''], `skim ${command.name} --help`);
    }
    assert.deepEqual(tree(s.dir), before);
  });

  it("help writes nothing anywhere: a fresh HOME's cache and state folders stay empty after every command's --help, skim, skim help and --version", async function () {
    this.timeout(120_000);
    const home = path.join(s.dir, 'home');
    mkdirSync(home);
    const env = { HOME: home, XDG_CACHE_HOME: path.join(home, 'cache'), XDG_STATE_HOME: path.join(home, 'state'), SKIM_CACHE_DIR: undefined };
    const asks = [[], ['--help'], ['-h'], ['help'], ['help', 'read'], ['--version'], ...COMMANDS.map((c) => [...c.name.split(' '), '--help'])];
    for (const args of asks) {
      await skimProcess(args, s.dir, env);
      assert.deepEqual(readdirSync(home, { recursive: true }), [], `skim ${args.join(' ')}`);
    }
  });

  it('skim hook install --help writes no settings file, and --help after the flags is still help', async () => {
    for (const args of [
      ['hook', 'install', '--help'],
      ['hook', 'install', '--host', 'claude', '--help'],
      ['hook', 'remove', '--host', 'claude', '-h'],
    ]) {
      const r = await skimProcess(args, s.dir);
      assert.equal(r.code, 0, args.join(' '));
      assert.match(r.stdout, /^skim hook (install|remove) \[--host H\]/);
    }
    assert.deepEqual(tree(s.dir), ['.git', 'big.ts']);
  });

  it('skim hook --edit-gate --help is help, not a hook run with --help as its gate; a gate it cannot use is said in one line, and the hook still answers', async () => {
    const help = await skimProcess(['hook', '--edit-gate', '--help'], s.dir);
    assert.deepEqual([help.code, help.stdout], [0, `${commandHelp(COMMANDS.find((c) => c.name === 'hook')!)}\n`]);
    const bogus = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [CLI, 'hook', '--edit-gate', 'bogus'],
        { cwd: s.dir, env: { PATH: process.env.PATH, HOME: s.dir } },
        (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code) : 0, stdout, stderr }),
      );
      child.stdin?.end('{}');
    });
    assert.deepEqual(
      [bogus.code, bogus.stderr.split('\n')],
      [
        0,
        [
          'skim: hook: --edit-gate "bogus" is not one of off, drift, strict; the hook uses drift',
          'skim: hook: the payload names no tool; the call goes ahead untouched',
          '',
        ],
      ],
    );
  });

  it('skim hook --help in a terminal prints the help at once rather than wait for a payload', async () => {
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
      // script(1) runs the command on a pseudo-terminal of its own: stdin is a terminal nobody types into.
      execFile('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} hook --help`, '/dev/null'], { cwd: s.dir }, (error, out) =>
        error ? reject(error) : resolve({ stdout: out }),
      ),
    );
    assert.equal(stdout.replace(/\r\n/g, '\n'), `${commandHelp(COMMANDS.find((c) => c.name === 'hook')!)}\n`);
  });

  it('skim hook help and skim mcp help are their help, at once, with stdin a terminal nobody types into', async () => {
    for (const name of ['hook', 'mcp']) {
      const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
        execFile(
          'script',
          ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${name} help`, '/dev/null'],
          { cwd: s.dir, timeout: 20_000 },
          (error, out) => (error ? reject(error) : resolve({ stdout: out })),
        ),
      );
      assert.equal(stdout.replace(/\r\n/g, '\n'), `${commandHelp(COMMANDS.find((c) => c.name === name)!)}\n`);
    }
  });

  it("a file's ESC sequences and bidi marks reach a terminal as escapes, and a pipe (an agent) as the file's own bytes", async () => {
    s.write('color.ts', 'export const red = "\x1b[31m";\nexport const flip = "a\u202eb";\n');
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
      execFile(
        'script',
        ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} read color.ts`, '/dev/null'],
        { cwd: s.dir, env: { PATH: process.env.PATH, HOME: s.dir, SKIM_CACHE_DIR: path.join(s.dir, '.cache') } },
        (error, out) => (error ? reject(error) : resolve({ stdout: out })),
      ),
    );
    assert.equal(stdout.replace(/\r\n/g, '\n'), '1\texport const red = "\\u001b[31m";\n2\texport const flip = "a\\u202eb";\n');
    const piped = await skimProcess(['read', 'color.ts'], s.dir);
    assert.equal(piped.stdout, '1\texport const red = "\x1b[31m";\n2\texport const flip = "a\u202eb";\n');
  });

  it('skim hook install on a settings file Skim will not edit fails in its one line (exit 1), and leaves the file as it was', async () => {
    mkdirSync(path.join(s.dir, '.claude'));
    s.write('.claude/settings.local.json', '{ broken');
    const r = await skimProcess(['hook', 'install', '--host', 'claude'], s.dir);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^skim: [^\n]*is not a JSON object; Skim leaves it alone[^\n]*\n$/);
    assert.equal(readFileSync(path.join(s.dir, '.claude', 'settings.local.json'), 'utf8'), '{ broken');
  });

  it("skim read --help is read's own help: its arguments and options, not every command and variable", async () => {
    const r = await skimProcess(['read', '--help'], s.dir);
    assert.deepEqual(r.stdout.split('\n').slice(0, 12), [
      'skim read FILE [--offset N] [--limit N] [--session ID] [--agent ID] [--json]',
      '',
      "A read as an agent's read is guarded: one of more than SKIM_LINE_LIMIT lines (200 by default) comes back as that many",
      "lines from its start, a notice with the next start, and the file's map (made when missing or stale). With --session, the",
      "read is recorded in that agent session's ledger (the one its host's hooks keep), and lines the session still holds",
      'unchanged come back as a note (docs/hooks.md).',
      '',
      'Arguments:',
      '  FILE  the file to read',
      '',
      'Options:',
      '  --offset N       the first line to return, from 1 (default 1)',
    ]);
    assert.match(r.stdout, /\n {2}--root DIR {7}the project \(default: the git root above the current folder, else the folder\); FILE must be inside it\n/);
    assert.doesNotMatch(r.stdout, /SKIM_JUDGE_URL|skim overview/);
    assert.equal((await skimProcess(['help', 'read'], s.dir)).stdout, r.stdout);
  });

  it('a usage error is its one line and where the help is, never the whole help', async function () {
    this.timeout(60_000);
    for (const [args, line, help] of [
      [['read', 'big.ts', '--offset', '0'], '--offset must be a whole number from 1, not 0', 'skim read'],
      [['read', 'big.ts', '--glob', '*.ts'], 'skim read takes no --glob', 'skim read'],
      [['read'], 'FILE is missing: skim read FILE [--offset N] [--limit N] [--session ID] [--agent ID] [--json]', 'skim read'],
      [['at', 'big.ts', 'x'], 'LINE must be a whole number from 1, not "x"', 'skim at'],
      [['search', 'a', 'b'], '"b" is one argument too many: skim search PATTERN [--path P] [--glob G] [--literal] [--max N] [--json]', 'skim search'],
      [['team', 'purge', 'big.ts'], '"purge" is not a subcommand of skim team: skim team forget FILE [--json]', 'skim team'],
      [['judge'], 'skim judge needs a subcommand: skim judge stats', 'skim judge'],
      [['frobnicate'], 'unknown command "frobnicate"', 'skim'],
      [['help', 'frobnicate'], 'unknown command "frobnicate"', 'skim'],
      [['read', 'big.ts', '-x'], 'unknown option -x (a value that starts with - goes after --)', 'skim read'],
      [['at', 'big.ts', '0'], 'LINE must be a whole number from 1, not "0"', 'skim at'],
    ] as const) {
      const r = await skimProcess([...args], s.dir);
      assert.deepEqual([r.code, r.stdout, r.stderr], [2, '', `skim: ${line}\nskim: see ${help} --help\n`], args.join(' '));
    }
  });

  it('skim -h is the general help and skim --version prints the version', async () => {
    for (const args of [['-h'], ['--help'], ['help']]) assert.deepEqual(await skimProcess(args, s.dir), { code: 0, stdout: `${usage()}\n`, stderr: '' });
    assert.deepEqual(await skimProcess(['--version'], s.dir), { code: 0, stdout: `skim ${manifest.version}\n`, stderr: '' });
    assert.match(usage(), /\n {2}skim hook remove \[--host H\] \[--scope S\] {12}takes Skim's hook entry out of the host's settings file\n/);
  });

  it('every flag a command declares is one the parser knows, and says what it does there', () => {
    for (const command of COMMANDS)
      for (const [flag, help] of Object.entries(command.flags)) {
        assert.ok(Object.hasOwn(FLAGS, flag), `${command.name} --${flag}`);
        assert.ok(help.length > 10, `${command.name} --${flag}`);
      }
    assert.equal(new Set(COMMANDS.map((c) => c.name)).size, COMMANDS.length);
  });

  it('docs/cli.md lists the commands and their help exactly as the table draws them (run npm run cli:write after changing it)', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
    assert.equal(cliMarkdown(doc), doc);
    for (const command of COMMANDS) assert.ok(doc.includes(`### skim ${command.name}\n`), command.name);
  });
});
