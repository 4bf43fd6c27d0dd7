import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseDiff, unquotePath } from '../../src/core/changes/gitDiff';
import { skim } from '../support/cli';
import { scratch } from '../support/files';
import { leakedShapes, secretShapes } from '../support/secretShapes';

/** A git work tree holding Python's textwrap.py and shlex.py, committed. */
function repository(): ReturnType<typeof scratch> {
  const s = scratch('skim-changes-');
  execFileSync('git', ['init', '-q', s.dir]);
  // The tests' own cache is in the work tree: git is told to leave it out, as a person's ignore file would.
  writeFileSync(path.join(s.dir, '.git', 'info', 'exclude'), '.cache/\n');
  for (const name of ['textwrap.py', 'shlex.py']) copyFileSync(`/usr/lib/python3.11/${name}`, path.join(s.dir, name));
  execFileSync('git', ['add', '.'], { cwd: s.dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'base'], { cwd: s.dir });
  return s;
}

const edit = (file: string, change: (lines: string[]) => string[]) => writeFileSync(file, change(readFileSync(file, 'utf8').split('\n')).join('\n'));

describe('skim changes: the git diff placed in the map', () => {
  let s: ReturnType<typeof scratch>;
  beforeEach(() => (s = repository()));
  afterEach(() => s.cleanup());

  it('each changed line under the function that holds it, removals counted after their line, new files whole, deleted files named', async () => {
    edit(path.join(s.dir, 'textwrap.py'), (lines) => {
      lines[118] = lines[118].replace('break_long_words=True', 'break_long_words=False');
      lines.splice(299, 3);
      return lines;
    });
    s.write('added.py', 'def added():\n    return 42\n');
    rmSync(path.join(s.dir, 'shlex.py'));
    const r = await skim(['changes'], { cwd: s.dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      [
        'Changes against HEAD: 3 files, +3 -354 lines, each changed line under the function or class that holds it.',
        '',
        'shlex.py (deleted, -350)',
        '',
        'textwrap.py (modified, +1 -4)',
        '  112-137 method __init__',
        '    119\t                 break_long_words=False,',
        '  238-336 _wrap_chunks(chunks : [string]) -> [string]',
        '    (3 lines removed after line 299)',
        '',
        'added.py (new, +2 -0)',
        '  1-2 added()',
        '    1\tdef added():',
        '    2\t    return 42',
      ].join('\n'),
    );
  });

  it('against another commit, under a folder, and as JSON with every line', async () => {
    const base = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: s.dir, encoding: 'utf8' }).trim();
    edit(path.join(s.dir, 'shlex.py'), (lines) => [...lines.slice(0, -1), 'EXTRA = 1', '']);
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qam', 'more'], { cwd: s.dir });
    assert.match((await skim(['changes'], { cwd: s.dir })).stdout, /^No changes against HEAD/);
    const json = JSON.parse((await skim(['changes', base, '--path', 'shlex.py', '--json'], { cwd: s.dir })).stdout);
    assert.deepEqual(json.files, [
      { path: 'shlex.py', status: 'modified', added: 1, removed: 0, regions: [{ region: null, lines: [{ line: 351, text: 'EXTRA = 1' }], removals: [] }] },
    ]);
  });

  it('fits a large change to the budget: fewer lines per function, then which lines changed, then files only named, each said', async () => {
    edit(path.join(s.dir, 'textwrap.py'), (lines) => lines.map((line) => (line.startsWith('        ') && line.trim() ? `${line}  # reviewed` : line)));
    const full = (await skim(['changes', '--tokens', '50000'], { cwd: s.dir })).stdout;
    const fitted = (await skim(['changes', '--tokens', '600'], { cwd: s.dir })).stdout;
    assert.ok(full.length > 4 * fitted.length, `${full.length} vs ${fitted.length}`);
    assert.match(fitted, /\(\d+ more lines changed, to line \d+\)|\(\d+ lines changed: lines \d+-\d+\)/);
    const tight = (await skim(['changes', '--tokens', '200'], { cwd: s.dir })).stdout;
    assert.match(tight, /\n1 more file changed, past the budget: textwrap\.py\. Narrow to a folder or file, or give more tokens\.$/);
  });

  it('refuses what is not one commit, and a folder that is no repository, saying what to give', async () => {
    assert.deepEqual(await skim(['changes', 'no-such-branch'], { cwd: s.dir }), {
      code: 1,
      stdout: '',
      stderr: 'no-such-branch names no commit in this repository: give a commit, branch or tag, such as HEAD or main',
    });
    assert.equal(
      (await skim(['changes', '--', '--output=/tmp/x'], { cwd: s.dir })).stderr,
      '"--output=/tmp/x" is not a revision: give a commit, branch or tag, such as HEAD or main',
    );
    const plain = scratch();
    try {
      const r = await skim(['changes', '--root', plain.dir], { cwd: plain.dir });
      assert.equal(r.stderr, `${plain.dir} is not in a git repository: the changes are a git diff, so there is nothing to compare`);
    } finally {
      plain.cleanup();
    }
  });

  it('screens the changed lines as any read: a credential written into a file is redacted', async () => {
    const shapes = secretShapes(7).slice(0, 6);
    s.write('settings.py', `${shapes.map((shape) => `${shape.name} = "${shape.value}"`).join('\n')}\n`);
    const r = await skim(['changes'], { cwd: s.dir });
    assert.deepEqual(
      leakedShapes(r.stdout, shapes).map((shape) => shape.provider),
      [],
    );
    assert.match(r.stdout, /\[redacted: /);
  });
});

describe("git's diff as Skim reads it", () => {
  it('reads quoted paths, binary files and hunks without counts', () => {
    assert.equal(unquotePath('"caf\\303\\251 \\"x\\".py"'), 'café "x".py');
    const diff = [
      'diff --git a/a.py b/a.py',
      'index 1..2 100644',
      '--- a/a.py',
      '+++ b/a.py',
      '@@ -3 +3 @@ def f',
      '-x',
      '+y',
      '@@ -10,2 +9,0 @@',
      'diff --git "a/\\303\\251.bin" "b/\\303\\251.bin"',
      'Binary files "a/\\303\\251.bin" and "b/\\303\\251.bin" differ',
    ].join('\n');
    assert.deepEqual(parseDiff(diff), [
      {
        path: 'a.py',
        status: 'modified',
        hunks: [
          { oldStart: 3, oldCount: 1, newStart: 3, newCount: 1 },
          { oldStart: 10, oldCount: 2, newStart: 9, newCount: 0 },
        ],
      },
      { path: 'é.bin', status: 'binary', hunks: [] },
    ]);
  });

  it('names a changed file whose name holds a space, a tab, a line break or é as git does, with its lines (git ends a name with a space with a tab)', async () => {
    const s = repository();
    try {
      await namesAsGitWrites(s);
    } finally {
      s.cleanup();
    }
  });
});

async function namesAsGitWrites(s: ReturnType<typeof scratch>) {
  const go = (name: string) => `package http\n\nfunc ${name}() int { return 1 }\n`;
  execFileSync('mkdir', [path.join(s.dir, 'pkg')]);
  const names = { 'pkg/my file.go': 'SpaceNew', 'pkg/t\tab.go': 'Tab', 'pkg/n\nl.go': 'Newline', 'pkg/café.go': 'Cafe' };
  for (const [name, fn] of Object.entries(names)) s.write(name, go(fn));
  execFileSync('git', ['add', '-N', 'pkg'], { cwd: s.dir });
  // A tracked file with a space, changed: its ---/+++ lines both end in a tab.
  s.write('old one.py', 'def one():\n    return 1\n');
  execFileSync('git', ['add', 'old one.py'], { cwd: s.dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'one'], { cwd: s.dir });
  s.write('old one.py', 'def one():\n    return 2\n');
  const r = await skim(['changes', '--json'], { cwd: s.dir });
  assert.equal(r.code, 0, r.stderr);
  const files = JSON.parse(r.stdout).files as { path: string; status: string; added: number; removed: number }[];
  assert.deepEqual(
    files.map((f) => [f.path, f.status, f.added, f.removed]),
    [
      ['old one.py', 'modified', 1, 1],
      ['pkg/café.go', 'added', 3, 0],
      ['pkg/my file.go', 'added', 3, 0],
      ['pkg/n\\nl.go', 'added', 3, 0],
      ['pkg/t\\tab.go', 'added', 3, 0],
    ],
  );
  const one = await skim(['changes', '--path', 'pkg/my file.go'], { cwd: s.dir });
  assert.equal(
    one.stdout,
    [
      'Changes against HEAD: 1 file, +3 -0 lines, each changed line under the function or class that holds it.',
      '',
      'pkg/my file.go (new, +3 -0)',
      '  1\tpackage http',
      '  2\t',
      '  3 SpaceNew() int',
      '    3\tfunc SpaceNew() int { return 1 }',
    ].join('\n'),
  );
}
