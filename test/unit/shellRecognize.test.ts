import * as assert from 'node:assert/strict';
import { linesArgs, rewrittenCommand } from '../../src/core/hook/shellRewrite';
import { explainShellRead, READ_PROGRAMS } from '../../src/core/shell/recognize';
import { PrintFormat, ShellDialect } from '../../src/core/shell/read';
import { RefusalReason } from '../../src/core/shell/refusal';

/** What a recognized read comes to: its file, lines, format and folder. */
type Read = { file: string; start: number; end?: number; last?: number; format: PrintFormat; dir?: string };

const read = (line: string, dialect: ShellDialect = 'posix'): Read | { refused: RefusalReason } => {
  const r = explainShellRead(line, dialect);
  if ('refused' in r) return r;
  return {
    file: r.file,
    start: r.start,
    ...(r.end === undefined ? {} : { end: r.end }),
    ...(r.last === undefined ? {} : { last: r.last }),
    format: r.format,
    ...(r.dir === undefined ? {} : { dir: r.dir }),
  };
};

/** Each accepted form, as agents write them (most from the recorded sessions in ../shared/sessions), and the read it is. */
const ACCEPTED: [string, Read][] = [
  ['cat astropy/modeling/separable.py', { file: 'astropy/modeling/separable.py', start: 1, format: 'raw' }],
  ['cat -n reproduce_issue.py', { file: 'reproduce_issue.py', start: 1, format: 'cat-n' }],
  ['cat --number -- -odd.py', { file: '-odd.py', start: 1, format: 'cat-n' }],
  ['head sympy/solvers/tests/test_diophantine.py', { file: 'sympy/solvers/tests/test_diophantine.py', start: 1, end: 10, format: 'raw' }],
  ['head -n 15 sympy/printing/conventions.py', { file: 'sympy/printing/conventions.py', start: 1, end: 15, format: 'raw' }],
  ['head -50 src/commands/execute/agent-setup.ts', { file: 'src/commands/execute/agent-setup.ts', start: 1, end: 50, format: 'raw' }],
  ['head -n900 big.py', { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ['head --lines=900 big.py', { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ['tail -n +300 big.py', { file: 'big.py', start: 300, format: 'raw' }],
  ['tail -n+300 big.py', { file: 'big.py', start: 300, format: 'raw' }],
  ['tail -n +0 big.py', { file: 'big.py', start: 1, format: 'raw' }],
  ['tail -n 20 django/db/models/fields/json.py', { file: 'django/db/models/fields/json.py', start: 1, last: 20, format: 'raw' }],
  ['tail -n +300 big.py | head -n 500', { file: 'big.py', start: 300, end: 799, format: 'raw' }],
  ["sed -n '240,260p' astropy/modeling/separable.py", { file: 'astropy/modeling/separable.py', start: 240, end: 260, format: 'raw' }],
  ['sed -n 1,900p big.py', { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ['sed -n "1,900p" big.py', { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ["sed -n '1,900 p' big.py", { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ["sed -n '2013p' django/contrib/admin/options.py", { file: 'django/contrib/admin/options.py', start: 2013, end: 2013, format: 'raw' }],
  ["sed -n '300,$p' big.py", { file: 'big.py', start: 300, format: 'raw' }],
  ["sed -n '300,+99p' big.py", { file: 'big.py', start: 300, end: 399, format: 'raw' }],
  ["sed -n '900,10p' big.py", { file: 'big.py', start: 900, end: 900, format: 'raw' }],
  ["sed -n '1,900p;901q' big.py", { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ["sed -n -e '1,900p' big.py", { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ["sed -ne '1,900p' big.py", { file: 'big.py', start: 1, end: 900, format: 'raw' }],
  ["nl -ba django/forms/models.py | sed -n '566,650p'", { file: 'django/forms/models.py', start: 566, end: 650, format: 'nl' }],
  ['nl -b a big.py', { file: 'big.py', start: 1, format: 'nl' }],
  ['nl -ba django/db/models/deletion.py | head -n 250 | tail -n 50', { file: 'django/db/models/deletion.py', start: 1, end: 250, last: 50, format: 'nl' }],
  ["cat -n big.py | sed -n '100,900p'", { file: 'big.py', start: 100, end: 900, format: 'cat-n' }],
  ['cat tests/test_ext_autodoc.py | head -n 50', { file: 'tests/test_ext_autodoc.py', start: 1, end: 50, format: 'raw' }],
  ["awk 'NR>=1 && NR<=900' big.py", { file: 'big.py', start: 1, end: 900, format: 'records' }],
  ["awk 'NR>=1&&NR<=900' big.py", { file: 'big.py', start: 1, end: 900, format: 'records' }],
  ["awk 'NR<=900 && NR>=10 {print}' big.py", { file: 'big.py', start: 10, end: 900, format: 'records' }],
  ["awk 'NR==1,NR==900' big.py", { file: 'big.py', start: 1, end: 900, format: 'records' }],
  ["awk 'NR==900,NR==10' big.py", { file: 'big.py', start: 900, format: 'records' }],
  ["awk 'NR>10 && NR<901 { print $0 }' big.py", { file: 'big.py', start: 11, end: 900, format: 'records' }],
  ['cd /testbed && cat django/forms/models.py', { file: 'django/forms/models.py', start: 1, format: 'raw', dir: '/testbed' }],
  ["cd 'my dir' && nl -ba a.py | sed -n '1,900p'", { file: 'a.py', start: 1, end: 900, format: 'nl', dir: 'my dir' }],
  [
    "# Read the file again to be sure about line numbers\nsed -n '380,420p' django/db/models/fields/json.py",
    { file: 'django/db/models/fields/json.py', start: 380, end: 420, format: 'raw' },
  ],
  ['cat big.py # the whole file', { file: 'big.py', start: 1, format: 'raw' }],
  ['cat "a file.py"', { file: 'a file.py', start: 1, format: 'raw' }],
  ["cat 'it'\\''s.py'", { file: "it's.py", start: 1, format: 'raw' }],
  ['cat a\\ b.py', { file: 'a b.py', start: 1, format: 'raw' }],
  ['cat "say \\"hi\\".py"', { file: 'say "hi".py', start: 1, format: 'raw' }],
  ['cat \\\n  big.py\n', { file: 'big.py', start: 1, format: 'raw' }],
];

/** Each form refused, and why: anything Skim cannot prove is a plain read of one file runs as written. */
const REFUSED: [string, RefusalReason][] = [
  ['cat big.py | grep def', 'pipe'],
  ['cat big.py > /tmp/x', 'redirect'],
  ['cat big.py 2>/dev/null', 'redirect'],
  ['cat pyproject.toml setup.cfg tox.ini 2>/dev/null', 'redirect'],
  ['cat big.py 2>&1', 'redirect'],
  ['cat big.py |& head', 'redirect'],
  ['cat < big.py', 'redirect'],
  ['cat a.py b.py', 'files'],
  ['cat', 'files'],
  ['cat -', 'file name'],
  ['cat reproduce_issue/myapp/migrations/0002_auto_*.py', 'glob'],
  ['cat big.py?', 'glob'],
  ['cat {a,b}.py', 'glob'],
  ['cat ~/big.py', 'glob'],
  ['cat $FILE', 'substitution'],
  ['cat "$HOME/big.py"', 'substitution'],
  ['head -n 1 $(which sphinx-build)', 'substitution'],
  ['cat `ls`', 'substitution'],
  ['sudo cat /etc/shadow', 'not a read'],
  ["cat <<'EOF' > test.dot\ndigraph G {}\nEOF", 'here-doc'],
  ['cat big.py; rm big.py', 'chain'],
  ['cat big.py || echo missing', 'chain'],
  ['cat big.py && cat small.py', 'chain'],
  ["sed -i '128,131d' a.py && nl -ba a.py | sed -n '60,70p'", 'chain'],
  ['cat big.py\nrm big.py', 'chain'],
  ['cat big.py &', 'background'],
  ['(cat big.py)', 'group'],
  ['LC_ALL=C cat big.py', 'assignment'],
  ['cat -A big.py', 'option'],
  ['cat -n -b big.py', 'option'],
  ['cat big.py -n', 'option'],
  ['head -c 100 big.py', 'option'],
  ['head -n -5 big.py', 'option'],
  ['head -n 1k big.py', 'option'],
  ['tail -f big.py', 'option'],
  ["sed '1,900p' big.py", 'option'],
  ["sed -i -n '1,900p' big.py", 'option'],
  ["sed -E -n '1,900p' big.py", 'option'],
  ["sed -n '/def _read_table_qdp/,/return/p' astropy/io/ascii/qdp.py", 'script'],
  ["sed -n '40,50p;80,90p' django/forms/models.py", 'script'],
  ["sed -n '0,10p' big.py", 'script'],
  ["sed -n '1,10d' big.py", 'script'],
  ['nl big.py', 'option'],
  ['nl -ba -w3 big.py', 'option'],
  ["awk 'NR>=010 && NR<=20' big.py", 'program'],
  ['awk \'NR>=1 && NR<=20 {print NR": "$0}\' big.py', 'program'],
  ["awk -F: 'NR<=20' big.py", 'option'],
  ["awk 'NR<=20' x=1.py", 'file name'],
  ['cd && cat big.py', 'cd'],
  ['cd - && cat big.py', 'cd'],
  ['cd src | cat x && cat big.py', 'pipe'],
  ['cd src | cat big.py', 'not a read'],
  ["sed -n '1630,1645p' seaborn/_core/plot.py | cat -A", 'pipe'],
  ['tail -n 50 big.py | head -n 10', 'pipe'],
  ["cat -n big.py | awk 'NR<=900'", 'pipe'],
  ['/bin/cat big.py', 'not a read'],
  ["'cat' big.py", 'not a read'],
  ['c\\at big.py', 'not a read'],
  ['python3 -c "print(open(\'big.py\').read())"', 'not a read'],
  ['cat "big.py', 'quoting'],
  ['=cat big.py', 'quoting'],
  ['cat big!.py', 'quoting'],
];

describe('the shell-read recognizer, on POSIX command lines (bash and zsh)', () => {
  for (const [line, expected] of ACCEPTED) {
    it(`reads ${JSON.stringify(line)} as ${expected.file} ${expected.start}-${expected.end ?? '$'}${expected.last ? ` (last ${expected.last})` : ''}, ${expected.format}`, () => {
      assert.deepEqual(read(line), expected);
    });
  }
  for (const [line, reason] of REFUSED) {
    it(`refuses ${JSON.stringify(line)}: ${reason}`, () => {
      assert.deepEqual(read(line), { refused: reason });
    });
  }

  it("keeps the read's own text and the cd before it exactly as written, for the command that runs if Skim's cannot", () => {
    const r = explainShellRead("cd  '/my dir'  &&  nl -ba a.py |  sed -n '1,900p'  # read it", 'posix');
    assert.ok(!('refused' in r));
    assert.deepEqual([r.cdText, r.commandText], ["cd  '/my dir'", "nl -ba a.py |  sed -n '1,900p'"]);
  });

  it('names every program it accepts among the read programs the installed filter looks for', () => {
    for (const [line] of ACCEPTED) {
      const program = line.replace(/^(#[^\n]*\n|cd [^&]*&& )/, '').split(/\s/)[0];
      assert.ok(READ_PROGRAMS.includes(program.toLowerCase()), program);
    }
  });
});

describe('the shell-read recognizer, on PowerShell command lines', () => {
  const ps: [string, Read | { refused: RefusalReason }][] = [
    ['Get-Content big.py', { file: 'big.py', start: 1, format: 'lines' }],
    ["Get-Content -Path 'src\\big file.py'", { file: 'src\\big file.py', start: 1, format: 'lines' }],
    ['gc big.py -TotalCount 900', { file: 'big.py', start: 1, end: 900, format: 'lines' }],
    ['get-content -LiteralPath big.py -Head 900', { file: 'big.py', start: 1, end: 900, format: 'lines' }],
    ['Get-Content big.py -Tail 50', { file: 'big.py', start: 1, last: 50, format: 'lines' }],
    ['Get-Content big.py | Select-Object -Skip 299 -First 500', { file: 'big.py', start: 300, end: 799, format: 'lines' }],
    ['Get-Content big.py | select -First 900', { file: 'big.py', start: 1, end: 900, format: 'lines' }],
    ["Get-Content 'it''s.py'", { file: "it's.py", start: 1, format: 'lines' }],
    ['Get-Content big.py | Select-String def', { refused: 'pipe' }],
    ['Get-Content big.py > out.txt', { refused: 'redirect' }],
    ['Get-Content big.py 2>$null', { refused: 'redirect' }],
    ['Get-Content a.py, b.py', { refused: 'files' }],
    ['Get-Content *.py', { refused: 'glob' }],
    ['Get-Content $env:FILE', { refused: 'substitution' }],
    ['Get-Content "$HOME\\big.py"', { refused: 'substitution' }],
    ['Get-Content big.py -Raw', { refused: 'option' }],
    ['Get-Content big.py; Remove-Item big.py', { refused: 'chain' }],
    ['Get-Content big.py | Select-Object -Last 5', { refused: 'option' }],
    ['Get-Content big.py \u2013TotalCount 5', { refused: 'quoting' }],
    ['type big.py', { refused: 'not a read' }],
    // -Path (and a path without a parameter) is a wildcard pattern even in quotes, and a backtick escapes in it: only -LiteralPath names the file as written.
    ["Get-Content 'a`tb.py'", { refused: 'glob' }],
    ["Get-Content -Path 'a``b.py'", { refused: 'glob' }],
    ["gc -Path 'a?.py'", { refused: 'glob' }],
    ["Get-Content 'a[1].py'", { refused: 'glob' }],
    ["Get-Content -Path 'src\\a]b.py'", { refused: 'glob' }],
    ["Get-Content -LiteralPath 'a`tb.py'", { file: 'a`tb.py', start: 1, format: 'lines' }],
    ["Get-Content -LiteralPath 'a[1]?.py' -TotalCount 900", { file: 'a[1]?.py', start: 1, end: 900, format: 'lines' }],
  ];
  for (const [line, expected] of ps) {
    it(`${'refused' in expected ? 'refuses' : 'reads'} ${JSON.stringify(line)}${'refused' in expected ? `: ${expected.refused}` : ''}`, () => {
      assert.deepEqual(read(line, 'powershell'), expected);
    });
  }
});

describe('the command line a shell read is rewritten into', () => {
  const own = { node: '/usr/bin/node', cli: "/opt/it's skim/cli.js", electron: false };
  const recognized = (line: string, dialect: ShellDialect) => {
    const r = explainShellRead(line, dialect);
    assert.ok(!('refused' in r));
    return r;
  };

  it("POSIX: skim lines with the read's lines, format and the host's cut, its stderr dropped, the read itself after ||, the cd in front", () => {
    const r = recognized("cd src && nl -ba big.py | sed -n '1,900p'", 'posix');
    assert.equal(
      rewrittenCommand(r, 'posix', own, linesArgs(r, { bytes: 30_000, tokens: 10_000, keeps: 'head' }, '/work/app')),
      `cd src && { /usr/bin/node "/opt/it's skim/cli.js" lines --offset 1 --limit 900 --format nl --max-bytes 10000 --root /work/app -- big.py 2>/dev/null || nl -ba big.py | sed -n '1,900p'; }`,
    );
    const tail = recognized('tail -n 300 -- -odd.py', 'posix');
    assert.equal(
      rewrittenCommand(tail, 'posix', { ...own, electron: true }, linesArgs(tail, { chars: 10_000, keeps: 'ends' }, '/w')),
      `{ ELECTRON_RUN_AS_NODE=1 /usr/bin/node "/opt/it's skim/cli.js" lines --offset 1 --last 300 --format raw --max-chars 10000 --root /w -- -odd.py 2>/dev/null || tail -n 300 -- -odd.py; }`,
    );
  });

  it('PowerShell: the same call, and the read itself whenever it did not exit 0 (a Node that cannot start included)', () => {
    const r = recognized("Get-Content 'big.py' | Select-Object -First 900", 'powershell');
    assert.equal(
      rewrittenCommand(r, 'powershell', own, linesArgs(r, { bytes: 20_440, keeps: 'head' }, 'C:\\work')),
      "$global:LASTEXITCODE = 1; try { & '/usr/bin/node' '/opt/it''s skim/cli.js' 'lines' '--offset' '1' '--limit' '900' '--format' 'lines' '--max-bytes' '20440' '--root' 'C:\\work' '--' 'big.py' 2>$null } catch { $global:LASTEXITCODE = 1 }; if ($LASTEXITCODE -ne 0) { Get-Content 'big.py' | Select-Object -First 900 }",
    );
  });
});
