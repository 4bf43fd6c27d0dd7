import * as assert from 'node:assert/strict';
import { MapStatus } from '../../src/core/map/types';
import { FIELD_CAPS } from '../../src/core/map/normalize';
import { MAX_MODEL_CALLS } from '../../src/core/summarizer/summarize';
import { engine } from '../support/engine';
import { scratch, tsRegions, tsSource } from '../support/files';
import { goodAnswer, Reply, ScriptedModel } from '../support/scriptedModel';

const FUNCTIONS = 10;
const BODY = 16; // 10 functions of 19 lines, stride 20: a 200-line file
const SOURCE = tsSource(FUNCTIONS, BODY);
const GOOD = tsRegions(FUNCTIONS, BODY);
const good = goodAnswer(GOOD);
const json = (value: unknown): Reply => ({ content: JSON.stringify(value) });

interface Case {
  name: string;
  script: Reply[];
  calls: number;
  status: MapStatus;
  check?: (regions: { start: number; end: number; name: string; kind: string }[], prose: string) => void;
}

const CASES: Case[] = [
  { name: 'not JSON, three times', script: [{ content: 'Here is a summary of the file!' }], calls: 3, status: 'prose-only' },
  { name: 'fenced JSON', script: [{ content: '```json\n' + (good as { content: string }).content + '\n```' }], calls: 1, status: 'model' },
  { name: 'truncated JSON, then a good answer', script: [{ content: (good as { content: string }).content.slice(0, 80) }, good], calls: 2, status: 'model' },
  {
    name: 'regions missing, three times',
    script: [json({ prose: 'only prose' })],
    calls: 3,
    status: 'prose-only',
    check: (_r, prose) => assert.equal(prose, 'only prose'),
  },
  { name: 'prose missing, then good', script: [json({ regions: GOOD }), good], calls: 2, status: 'model' },
  { name: 'wrong types: regions a string', script: [json({ prose: 'p', regions: 'fn0 is at 1-19' }), good], calls: 2, status: 'model' },
  {
    name: 'numbers as strings',
    script: [json({ prose: 'p', regions: GOOD.map((r) => ({ ...r, start: String(r.start), end: `${r.end}` })) })],
    calls: 1,
    status: 'model',
    check: (r) =>
      assert.deepEqual(
        r.map((x) => [x.start, x.end]),
        GOOD.map((x) => [x.start, x.end]),
      ),
  },
  {
    name: 'negative numbers',
    script: [json({ prose: 'p', regions: [{ start: -4, end: 19, kind: 'function', name: 'fn0' }] })],
    calls: 1,
    status: 'model',
    check: (r) => assert.deepEqual([r[0].start, r[0].end], [1, 19]),
  },
  {
    name: 'reversed range',
    script: [json({ prose: 'p', regions: [{ start: 39, end: 21, kind: 'function', name: 'fn1' }] })],
    calls: 1,
    status: 'model',
    check: (r) => assert.deepEqual([r[0].start, r[0].end], [39, 39]),
  },
  {
    name: 'overlapping ranges',
    script: [
      json({
        prose: 'p',
        regions: [
          { start: 1, end: 25, kind: 'function', name: 'a' },
          { start: 20, end: 39, kind: 'function', name: 'b' },
        ],
      }),
    ],
    calls: 1,
    status: 'model',
    check: (r) =>
      assert.deepEqual(
        r.map((x) => [x.start, x.end]),
        [
          [1, 25],
          [26, 39],
        ],
      ),
  },
  {
    name: 'past the end',
    script: [json({ prose: 'p', regions: [{ start: 181, end: 900, kind: 'section', name: 'tail' }] })],
    calls: 1,
    status: 'model',
    check: (r) => assert.deepEqual([r[0].start, r[0].end], [181, 200]),
  },
  {
    name: "ranges two lines off the declarations (snapped to tree-sitter's)",
    script: [json({ prose: 'p', regions: GOOD.map((x) => ({ ...x, start: x.start + 2, end: x.end - 2 })) })],
    calls: 1,
    status: 'model',
    check: (r) =>
      assert.deepEqual(
        r.map((x) => [x.start, x.end]),
        GOOD.map((x) => [x.start, x.end]),
      ),
  },
  {
    name: 'wholly past the end, then good',
    script: [json({ prose: 'p', regions: [{ start: 500, end: 900, kind: 'function', name: 'x' }] }), good],
    calls: 2,
    status: 'model',
  },
  {
    name: 'duplicated regions',
    script: [json({ prose: 'p', regions: [...GOOD, ...GOOD] })],
    calls: 1,
    status: 'model',
    check: (r) => assert.equal(r.length, FUNCTIONS),
  },
  {
    name: 'huge prose',
    script: [json({ prose: 'word '.repeat(10_000), regions: GOOD })],
    calls: 1,
    status: 'model',
    check: (_r, prose) => assert.ok(prose.length <= FIELD_CAPS.prose && prose.length > FIELD_CAPS.prose - 8 && prose.endsWith('word…'), `${prose.length}`),
  },
  {
    name: 'huge names',
    script: [json({ prose: 'p', regions: GOOD.map((x) => ({ ...x, name: x.name.repeat(500) })) })],
    calls: 1,
    status: 'model',
    check: (r) => assert.ok(r.every((x) => x.name.length <= FIELD_CAPS.name)),
  },
  { name: 'empty answer, three times', script: [{ content: '' }], calls: 3, status: 'prose-only' },
  { name: 'an empty regions array, three times', script: [json({ prose: 'p', regions: [] })], calls: 3, status: 'prose-only' },
  { name: 'a JSON array instead of an object, then good', script: [json(GOOD), good], calls: 2, status: 'model' },
  { name: 'an HTTP 500', script: [{ status: 500, body: 'upstream exploded' }], calls: 1, status: 'structural' },
  { name: 'a timeout', script: [{ hang: true }], calls: 1, status: 'structural' },
  { name: 'garbage, then an HTTP 500', script: [{ content: 'nope' }, { status: 500, body: 'down' }], calls: 2, status: 'structural' },
];

describe('summarizing through a chat-completions model', () => {
  let model: ScriptedModel;
  let s: ReturnType<typeof scratch>;
  before(async () => {
    model = await new ScriptedModel([good]).start();
  });
  after(() => model.stop());
  beforeEach(() => {
    s = scratch();
  });
  afterEach(() => s.cleanup());

  it('spends one call on a miss, none on a fresh hit, and one again after the file changes', async () => {
    model.setScript([good]);
    const file = s.write('calc.ts', SOURCE);
    const { project, maps, cache } = await engine(s.dir, model);
    const first = await maps.ensure(project.file(file));
    assert.deepEqual([first.modelCalls, first.fromCache, first.entry.status, first.entry.producer], [1, false, 'model', 'openai:scripted@p1']);
    const hit = await maps.ensure(project.file(file));
    assert.deepEqual([hit.modelCalls, hit.fromCache], [0, true]);
    s.write('calc.ts', SOURCE.replace('n = n + 0;', 'n = n - 0;'));
    const changed = await maps.ensure(project.file(file));
    assert.deepEqual([changed.modelCalls, changed.fromCache], [1, false]);
    assert.equal(model.calls, 2);
    await cache.close();
  });

  it('sends the whole file, numbered on the lines a region can begin or end on, and asks for gaps', async () => {
    model.setScript([good]);
    const file = s.write('calc.ts', SOURCE);
    const { project, maps, cache } = await engine(s.dir, model);
    await maps.ensure(project.file(file));
    const [system, user] = model.requests[0].messages;
    assert.match(system.content, /Copy line numbers from that column; never count lines yourself/);
    assert.match(system.content, /Leave gaps/);
    const body = user.content.split('\n').slice(2);
    assert.equal(body.length, 200);
    assert.equal(body[0], '1 export function fn0(n: number): number {');
    assert.equal(body[18], '19 }');
    assert.equal(body[19], '');
    await cache.close();
  });

  for (const c of CASES) {
    it(`answers "${c.name}" with ${c.calls} call${c.calls === 1 ? '' : 's'} and a ${c.status} entry`, async () => {
      model.setScript(c.script);
      const file = s.write('calc.ts', SOURCE);
      const { project, maps, cache } = await engine(s.dir, model, 300);
      const outcome = await maps.ensure(project.file(file));
      assert.ok(model.calls <= MAX_MODEL_CALLS);
      assert.equal(model.calls, c.calls);
      assert.equal(outcome.modelCalls, c.calls);
      // A prose-only entry is stored; the reader gets the structural outline in its place, said so.
      const stored = cache.get('calc.ts');
      assert.equal(c.status === 'structural' ? stored : stored?.status, c.status === 'structural' ? undefined : c.status);
      assert.equal(outcome.entry.status, c.status === 'prose-only' ? 'structural' : c.status);
      if (c.status === 'prose-only')
        assert.deepEqual([stored?.regions, outcome.fallback], [[], 'the model gave no usable map of this file, only prose, so this is the structural outline']);
      if (c.status === 'structural') assert.match(outcome.fallback ?? '', /^the model failed \(.+\), so this is the structural outline$/);
      c.check?.(stored?.regions ?? outcome.entry.regions, stored?.prose ?? outcome.entry.prose);
      await cache.close();
    });
  }

  it('stores a prose-only entry so a file the model cannot map costs no more calls until it changes', async () => {
    model.setScript([{ content: 'not json' }]);
    const file = s.write('calc.ts', SOURCE);
    const { project, maps, cache } = await engine(s.dir, model);
    assert.equal((await maps.ensure(project.file(file))).modelCalls, 3);
    const again = await maps.ensure(project.file(file));
    assert.deepEqual([again.modelCalls, again.entry.status, cache.get('calc.ts')?.status], [0, 'structural', 'prose-only']);
    await cache.close();
  });

  it('does not store a structural stand-in made because the model failed', async () => {
    model.setScript([{ status: 503, body: 'busy' }, good]);
    const file = s.write('calc.ts', SOURCE);
    const { project, maps, cache } = await engine(s.dir, model);
    assert.equal((await maps.ensure(project.file(file))).entry.status, 'structural');
    const retry = await maps.ensure(project.file(file));
    assert.deepEqual([retry.modelCalls, retry.entry.status], [1, 'model']);
    await cache.close();
  });
});
