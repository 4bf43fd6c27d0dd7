import * as assert from 'node:assert/strict';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { alignLines } from '../../src/core/ledger/align';
import { decideRead, ShownRead } from '../../src/core/ledger/decide';
import { FileKnowledge, lineHash, MAX_HELD_LINES } from '../../src/core/ledger/knowledge';
import { ledgerNote } from '../../src/core/ledger/note';
import { replayLedger, SessionEvent } from '../../src/core/ledger/replay';
import { MAIN_CONTEXT, SessionLedger } from '../../src/core/ledger/sessionLedger';
import { callsInContext } from '../../src/core/ledger/transcript';
import { sha256Hex } from '../../src/core/files/sha256';
import { FIXTURES, scratch } from '../support/files';

/** Python's textwrap.py (491 lines): TextWrapper.__init__ is lines 112-137. */
const TEXTWRAP = readFileSync('/usr/lib/python3.11/textwrap.py', 'utf8');
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

/** What a host showed of `text`: lines start..end. */
function shown(text: string, start: number, end: number, withFile = true): ShownRead {
  const all = linesOf(text);
  const lines = all.slice(start - 1, end);
  return {
    version: sha256Hex(text),
    start,
    hashes: lines.map(lineHash),
    bytes: lines.map((l) => Buffer.byteLength(l) + 1),
    ...(withFile ? { file: all.map(lineHash) } : {}),
  };
}

const edited = (text: string, line: number, edit: (l: string) => string) => {
  const lines = text.split('\n');
  lines[line - 1] = edit(lines[line - 1]);
  return lines.join('\n');
};

describe('the session ledger: the decision on a read', () => {
  const first = (start = 1, end = 150): FileKnowledge => decideRead(undefined, shown(TEXTWRAP, start, end), 1, 'call-1').knowledge;

  it('a first read is shown whole, and the lines it showed are what the context holds', () => {
    const decision = decideRead(undefined, shown(TEXTWRAP, 1, 150), 1, 'call-1');
    assert.equal(decision.kind, 'full');
    assert.deepEqual(
      decision.knowledge.held.map((run) => [run.start, run.hashes.length, run.read, run.call]),
      [[1, 150, 1, 'call-1']],
    );
  });

  it('a re-read of the same lines of the unchanged file is all note: every line reused from the read that showed it', () => {
    const decision = decideRead(first(), shown(TEXTWRAP, 1, 150), 4, 'call-4');
    assert.deepEqual(decision.kind === 'note' && [decision.reused, decision.fresh, decision.changed], [[{ start: 1, end: 150, was: 1, read: 1 }], [], false]);
    assert.deepEqual(
      decision.knowledge.held.map((run) => [run.start, run.hashes.length, run.read, run.call]),
      [[1, 150, 1, 'call-1']],
    );
  });

  it('a re-read reaching further shows only the lines not read before', () => {
    const decision = decideRead(first(1, 100), shown(TEXTWRAP, 1, 150), 2);
    assert.deepEqual(decision.kind === 'note' && [decision.reused, decision.fresh], [[{ start: 1, end: 100, was: 1, read: 1 }], [{ start: 101, end: 150 }]]);
  });

  it('a read of lines never shown is shown whole', () => {
    assert.equal(decideRead(first(1, 150), shown(TEXTWRAP, 200, 300), 2).kind, 'full');
  });

  it('after an edit of line 119, only line 119 is shown again, and the rest is the earlier read', () => {
    const after = edited(TEXTWRAP, 119, (l) => l.replace('True', 'False'));
    const decision = decideRead(first(), shown(after, 1, 150), 2);
    assert.deepEqual(decision.kind === 'note' && [decision.reused, decision.fresh, decision.changed], [
      [
        { start: 1, end: 118, was: 1, read: 1 },
        { start: 120, end: 150, was: 120, read: 1 },
      ],
      [{ start: 119, end: 119 }],
      true,
    ]);
  });

  it('lines inserted above move the rest: the note says which lines they were, and the inserted ones are shown', () => {
    const after = `# one\n# two\n# three\n${TEXTWRAP}`;
    const decision = decideRead(first(), shown(after, 1, 153), 2);
    assert.deepEqual(decision.kind === 'note' && [decision.reused, decision.fresh], [[{ start: 4, end: 153, was: 1, read: 1 }], [{ start: 1, end: 3 }]]);
  });

  it('where the host numbers its result from one start, two changes make one span shown in full between them', () => {
    const after = edited(
      edited(TEXTWRAP, 50, (l) => `${l} # changed`),
      119,
      (l) => l.replace('True', 'False'),
    );
    const decision = decideRead(first(), shown(after, 1, 150), 2, undefined, { oneSpan: true });
    assert.deepEqual(decision.kind === 'note' && [decision.reused, decision.fresh], [
      [
        { start: 1, end: 49, was: 1, read: 1 },
        { start: 120, end: 150, was: 120, read: 1 },
      ],
      [{ start: 50, end: 119 }],
    ]);
  });

  it('without the whole file (a window of it), a changed file is still compared line by line within the window', () => {
    const after = edited(TEXTWRAP, 119, (l) => l.replace('True', 'False'));
    const decision = decideRead(first(), shown(after, 1, 150, false), 2);
    assert.deepEqual(decision.kind === 'note' && decision.fresh, [{ start: 119, end: 119 }]);
  });

  it('a note must stand for more than a few bytes: two short lines read again are shown again', () => {
    const small = 'a = 1\nb = 2\n';
    const known = decideRead(undefined, shown(small, 1, 2), 1).knowledge;
    assert.equal(decideRead(known, shown(small, 1, 2), 2).kind, 'full');
  });

  it(`keeps at most ${MAX_HELD_LINES} lines of a file: the latest read's, then an earlier one's from its start`, () => {
    const big = readFileSync(require.resolve('typescript/lib/typescript.js'), 'utf8').split('\n').slice(0, 9000).join('\n');
    let known = decideRead(undefined, shown(big, 1, 3000), 1).knowledge;
    known = decideRead(known, shown(big, 3001, 6000), 2).knowledge;
    const held = known.held.reduce((n, run) => n + run.hashes.length, 0);
    assert.equal(held, MAX_HELD_LINES);
    assert.deepEqual(
      known.held.map((run) => [run.start, run.read]),
      [
        [1, 1],
        [3001, 2],
      ],
    );
  });
});

describe('the session ledger: matching lines across a change', () => {
  it('a match never reaches across a gap in what was shown', () => {
    const hashes = ['a', 'b', 'c', 'd'];
    // Lines 1-2 and 10-11 were shown; the file now holds them as one run.
    assert.deepEqual(alignLines(hashes, [1, 2, 10, 11], ['a', 'b', 'c', 'd']), [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    assert.deepEqual(alignLines(['x', 'y', 'y', 'z'], [1, 2, 3, 4], ['x', 'y', 'y', 'z']), [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // Repeated lines alone anchor nothing.
    assert.deepEqual(alignLines(['y', 'y'], [1, 2], ['y', 'y']), []);
  });
});

describe('the session ledger: the note', () => {
  it('says which lines are unchanged since which read, and that they are above', () => {
    assert.equal(
      ledgerNote({ reused: [{ start: 1, end: 150, was: 1, read: 1 }], fresh: [], changed: false, read: 4, freshAs: 'result' }),
      '[skim] Lines 1-150 are unchanged since you read them 3 reads ago; they are above, in that result.',
    );
  });

  it('for a changed file, which lines they were when read, and where the lines shown in full are in the map', () => {
    const region = { start: 112, end: 137, kind: 'method', name: '__init__', note: '' };
    assert.equal(
      ledgerNote({
        reused: [
          { start: 1, end: 118, was: 1, read: 2 },
          { start: 120, end: 153, was: 117, read: 3 },
        ],
        fresh: [{ start: 119, end: 119 }],
        changed: true,
        read: 4,
        freshAs: 'follow',
        regionsOf: () => [region],
      }),
      '[skim] This file changed since you read it. Lines 1-118 (2 reads ago) and 120-153 (1 read ago) are unchanged since you read them (120-153 were 117-150 when you read them); they are above, in that result. Line 119 (in 112-137 method __init__): new or changed; they follow.',
    );
  });
});

describe("the session ledger's records in the session's log", () => {
  let s: ReturnType<typeof scratch>;
  let env: NodeJS.ProcessEnv;
  const known = decideRead(undefined, shown(TEXTWRAP, 1, 150), 1, 'call-1').knowledge;
  const log = () => {
    const dir = path.join(s.dir, 'skim', 'stamps');
    return path.join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl')) as string);
  };
  beforeEach(() => {
    s = scratch();
    env = { XDG_STATE_HOME: s.dir };
  });
  afterEach(() => s.cleanup());

  const ledger = (ctx = MAIN_CONTEXT) => SessionLedger.of('session-1', ctx, env) as SessionLedger;

  it('a context holds nothing until the host says it began, then what its reads recorded, and nothing again when the host says it begins anew', () => {
    ledger().record('/p/a.py', 1, known);
    assert.deepEqual(ledger().state('/p/a.py'), { open: false, reads: 1, knowledge: known });
    ledger().begin();
    assert.deepEqual(ledger().state('/p/a.py'), { open: true, reads: 1, knowledge: undefined });
    ledger().record('/p/a.py', 2, known);
    assert.deepEqual(ledger().state('/p/a.py'), { open: true, reads: 2, knowledge: known });
    ledger().begin();
    assert.deepEqual(ledger().state('/p/a.py'), { open: true, reads: 2, knowledge: undefined });
    assert.equal(ledger('agent-7').state('/p/a.py').open, false);
    assert.equal(ledger('agent-7').state('/p/a.py').knowledge, undefined);
  });

  it("a reset forgets every context's reads, and the count of reads goes on", () => {
    ledger().begin();
    ledger('agent-7').begin();
    ledger().record('/p/a.py', 1, known);
    ledger('agent-7').record('/p/a.py', 1, known);
    ledger('agent-7').forget('PreCompact');
    assert.deepEqual(ledger().state('/p/a.py'), { open: true, reads: 1, knowledge: undefined });
    assert.deepEqual(ledger('agent-7').state('/p/a.py'), { open: true, reads: 1, knowledge: undefined });
  });

  it('a record the ledger did not write means nothing is held (a full read); the lines around it still count, and so do the stamps', () => {
    ledger().begin();
    ledger().record('/p/a.py', 1, known);
    appendFileSync(log(), '{"ledger":"read","ctx":"main","n":2,"file":"/p/a.py","v":"00","held":[[1,1,null,"zz"]]}\n');
    assert.deepEqual(ledger().state('/p/a.py'), { open: true, reads: 2, knowledge: undefined });
    appendFileSync(log(), '{"ledger":"read","ctx":"ma\n');
    ledger().record('/p/b.py', 3, known);
    assert.deepEqual(ledger().state('/p/b.py'), { open: true, reads: 3, knowledge: known });
    const overlapping = JSON.stringify({
      ledger: 'read',
      ctx: 'main',
      n: 4,
      file: '/p/b.py',
      v: known.version,
      held: [
        [1, 1, null, 'a'.repeat(32)],
        [2, 1, null, 'b'.repeat(16)],
      ],
    });
    appendFileSync(log(), `${overlapping}\n`);
    assert.equal(ledger().state('/p/b.py').knowledge, undefined);
  });

  it('a log that is not JSON at all holds nothing', () => {
    ledger().begin();
    writeFileSync(log(), 'PK\u0003\u0004 not a log\n\u0000\u0000');
    assert.deepEqual(ledger().state('/p/a.py'), { open: false, reads: 0, knowledge: undefined });
  });
});

describe('the transcript check: an earlier result is held while it is on the chain of the last message', () => {
  const transcript = readFileSync(path.join(FIXTURES, 'transcripts', 'claude-compacted.jsonl'), 'utf8');
  const READ = 'toolu_17962914281130';
  let s: ReturnType<typeof scratch>;
  beforeEach(() => (s = scratch()));
  afterEach(() => s.cleanup());

  it("Claude Code's transcript before /compact holds the read's result; after it, not", () => {
    const lines = transcript.trimEnd().split('\n');
    const boundary = lines.findIndex((line) => line.includes('compact_boundary'));
    const before = s.write('before.jsonl', `${lines.slice(0, boundary).join('\n')}\n`);
    assert.deepEqual([...callsInContext(before, new Set([READ, 'toolu_other']))], [READ]);
    assert.deepEqual([...callsInContext(s.write('after.jsonl', transcript), new Set([READ]))], []);
  });

  it('a rewind (a message whose parent is earlier than the result) leaves the result on a branch of its own', () => {
    const lines = transcript.trimEnd().split('\n');
    const boundary = lines.findIndex((line) => line.includes('compact_boundary'));
    const kept = lines.slice(0, boundary);
    const first = JSON.parse(kept[0]) as { uuid: string };
    const rewound = JSON.stringify({ type: 'user', uuid: 'rewound-1', parentUuid: first.uuid, message: { role: 'user', content: 'again' } });
    assert.deepEqual([...callsInContext(s.write('rewound.jsonl', [...kept, rewound].join('\n')), new Set([READ]))], []);
  });

  it('a transcript that is missing or not a file holds nothing', () => {
    assert.deepEqual([...callsInContext(path.join(s.dir, 'none.jsonl'), new Set([READ]))], []);
    assert.deepEqual([...callsInContext(s.dir, new Set([READ]))], []);
  });
});

describe("the session ledger's replay: a recorded session's reads through the same decision", () => {
  const lines = (text: string, start: number, end: number) => linesOf(text).slice(start - 1, end);
  const after = edited(TEXTWRAP, 119, (l) => l.replace('True', 'False'));

  it('notes what the context holds, shows a changed line, forgets at a reset, and keeps each context apart', () => {
    const read = (text: string, context?: string): SessionEvent => ({
      kind: 'read',
      file: 'textwrap.py',
      start: 1,
      lines: lines(text, 1, 150),
      ...(context ? { context } : {}),
    });
    const replayed = replayLedger([read(TEXTWRAP), read(TEXTWRAP), read(after), read(after, 'agent-7'), { kind: 'reset' }, read(after)]);
    assert.deepEqual(
      replayed.map((r) => [r.event, r.shown, r.fresh]),
      [
        [0, 'whole', [{ start: 1, end: 150 }]],
        [1, 'note', []],
        [2, 'note', [{ start: 119, end: 119 }]],
        [3, 'whole', [{ start: 1, end: 150 }]],
        [5, 'whole', [{ start: 1, end: 150 }]],
      ],
    );
    assert.equal(replayed[1].text, '[skim] Lines 1-150 are unchanged since you read them 1 read ago; they are above, in that result.');
    assert.equal(
      replayed[2].text,
      '[skim] This file changed since you read it. Lines 1-118 and 120-150 are unchanged since you read them 2 reads ago; they are above, in that result. Line 119: new or changed; they follow.\n[skim] Lines 119-119:\n                 break_long_words=False,',
    );
  });

  it('a read of a window with nothing unique in it is shown whole: no line can be told from another', () => {
    const same: SessionEvent = { kind: 'read', file: 'blank.txt', start: 1, lines: Array.from({ length: 300 }, () => 'pass') };
    assert.deepEqual(
      replayLedger([same, same]).map((r) => r.shown),
      ['whole', 'whole'],
    );
  });
});
