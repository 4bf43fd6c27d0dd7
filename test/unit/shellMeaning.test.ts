import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { explainShellRead } from '../../src/core/shell/recognize';
import { scratch } from '../support/files';

const ARGPARSE = '/usr/lib/python3.11/argparse.py';

/** A command line as a host's shell tool runs it: bash -c, in `cwd`, with HOME set. */
function bash(command: string, cwd: string, home: string) {
  const run = spawnSync('/bin/bash', ['-c', command], { cwd, env: { ...process.env, HOME: home } });
  return { status: run.status, stdout: run.stdout.toString('latin1') };
}

/**
 * Commands whose words look like a plain read of one file but which the shell or the program runs
 * otherwise (another file, or an error): each is run for real to show what it does, and the
 * recognizer must leave it alone, since Skim's rewrite would print the named file's lines instead.
 */
describe('the shell-read recognizer leaves alone a command that does not read the file its words name (run in bash on real files)', function () {
  this.timeout(20_000);
  let s: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
    copyFileSync(ARGPARSE, path.join(s.dir, 'big.py'));
  });
  afterEach(() => s.cleanup());

  it('a tilde after = in an argument is the home folder to bash: cat a=~/big.py reads $HOME/big.py, not the folder named a=~', () => {
    const home = path.join(s.dir, 'home');
    mkdirSync(home);
    mkdirSync(path.join(s.dir, 'a=~'));
    copyFileSync(ARGPARSE, path.join(s.dir, 'a=~', 'big.py'));
    const run = bash('cat a=~/big.py', s.dir, home);
    assert.deepEqual([run.status, run.stdout], [1, '']);
    assert.deepEqual(explainShellRead('cat a=~/big.py', 'posix'), { refused: 'glob' });
    assert.deepEqual(explainShellRead('head -n 900 x.py:~/big.py', 'posix'), { refused: 'glob' });
  });

  it('tail -+500 is an invalid option to GNU tail, not lines 500 on', () => {
    const run = bash('tail -+500 big.py', s.dir, s.dir);
    assert.deepEqual([run.status, run.stdout], [1, '']);
    assert.deepEqual(explainShellRead('tail -+500 big.py', 'posix'), { refused: 'option' });
    assert.deepEqual(explainShellRead('head -+500 big.py', 'posix'), { refused: 'option' });
  });

  it("awk takes a -- after its program as a file named --: awk 'NR<=900' -- big.py fails and prints nothing", () => {
    const run = bash("awk 'NR<=900' -- big.py", s.dir, s.dir);
    assert.deepEqual([run.status, run.stdout], [2, '']);
    assert.deepEqual(explainShellRead("awk 'NR<=900' -- big.py", 'posix'), { refused: 'option' });
    // Before the program, -- ends awk's options as it does for every program.
    assert.equal(bash("awk -- 'NR<=900' big.py", s.dir, s.dir).stdout.split('\n').length, 901);
    assert.ok(!('refused' in explainShellRead("awk -- 'NR<=900' big.py", 'posix')));
  });
});

/**
 * PowerShell opens what a path names only through -LiteralPath: a positional or -Path path is a
 * wildcard pattern even in quotes (Get-Content 'a[1].py' reads a1.py, and nothing when only
 * a[1].py exists), ~ is the home folder, and env:, variable: or HKCU: are a provider's drives.
 * None of those is the file Skim would print, so each runs as written.
 */
describe('the shell-read recognizer leaves alone a Get-Content whose path PowerShell reads as more than a file name', () => {
  for (const [line, reason] of [
    ["Get-Content 'a[1].py'", 'glob'],
    ['Get-Content -Path "src/*.py"', 'glob'],
    ["gc 'big?.py' -TotalCount 900", 'glob'],
    ['Get-Content ~/big.py', 'glob'],
    ["Get-Content -LiteralPath '~/big.py'", 'glob'],
    ['Get-Content env:SKIM_TOKEN', 'file name'],
    ["Get-Content 'variable:secret'", 'file name'],
    ['Get-Content HKCU:\\Software\\x', 'file name'],
  ] as const) {
    it(`refuses ${JSON.stringify(line)}: ${reason}`, () => {
      assert.deepEqual(explainShellRead(line, 'powershell'), { refused: reason });
    });
  }

  it('reads a bracketed name through -LiteralPath, and a drive-letter path, as the files they name', () => {
    for (const [line, file] of [
      ["Get-Content -LiteralPath 'a[1].py'", 'a[1].py'],
      ['Get-Content C:\\work\\big.py', 'C:\\work\\big.py'],
    ]) {
      const r = explainShellRead(line, 'powershell');
      assert.ok(!('refused' in r), line);
      assert.equal(r.file, file);
    }
  });
});
