import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Listing, ListingShape } from '../../src/core/shell/listing';
import { listingAnswer, ListingAnswerInput, MAX_FOLDER_ROWS } from '../../src/core/shell/listingAnswer';
import { ListingOutput, runListing } from '../../src/core/shell/listingRun';
import { listsMoreThan } from '../../src/core/shell/listingWalk';
import { explainShellListing, explainShellRead } from '../../src/core/shell/recognize';
import { RefusalReason } from '../../src/core/shell/refusal';
import { scratch } from '../support/files';

const NODE_MODULES = path.resolve(__dirname, '../../../node_modules');

/** Real trees of third-party files: Debian's docs (links to folders among them), Python's library, npm packages. */
const TREES = ['/usr/share/doc', '/usr/lib/python3.11', '/usr/lib/go-1.19/src/net', path.join(NODE_MODULES, 'zod'), path.join(NODE_MODULES, '@secretlint')];

/** What a recognized listing comes to: its program, arguments, folder, what it prints, and the cd before it. */
type Recognized = Pick<Listing, 'program' | 'args' | 'folder' | 'shape'> & { dir?: string };

const recognized = (line: string): Recognized | { refused: RefusalReason } => {
  const r = explainShellListing(line, 'posix');
  if ('refused' in r) return r;
  return {
    program: r.program,
    args: r.args,
    ...(r.folder === undefined ? {} : { folder: r.folder }),
    shape: r.shape,
    ...(r.dir === undefined ? {} : { dir: r.dir }),
  };
};

/** Each accepted form, as agents wrote them in the recorded sessions (../shared/sessions) and as the programs take them. */
const ACCEPTED: [string, Recognized][] = [
  ['ls -R', { program: 'ls', args: ['-R'], shape: { hidden: false } }],
  ['ls -R django/db/migrations', { program: 'ls', args: ['-R', 'django/db/migrations'], folder: 'django/db/migrations', shape: { hidden: false } }],
  [
    'ls -R /workspace/django__django__3.0',
    { program: 'ls', args: ['-R', '/workspace/django__django__3.0'], folder: '/workspace/django__django__3.0', shape: { hidden: false } },
  ],
  [
    'ls -R django/db/backends/sqlite3/',
    { program: 'ls', args: ['-R', 'django/db/backends/sqlite3/'], folder: 'django/db/backends/sqlite3/', shape: { hidden: false } },
  ],
  ['ls -laR', { program: 'ls', args: ['-laR'], shape: { hidden: true, dots: true, totals: true } }],
  ['ls -R -A --', { program: 'ls', args: ['-R', '-A', '--'], shape: { hidden: true } }],
  ['ls --recursive --almost-all src', { program: 'ls', args: ['--recursive', '--almost-all', 'src'], folder: 'src', shape: { hidden: true } }],
  ['ls -sR1F -- -odd', { program: 'ls', args: ['-sR1F', '--', '-odd'], folder: '-odd', shape: { hidden: false, totals: true } }],
  ['cd /workspace/astropy && ls -R', { program: 'ls', args: ['-R'], shape: { hidden: false }, dir: '/workspace/astropy' }],
  ['find .', { program: 'find', args: ['.'], folder: '.', shape: { hidden: true } }],
  ['find', { program: 'find', args: [], shape: { hidden: true } }],
  [
    'find jenkins/jobs/pipeline/ai-workflow/ -type f',
    {
      program: 'find',
      args: ['jenkins/jobs/pipeline/ai-workflow/', '-type', 'f'],
      folder: 'jenkins/jobs/pipeline/ai-workflow/',
      shape: { hidden: true, only: 'files' },
    },
  ],
  [
    'find src -maxdepth 2 -type d -print',
    { program: 'find', args: ['src', '-maxdepth', '2', '-type', 'd', '-print'], folder: 'src', shape: { hidden: true, only: 'folders', maxDepth: 2 } },
  ],
  [
    'tree jenkins/jobs/pipeline/ai-workflow/',
    { program: 'tree', args: ['jenkins/jobs/pipeline/ai-workflow/'], folder: 'jenkins/jobs/pipeline/ai-workflow/', shape: { hidden: false, report: true } },
  ],
  ['tree -a -L 2 --noreport', { program: 'tree', args: ['-a', '-L', '2', '--noreport'], shape: { hidden: true, report: false, maxDepth: 2 } }],
  [
    'tree -d -F --dirsfirst src',
    { program: 'tree', args: ['-d', '-F', '--dirsfirst', 'src'], folder: 'src', shape: { hidden: false, report: true, only: 'folders' } },
  ],
];

/** Forms left alone, most from the recorded sessions, and why. */
const REFUSED: [string, RefusalReason][] = [
  ['ls src', 'filter'],
  ['ls -la', 'filter'],
  ['ls -dR django', 'filter'],
  ['ls -CR', 'filter'],
  ['ls -R --ignore=tests', 'option'],
  ['ls -aAR', 'option'],
  ['ls -R src -a', 'option'],
  ['ls -R django tests', 'files'],
  ['ls -RL', 'option'],
  ['ls -R | grep ":$" | head -n 20', 'substitution'],
  ['ls -R | grep py | head -n 20', 'pipe'],
  ['ls -R django/core | grep validators.py', 'pipe'],
  ['ls -R > tree.txt', 'redirect'],
  ['ls -R 2>/dev/null', 'redirect'],
  ['ls -R *', 'glob'],
  ['ls -R $HOME', 'substitution'],
  ['ls -R; echo done', 'chain'],
  ['sudo ls -R', 'not a listing'],
  ['/bin/ls -R', 'not a listing'],
  ['"ls" -R', 'not a listing'],
  ["find . -name '*.py'", 'filter'],
  ['find tests -name "*inheritance*"', 'filter'],
  ["find . -maxdepth 4 -not -path '*/.*'", 'filter'],
  ['find . -type f | grep x', 'pipe'],
  ['find /testbed/astropy -type f -exec grep -l "format=cds" {} \\;', 'glob'],
  ['find . -type f -exec wc -l \\;', 'filter'],
  ["find . -name '*.pyc' -delete", 'filter'],
  ['find . -type l', 'filter'],
  ['find . -type f -maxdepth 2', 'option'],
  ['find -L .', 'option'],
  ['find src tests', 'files'],
  ['find . -print0', 'filter'],
  ['tree -I node_modules', 'filter'],
  ['tree -f', 'filter'],
  ['tree -ad', 'option'],
  ['tree -L x', 'option'],
  ['tree src tests', 'files'],
  ['cat big.py', 'not a listing'],
];

describe('a plain recursive listing through the shell, recognized strictly', () => {
  for (const [line, expected] of ACCEPTED) {
    it(`takes ${JSON.stringify(line)}`, () => assert.deepEqual(recognized(line), expected));
  }
  for (const [line, reason] of REFUSED) {
    it(`leaves ${JSON.stringify(line)} alone: ${reason}`, () => assert.deepEqual(recognized(line), { refused: reason }));
  }

  it('keeps the command line as written, after a cd, for the fallback', () => {
    const listing = explainShellListing("cd  '/my dir' && ls  -R   src/", 'posix');
    assert.ok(!('refused' in listing));
    assert.deepEqual([listing.cdText, listing.commandText, listing.dir], ["cd  '/my dir'", 'ls  -R   src/', '/my dir']);
  });

  it('a listing is no read, a read no listing, and PowerShell has no listing Skim takes', () => {
    assert.deepEqual(explainShellRead('ls -R', 'posix'), { refused: 'not a read' });
    assert.deepEqual(explainShellListing('cat big.py', 'posix'), { refused: 'not a listing' });
    assert.deepEqual(explainShellListing('Get-ChildItem -Recurse', 'powershell'), { refused: 'not a listing' });
  });
});

/** The forms each tree is listed in, with the shape the recognizer gives them. */
const FORMS: string[] = [
  'ls -R',
  'ls -aR',
  'ls -laR',
  'ls -sR',
  'find .',
  'find . -type f',
  'find . -type d',
  'find . -maxdepth 2',
  'tree',
  'tree -a',
  'tree -d',
  'tree -L 2',
  'tree --noreport',
];

const listingOf = (command: string): Listing => {
  const listing = explainShellListing(command, 'posix');
  if ('refused' in listing) throw new Error(`${command}: ${listing.refused}`);
  return listing;
};

/** What the command prints in `dir`, as bytes. */
const printed = (command: string, dir: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync('/bin/sh', ['-c', command], { cwd: dir, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, ...env } });

const linesOf = (bytes: Buffer) => {
  const text = bytes.toString('latin1');
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
};

describe('how many lines a listing prints, counted by walking its folder as the program lists it', function () {
  this.timeout(120_000);
  for (const tree of TREES) {
    it(`is exactly what ls -R, find and tree print of ${tree}, in each form`, () => {
      for (const form of FORMS) {
        const { program, shape } = listingOf(form);
        const lines = linesOf(printed(form, tree)).length;
        const bounds = { entries: 1e7, ms: 60_000 };
        assert.equal(listsMoreThan(tree, program, shape, lines - 1, bounds), true, `${form}: more than ${lines - 1}`);
        assert.equal(listsMoreThan(tree, program, shape, lines, bounds), false, `${form}: not more than ${lines}`);
      }
    });
  }

  it('stops at its bounds without an answer, and as soon as the count passes the limit', () => {
    assert.equal(listsMoreThan('/usr/share/doc', 'find', { hidden: true, only: 'folders' }, 1e6, { entries: 500, ms: 60_000 }), undefined);
    assert.equal(listsMoreThan('/usr/share/doc', 'find', { hidden: true }, 200, { entries: 300, ms: 60_000 }), true);
  });
});

/**
 * Each line a listing prints, with the folder (below the listed one, one name a part) whose entry
 * it is, or null for a line that lists no entry: drawn from the file system in the program's own
 * order, apart from Skim's reading of its output. ls and tree sort names byte by byte in the C
 * locale; find prints paths, whose folder is the path's own.
 */
function entriesOf(program: string, shape: ListingShape, root: string, output: string[]): (string[] | null)[] {
  if (program === 'find') return output.map((line) => (line === '.' ? null : line.split('/').slice(1, -1)));
  const sorted = (dir: string) =>
    readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })
      .filter((e) => shape.hidden || e.name[0] !== 0x2e)
      .sort((a, b) => Buffer.compare(a.name, b.name))
      .map((e) => ({
        name: e.name.toString('latin1'),
        folder: e.isDirectory(),
        link: e.isSymbolicLink() && statSync(path.join(dir, e.name.toString('latin1'))).isDirectory(),
      }));
  const tags: (string[] | null)[] = [];
  if (program === 'ls') {
    const walk = (parts: string[]) => {
      const children = sorted(path.join(root, ...parts));
      if (parts.length) tags.push(null);
      tags.push(null, ...(shape.totals ? [null] : []), ...(shape.dots ? [null, null] : []), ...children.map(() => parts));
      for (const c of children) if (c.folder) walk([...parts, c.name]);
    };
    walk([]);
    return tags;
  }
  const walk = (parts: string[], depth: number) => {
    for (const c of sorted(path.join(root, ...parts))) {
      // tree -d lists a link to a folder too, without walking it.
      if (shape.only === 'folders' && !c.folder && !(c.link && program === 'tree')) continue;
      tags.push(parts);
      if (c.folder && depth < (shape.maxDepth ?? Infinity)) walk([...parts, c.name], depth + 1);
    }
  };
  tags.push(null);
  walk([], 1);
  if (shape.report) tags.push(null, null);
  return tags;
}

/** The left-out entries of each folder just below the listed one ('.' for its own), from the lines past `shown`. */
function expectedLeftOut(tags: (string[] | null)[], shown: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const parts of tags.slice(shown)) if (parts) counts.set(parts[0] ?? '.', (counts.get(parts[0] ?? '.') ?? 0) + 1);
  return counts;
}

/** listingAnswer with an overview of a fixed text, and the folders' names as they are. */
function answer(output: ListingOutput, overview: string | undefined, more: Partial<ListingAnswerInput> = {}) {
  return listingAnswer({
    output,
    program: 'ls',
    folder: '.',
    lineLimit: 200,
    names: async (rows) => rows.map((row) => output.tally.nameOf(row.parts)),
    narrow: (folder) => `ls -R ${folder}`,
    overview: { min: 200, max: 1000, make: async () => overview },
    ...more,
  });
}

const BOUNDS = { limit: 200, ms: 60_000, maxBytes: 256 * 1024 * 1024, keepBytes: 4 * 1024 * 1024 };
const C = { ...process.env, LC_ALL: 'C' };

describe('a listing run by Skim, against the real ls -R, find and tree on real trees', function () {
  this.timeout(300_000);
  for (const tree of TREES) {
    it(`${tree}: the first 200 lines byte for byte as each form prints them, and what the rest holds counted right by folder`, async () => {
      for (const form of FORMS) {
        const listing = listingOf(form);
        const real = printed(form, tree, C);
        const ran = await runListing(listing, tree, C, BOUNDS);
        assert.ok('ran' in ran, `${form}: ${'failed' in ran ? ran.failed : ''}`);
        const output = ran.ran;
        const lines = linesOf(real);
        assert.ok(Buffer.concat(output.head).equals(Buffer.from(`${lines.slice(0, 200).join('\n')}\n`, 'latin1')), `${form}: the first 200 lines`);
        assert.ok(output.whole?.equals(real), `${form}: all of it kept`);
        assert.equal(output.size.lines, lines.length, form);
        const tags = entriesOf(listing.program, listing.shape, tree, lines);
        assert.equal(tags.length, lines.length, `${form}: the lines drawn from the file system are the lines printed`);
        const left = output.tally.leftOut(200, 10_000);
        const expected = expectedLeftOut(tags, 200);
        const own = expected.get('.') ?? 0;
        expected.delete('.');
        const top = new Map(left.rows.filter((r) => r.indent === 0 && !r.more).map((r) => [r.parts[0], r.entries]));
        assert.deepEqual([left.own, top], [own, expected], form);
        assert.equal(
          left.entries,
          [...expected.values()].reduce((a, b) => a + b, own),
          form,
        );
      }
    });
  }

  it('in the C locale and in C.UTF-8 alike, with names in both cases, names beyond ASCII and names that are not UTF-8', async () => {
    const s = scratch();
    try {
      for (let i = 0; i < 300; i++) s.write(`${i % 2 ? 'B' : 'a'}${i}${i % 3 ? 'é' : ''}.txt`, '');
      s.write(Buffer.from([0x66, 0xff, 0x2e, 0x70, 0x79]).toString('latin1'), '');
      execFileSync('/bin/sh', ['-c', `touch "$(printf 'f\\377.c')"`], { cwd: s.dir });
      for (const locale of ['C', 'C.UTF-8', 'POSIX']) {
        const env = { ...process.env, LC_ALL: locale };
        for (const form of ['ls -R', 'find .', 'tree']) {
          const ran = await runListing(listingOf(form), s.dir, env, BOUNDS);
          assert.ok('ran' in ran);
          const real = printed(form, s.dir, env);
          assert.ok(Buffer.concat(ran.ran.head).equals(Buffer.from(`${linesOf(real).slice(0, 200).join('\n')}\n`, 'latin1')), `${locale} ${form}`);
        }
      }
    } finally {
      s.cleanup();
    }
  });

  it('answers with the notice, the first 200 lines as printed, the rest by folder, and the overview, within the cut', async () => {
    const ran = await runListing(listingOf('ls -R'), '/usr/share/doc', C, BOUNDS);
    assert.ok('ran' in ran);
    const cut = { bytes: 20_440, keeps: 'head' as const };
    const result = await answer(ran.ran, 'The overview.', { cut });
    assert.equal(result.outcome, 'shortened');
    if (result.outcome !== 'shortened') return;
    const [notice, ...rest] = result.output.toString('utf8').split('\n');
    const lines = result.output.toString('latin1').split('\n').slice(1, 201);
    assert.match(
      notice,
      new RegExp(
        `^\\[skim\\] This listing was shortened: its first 200 lines are shown, of ${ran.ran.size.lines} in all\\. What the rest holds follows, by folder, then the overview of \\.: its files ranked by how often the code names them\\. To list one folder: ls -R \\./\\S+$`,
      ),
    );
    assert.equal(
      lines.join('\n'),
      linesOf(printed('ls -R', '/usr/share/doc', C))
        .slice(0, 200)
        .join('\n'),
    );
    assert.equal(rest[200], '');
    assert.match(rest[201], /^What the rest holds, by folder \([\d,]+ entries in it and below it; [\d,]+ in \. itself\):$/);
    const rows = rest.slice(202, rest.indexOf('', 202));
    assert.ok(rows.length > 0 && rows.length <= MAX_FOLDER_ROWS, `${rows.length} rows`);
    assert.match(rows[rows.length - 1], /^… [\d,]+ more folders in \.: [\d,]+$/);
    assert.deepEqual(rest.slice(-2), ['The overview.', '']);
    assert.ok(result.output.length <= 20_440);
  });

  it('prints a listing of 200 lines or fewer as it is, and one that shortening would not make smaller', async () => {
    const small = await runListing(listingOf('ls -R'), path.join(NODE_MODULES, 'typescript'), C, BOUNDS);
    assert.ok('ran' in small && small.ran.size.lines < 200);
    assert.deepEqual(await answer(small.ran, 'The overview.'), { outcome: 'untouched', output: printed('ls -R', path.join(NODE_MODULES, 'typescript'), C) });
    const s = scratch();
    try {
      for (let i = 0; i < 201; i++) s.write(`f${i}`, '');
      const just = await runListing(listingOf('find .'), s.dir, C, BOUNDS);
      assert.ok('ran' in just && just.ran.size.lines === 202);
      assert.deepEqual(await answer(just.ran, 'The overview.'), { outcome: 'untouched', output: printed('find .', s.dir, C) });
    } finally {
      s.cleanup();
    }
  });

  it("prints the listing as it is when no overview can be made, or its counts are in doubt (find's path with a newline in a name)", async () => {
    const ran = await runListing(listingOf('ls -R'), '/usr/lib/python3.11', C, BOUNDS);
    assert.ok('ran' in ran);
    assert.deepEqual(await answer(ran.ran, undefined), { outcome: 'untouched', output: printed('ls -R', '/usr/lib/python3.11', C) });
    const s = scratch();
    try {
      for (let i = 0; i < 300; i++) s.write(`f${i}`, '');
      s.write('two\nlines', '');
      const odd = await runListing(listingOf('find .'), s.dir, C, BOUNDS);
      assert.ok('ran' in odd);
      assert.equal(odd.ran.tally.doubt, '"lines" is not below .');
      assert.deepEqual(await answer(odd.ran, 'The overview.'), { outcome: 'untouched', output: printed('find .', s.dir, C) });
    } finally {
      s.cleanup();
    }
  });

  it("shows fewer lines where the host's cut leaves no room for 200 beside the rest, and says so", async () => {
    const ran = await runListing(listingOf('ls -laR'), '/usr/share/doc', C, BOUNDS);
    assert.ok('ran' in ran);
    const result = await listingAnswer({
      output: ran.ran,
      program: 'ls',
      folder: '.',
      lineLimit: 200,
      cut: { bytes: 12_000, keeps: 'head' },
      names: async (rows) => rows.map((row) => ran.ran.tally.nameOf(row.parts)),
      narrow: (folder) => `ls -laR ${folder}`,
      // An overview of about four bytes a token, as Skim's are.
      overview: { min: 200, max: 1000, make: async (tokens) => 'word '.repeat(Math.floor(tokens * 0.8)) },
    });
    assert.equal(result.outcome, 'shortened');
    if (result.outcome !== 'shortened') return;
    assert.ok(result.shown < 200 && result.shown > 50, `${result.shown} lines`);
    assert.match(
      result.output.toString('utf8').split('\n')[0],
      new RegExp(`Only ${result.shown} lines are shown, not 200: the host shows at most 12,000 bytes of this output\\.$`),
    );
    assert.ok(result.output.length <= 12_000);
  });

  it('fails, printing nothing, where the output cannot stand for the command: stderr, a status, no such program', async () => {
    const s = scratch();
    try {
      for (const [listing, why] of [
        [{ ...listingOf('ls -R missing') }, /^ls wrote to stderr: ls: cannot access 'missing': No such file or directory$/],
        [{ ...listingOf('tree'), program: 'tree' as const }, undefined],
      ] as const) {
        const env = why ? C : { ...C, PATH: '/nonexistent' };
        const ran = await runListing(listing, s.dir, env, BOUNDS);
        assert.ok('failed' in ran);
        assert.match(ran.failed, why ?? /^tree could not run: spawn tree ENOENT$/);
      }
    } finally {
      s.cleanup();
    }
  });

  it('stops a listing at its bounds and counts what it printed by then, saying so', async () => {
    const ran = await runListing(listingOf('find .'), '/usr/share/doc', C, { ...BOUNDS, maxBytes: 20_000 });
    assert.ok('ran' in ran && ran.ran.stopped && !ran.ran.whole);
    const result = await answer(ran.ran, 'The overview.', { program: 'find' });
    assert.equal(result.outcome, 'shortened');
    assert.match(
      result.outcome === 'shortened' ? result.output.toString('utf8') : '',
      /^\[skim\] This listing was shortened: its first 200 lines are shown, of the \d+ find printed in \d+\.\d s, when Skim stopped it \(it was still listing\)\./,
    );
  });
});
