import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { splitLines } from '../../src/core/files/readSource';
import { Budget } from '../../src/core/structural/budget';
import { threadClock } from '../../src/core/time/threadClock';
import { LanguageInfo, languageFor } from '../../src/core/structural/languages';
import { outlineRegions } from '../../src/core/structural/mapper';
import { Parse, parsesStarted, SlowParseError, withParse } from '../../src/core/structural/parser';
import { outlineQuery } from '../../src/core/structural/queries';
import { namesUsed } from '../../src/core/outlines/namesUsed';

/** A Debian file the tests read: one not installed fails the test and says how to install it. */
function installed(file: string, extension = ''): { file: string; text: string; language: LanguageInfo } {
  assert.ok(existsSync(file), `${file} is not installed: run bash scripts/setup-bench-corpus.sh`);
  const text = readFileSync(file, 'utf8');
  return { file, text, language: languageFor(file + extension, text) as LanguageInfo };
}

/** bash_completion parses with errors (one regex tree-sitter-bash misreads), so its outline parses blocks again. */
const broken = () => installed('/usr/share/bash-completion/bash_completion', '.sh');
/** pl/stringx.lua (lua-penlight) parses clean. */
const clean = () => installed('/usr/share/lua/5.1/pl/stringx.lua');

/** The regions of `file`'s outline made from its parse as `change` leaves it. */
function outlineOf({ file, text, language }: ReturnType<typeof installed>, change: (parse: Parse) => Parse) {
  return withParse(language, text, file, (parse) => outlineRegions(change(parse), outlineQuery(language, parse), language, splitLines(text).length));
}

describe('an outline and its time limit', () => {
  it('is whole where the time fits it: bash_completion with every block its errors touched parsed again', async () => {
    const regions = await outlineOf(broken(), (parse) => parse);
    assert.equal(regions.filter((r) => r.kind === 'function').length, 76);
  });

  it("is cut, a SlowParseError, when the time runs out between the parse and a block's parse: never the broken parse's regions as if whole", async () => {
    await assert.rejects(
      outlineOf(broken(), (parse) => ({ ...parse, parseMore: async () => undefined })),
      SlowParseError,
    );
  });

  it('is cut, a SlowParseError, when its query is given no time: never the matches tree-sitter found before its timeout', async () => {
    await assert.rejects(
      outlineOf(clean(), (parse) => ({ ...parse, budget: new Budget(0) })),
      SlowParseError,
    );
  });

  it("counts a file's names for the ranking whole or not at all: a naming query given no time is a SlowParseError, never a part of the counts (stringx.lua)", async () => {
    const { file, text, language } = clean();
    const whole = await withParse(language, text, file, (parse) => namesUsed(parse.tree.rootNode, parse.source, parse));
    assert.ok(whole.names.includes('assert_string'), whole.names.slice(0, 10).join(' '));
    await assert.rejects(
      withParse(language, text, file, async (parse) => namesUsed(parse.tree.rootNode, parse.source, { ...parse, budget: new Budget(0) })),
      SlowParseError,
    );
  });

  it('takes a parse with errors only once a second parse of the same text has them too; a clean parse is not repeated', async () => {
    const parses = async ({ file, text, language }: ReturnType<typeof installed>) => {
      const before = parsesStarted();
      const hasError = await withParse(language, text, file, (parse) => parse.tree.rootNode.hasError);
      return [hasError, parsesStarted() - before];
    };
    assert.deepEqual(await parses(broken()), [true, 2]);
    // A query or parse an earlier test stopped short can leave web-tree-sitter to misread the one parse after it (what the second parse is for): that one is spent first.
    await parses(clean());
    assert.deepEqual(await parses(clean()), [false, 1]);
  });

  it("is spent with less than a microsecond left, tree-sitter's least timeout, so a query stopped by it is known to be cut", () => {
    assert.deepEqual([new Budget(0.0005).spent, new Budget(0.002).spent, new Budget(0.002).remainingMicros()], [true, false, 2]);
  });
});

/** A clock the test moves: the wall's time, and this thread's CPU time where `cpuKnown`, each as a slice of work says it took. */
function testClock(cpuKnown = true) {
  let wall = 0;
  let cpu = 0;
  return {
    wall: () => wall,
    cpu: () => (cpuKnown ? cpu : undefined),
    took(wallMs: number, cpuMs: number) {
      wall += wallMs;
      cpu += cpuMs;
    },
  };
}

describe("an outline's time on a busy machine", () => {
  it("counts the CPU time its thread had, not the wall's: 9 s in which it ran 1 s leave 9 s of work, and it is out of time only at 6 times its budget on the wall, as late", () => {
    const clock = testClock();
    const budget = new Budget(10_000, undefined, clock);
    budget.run(() => clock.took(9_000, 1_000));
    assert.deepEqual([budget.spent, budget.remainingMs() > 9_000], [false, true]);
    budget.run(() => clock.took(50_000, 2_000));
    assert.deepEqual([budget.spent, budget.late], [false, true]);
    budget.run(() => clock.took(1_000, 100));
    assert.deepEqual([budget.spent, budget.late], [true, true]);
  });

  it('is slow, not late, when it had its whole time on the CPU and used it', () => {
    const clock = testClock();
    const budget = new Budget(10_000, undefined, clock);
    budget.run(() => clock.took(10_200, 10_000));
    assert.deepEqual([budget.spent, budget.late], [true, false]);
  });

  it("is cut when a query given all that was left took it (its timeout is the wall's), and late where the machine held the CPU back", () => {
    const clock = testClock();
    const busy = new Budget(10_000, undefined, clock);
    busy.run(() => clock.took(2_000, 1_000));
    busy.run(() => clock.took(busy.remainingMs(), 500));
    assert.deepEqual([busy.spent, busy.late], [true, true]);
  });

  it("where the platform gives no thread's CPU time, counts the wall's and is only ever late, never slow", () => {
    const clock = testClock(false);
    const budget = new Budget(10_000, undefined, clock);
    budget.run(() => clock.took(10_000, 10_000));
    assert.deepEqual([budget.spent, budget.late], [true, true]);
  });

  it("reads this thread's CPU time on Linux, which does not run while the thread waits", () => {
    const cpu = threadClock.cpu();
    assert.equal(typeof cpu, 'number');
    const wall = threadClock.wall();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    assert.ok(threadClock.wall() - wall >= 299);
    assert.ok((threadClock.cpu() as number) - (cpu as number) < 100, `${(threadClock.cpu() as number) - (cpu as number)} ms of CPU while waiting`);
  });
});
