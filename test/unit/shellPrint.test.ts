import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { encode } from 'gpt-tokenizer';
import { MapEntry } from '../../src/core/map/types';
import { renderMap } from '../../src/core/map/render';
import { guardedPrint, GuardedPrintInput } from '../../src/core/shell/guardedPrint';
import { fileLines, printLines } from '../../src/core/shell/printed';
import { linesOf } from '../../src/core/shell/read';
import { recognizeShellRead } from '../../src/core/shell/recognize';
import { skim } from '../support/cli';
import { scratch } from '../support/files';

const ARGPARSE = '/usr/lib/python3.11/argparse.py';
const argparse = readFileSync(ARGPARSE);

/** Third-party bytes in the shapes a file comes in: as it is, CRLF, invalid UTF-8, no last newline, and of exactly 200 and 201 lines. */
const FILES: Record<string, Buffer> = {
  'argparse.py': argparse,
  CRLF: Buffer.from(argparse.toString('latin1').replace(/\n/g, '\r\n'), 'latin1'),
  'invalid UTF-8': Buffer.concat([argparse.subarray(0, 4000), Buffer.from([0xff, 0xfe, 0x0a, 0xc3, 0x28, 0x0a]), argparse.subarray(4000)]),
  'no last newline': argparse.subarray(0, argparse.length - 1),
  '200 lines': Buffer.from(`${argparse.toString('latin1').split('\n').slice(0, 200).join('\n')}\n`, 'latin1'),
  '201 lines': Buffer.from(`${argparse.toString('latin1').split('\n').slice(0, 201).join('\n')}\n`, 'latin1'),
};

/** Every form the recognizer accepts, on a file named big.py, reaching past the end of the longest file and ending before it. */
const COMMANDS = [
  'cat big.py',
  'cat -n big.py',
  'head big.py',
  'head -n 250 big.py',
  'head -250 big.py',
  'head --lines=2700 big.py',
  'tail -n +150 big.py',
  'tail -n 30 big.py',
  'tail -n +100 big.py | head -n 300',
  "sed -n '1,900p' big.py",
  'sed -n 1,900p big.py',
  'sed -n "100,300p" big.py',
  "sed -n '100,300 p' big.py",
  "sed -n '50p' big.py",
  "sed -n '190,$p' big.py",
  "sed -n '2600,+40p' big.py",
  "sed -n '300,100p' big.py",
  "sed -n '1,250p;260q' big.py",
  "sed -ne '1,2700p' big.py",
  'nl -ba big.py',
  "nl -ba big.py | sed -n '1,900p'",
  'nl -ba big.py | head -n 250 | tail -n 50',
  "cat -n big.py | sed -n '150,2700p'",
  "awk 'NR>=1 && NR<=900' big.py",
  "awk 'NR>=1&&NR<=2700' big.py",
  "awk 'NR==150,NR==2700' big.py",
  "awk 'NR==2630,NR==5' big.py",
  "awk 'NR>10 && NR<20 {print}' big.py",
  'cat big.py | head -n 300',
  'cd sub && cat big.py',
];

describe("a shell read printed by Skim, byte for byte as the real programs print it (GNU coreutils, GNU sed, Debian's awk)", () => {
  let s: ReturnType<typeof scratch>;
  before(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, 'sub'));
  });
  after(() => s.cleanup());

  for (const [shape, bytes] of Object.entries(FILES)) {
    it(`prints every accepted form exactly, on ${shape}`, () => {
      s.write('big.py', bytes);
      s.write('sub/big.py', bytes);
      const file = fileLines(bytes);
      for (const command of COMMANDS) {
        const read = recognizeShellRead(command, 'posix');
        assert.ok(read, command);
        const { first, last } = linesOf(read, file.starts.length);
        const real = execFileSync('/bin/sh', ['-c', command], { cwd: s.dir, maxBuffer: 64 * 1024 * 1024 });
        assert.ok(printLines(file, first, last, read.format).equals(real), `${command} on ${shape}`);
        const printed = guardedPrint({ file, name: 'big.py', span: read, format: read.format, guarded: false, lineLimit: 200 });
        assert.ok(printed.outcome === 'untouched' && printed.output.equals(real), `${command} on ${shape}, as Skim's command prints it`);
      }
    });
  }

  it('knows where it cannot follow nl: a line nl reads as a section delimiter is not printed, and the read runs as written', () => {
    const file = fileLines(Buffer.from('a\n\\:\nb\n'));
    const printed = guardedPrint({ file, name: 'x.py', span: { start: 1 }, format: 'nl', guarded: false, lineLimit: 200 });
    assert.deepEqual(printed, { outcome: 'unprintable', reason: 'line 2 is "\\:", which nl reads as a section delimiter' });
  });

  it("prints PowerShell's Get-Content lines without their CRs, and leaves to PowerShell what it alone decodes: bytes past ASCII, a lone CR, a BOM", () => {
    const crlf = fileLines(Buffer.from('a\r\nb\r\n\r\nc'));
    assert.equal(printLines(crlf, 1, 4, 'lines').toString(), 'a\nb\n\nc\n');
    const reason = (bytes: string) =>
      guardedPrint({ file: fileLines(Buffer.from(bytes)), name: 'x.ps1', span: { start: 1 }, format: 'lines', guarded: false, lineLimit: 200 });
    assert.deepEqual(reason('a\nnaïve\n'), { outcome: 'unprintable', reason: 'line 2 holds more than printable ASCII' });
    assert.deepEqual(reason('a\rb\n'), { outcome: 'unprintable', reason: 'line 1 holds a CR that does not end it' });
    assert.deepEqual(reason('\ufeffa\n'), { outcome: 'unprintable', reason: 'the file starts with a byte order mark' });
  });
});

describe('a shell read over the limit, guarded', () => {
  let s: ReturnType<typeof scratch>;
  let entry: MapEntry;
  before(async () => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.py', argparse);
    entry = { ...(JSON.parse((await skim(['map', 'big.py', '--json'], { cwd: s.dir })).stdout) as MapEntry), size: argparse.length, created: 0 };
  });
  after(() => s.cleanup());

  const input = (command: string, extra: Partial<GuardedPrintInput> = {}): GuardedPrintInput => {
    const read = recognizeShellRead(command, 'posix');
    assert.ok(read);
    return {
      file: fileLines(argparse),
      name: 'big.py',
      span: read,
      format: read.format,
      guarded: true,
      lineLimit: 200,
      entry,
      wholeMap: 'run skim map big.py',
      ...extra,
    };
  };
  const real = (command: string) => execFileSync('/bin/sh', ['-c', command], { cwd: s.dir, maxBuffer: 64 * 1024 * 1024 });

  for (const command of ['cat big.py', "nl -ba big.py | sed -n '1,900p'", "cat -n big.py | sed -n '150,2700p'", "awk 'NR>=1 && NR<=900' big.py"]) {
    it(`${command}: the notice, then the first 200 lines exactly as the command prints them, then the map`, () => {
      const printed = guardedPrint(input(command));
      assert.equal(printed.outcome, 'capped');
      if (printed.outcome !== 'capped') return;
      const lines = real(command).toString('latin1').split('\n').slice(0, 200).join('\n') + '\n';
      const [noticeLine, ...rest] = printed.output.toString('latin1').split('\n');
      const start = command.includes('150,') ? 150 : 1;
      const asked = command.includes('900p') || command.includes('900') ? 900 : 2633;
      assert.equal(
        noticeLine,
        `[skim] This read was shortened: lines ${start}-${start + 199} of big.py are shown, of 2633 in all (the read asked for ${start}-${Math.min(asked, 2633)}). Next start: line ${start + 200}. Reads of more than 200 lines are shortened here. The file's map follows: read the range you need next.`,
      );
      assert.equal(rest.slice(0, 200).join('\n') + '\n', lines);
      assert.equal(rest[200], '');
      assert.match(rest.slice(201).join('\n'), /^Map of big\.py \(2633 lines; tree-sitter outline/);
      assert.ok(printed.output.length <= real(command).length, 'never more than the command prints');
    });
  }

  it('the whole map after a read of the whole file, when the host shows that much', () => {
    const printed = guardedPrint(input('cat big.py'));
    assert.ok(printed.outcome === 'capped' && printed.output.toString('utf8').endsWith(`\n\n${renderMap(entry, { wholeMap: 'run skim map big.py' })}\n`));
  });

  it("fits within the host's cut: the map folded to the room the lines leave, and never more bytes than the cut", () => {
    const cut = { bytes: 10_000, keeps: 'head' as const };
    const printed = guardedPrint(input('cat big.py', { cut }));
    assert.equal(printed.outcome, 'capped');
    if (printed.outcome !== 'capped') return;
    assert.ok(printed.output.length <= 10_000, `${printed.output.length} bytes`);
    assert.equal(printed.last, 200);
    assert.match(
      printed.output.toString('utf8'),
      /\n\nMap of big\.py \(2633 lines; tree-sitter outline\); notes left out, members below depth 1 folded to fit; run skim map big\.py for the whole map:\n/,
    );
  });

  for (const [name, cut, shownOfOwn] of [
    [
      "mini-swe-agent's 10,000 characters, head and tail",
      { chars: 10_000, keeps: 'ends' as const },
      (t: string) => (t.length > 10_000 ? t.slice(0, 5_000) + t.slice(-5_000) : t),
    ],
    ["the Copilot CLI's 20,440 bytes", { bytes: 20_440, keeps: 'head' as const }, (t: string) => Buffer.from(t).subarray(0, 20_440).toString('utf8')],
  ] as const) {
    it(`within ${name}, a print of argparse.py, tarfile.py or typing.py costs no more o200k tokens than the host shows of the command's own output`, async () => {
      for (const file of ['/usr/lib/python3.11/argparse.py', '/usr/lib/python3.11/tarfile.py', '/usr/lib/python3.11/typing.py']) {
        const own = readFileSync(file);
        s.write('own.py', own);
        const mapped = { ...(JSON.parse((await skim(['map', 'own.py', '--json'], { cwd: s.dir })).stdout) as MapEntry), size: own.length, created: 0 };
        const printed = guardedPrint({ ...input('cat own.py', { cut }), file: fileLines(own), name: 'own.py', entry: mapped });
        assert.equal(printed.outcome, 'capped', file);
        if (printed.outcome !== 'capped') return;
        const [skimmed, host] = [encode(printed.output.toString('utf8')).length, encode(shownOfOwn(own.toString('utf8'))).length];
        assert.ok(skimmed <= host, `${file}: ${skimmed} tokens with Skim, ${host} as the host shows the command's own output`);
      }
    });
  }

  it('shows fewer lines where even they would pass the cut, and says how many, why, and the exact next start', () => {
    const cut = { bytes: 6_000, keeps: 'head' as const };
    const printed = guardedPrint(input("nl -ba big.py | sed -n '1,900p'", { cut }));
    assert.equal(printed.outcome, 'capped');
    if (printed.outcome !== 'capped') return;
    const shown = printed.last;
    assert.ok(shown < 200 && shown > 50, `${shown} lines`);
    assert.ok(printed.output.length <= 6_000, `${printed.output.length} bytes`);
    const [noticeLine, ...rest] = printed.output.toString('utf8').split('\n');
    assert.equal(
      noticeLine,
      `[skim] This read was shortened: lines 1-${shown} of big.py are shown, of 2633 in all (the read asked for 1-900). Next start: line ${shown + 1}. Reads of more than 200 lines are shortened here. The file's map follows: read the range you need next. Only ${shown} lines are shown, not 200: the host shows at most 6,000 bytes of this output.`,
    );
    assert.equal(
      rest.slice(0, shown).join('\n') + '\n',
      real("nl -ba big.py | sed -n '1,900p'").toString('utf8').split('\n').slice(0, shown).join('\n') + '\n',
    );
  });

  it('goes ahead as asked where shortening saves nothing: a 201-line read costs less than 200 lines, the notice and a map', () => {
    const printed = guardedPrint(input("sed -n '1,201p' big.py"));
    assert.equal(printed.outcome, 'untouched');
    assert.ok(printed.outcome === 'untouched' && printed.output.equals(real("sed -n '1,201p' big.py")));
  });

  it('goes ahead as asked without a map, saying why to whoever runs it', () => {
    const printed = guardedPrint(input('cat big.py', { entry: undefined, unmapped: 'the model never gave a usable map, only prose' }));
    assert.equal(printed.outcome, 'unmapped');
    assert.ok(printed.outcome === 'unmapped' && printed.output.equals(argparse));
    assert.equal(
      printed.outcome === 'unmapped' && printed.reason,
      '[skim] No map of big.py could be made (the model never gave a usable map, only prose), so the read was not shortened.',
    );
  });
});
