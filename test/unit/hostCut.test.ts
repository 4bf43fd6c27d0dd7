import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { guardedRead } from '../../src/core/guard/guard';
import { hookContext, linesBytes, readBudget } from '../../src/core/hook/readAnswer';
import { bytesThrough } from '../../src/core/hook/hosts/host';
import { encode } from 'gpt-tokenizer';
import { skim } from '../support/cli';
import { engine } from '../support/engine';
import { scratch } from '../support/files';

const ES5 = require.resolve('typescript/lib/lib.es5.d.ts');
const RUNNER = require.resolve('mocha/lib/runner.js');

/** Lines from..to of a file as a read returns them, each with its newline; their bytes; o200k tokens. */
const linesOf = (file: string, from: number, to: number) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .slice(from - 1, to);
const textOf = (file: string, from: number, to: number) => `${linesOf(file, from, to).join('\n')}\n`;
const bytesOf = (file: string, from: number, to: number) => linesBytes(linesOf(file, from, to));
const tokens = (text: string) => encode(text).length;

describe('a guarded read never shows more than the host alone would have', () => {
  let s: ReturnType<typeof scratch>;
  const hook = async (payload: object) => skim(['hook'], { cwd: s.dir, stdin: JSON.stringify({ hook_event_name: 'PreToolUse', cwd: s.dir, ...payload }) });

  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    copyFileSync(ES5, path.join(s.dir, 'lib.es5.d.ts'));
    copyFileSync(RUNNER, path.join(s.dir, 'runner.js'));
  });
  afterEach(() => s.cleanup());

  it("the Copilot CLI's view of lib.es5.d.ts, which the CLI cuts at 20,480 bytes: 200 lines, the notice and a map folded to fit within them", async () => {
    const r = await hook({ toolName: 'view', toolArgs: { path: 'lib.es5.d.ts' } });
    const answer = JSON.parse(r.stdout);
    assert.deepEqual(answer.modifiedArgs, { path: 'lib.es5.d.ts', view_range: [1, 200] });
    const shown = bytesOf(ES5, 1, 200) + Buffer.byteLength(answer.additionalContext);
    assert.ok(shown <= 20_480, `${shown} bytes`);
    assert.match(answer.additionalContext, /^\[skim\] This read was shortened: lines 1-200 of lib\.es5\.d\.ts are shown, of 4601 in all/);
    assert.match(
      answer.additionalContext,
      /\n\nMap of lib\.es5\.d\.ts \(4601 lines; tree-sitter outline\); notes left out, members below depth 1 folded to fit; run .* for the whole map:\n/,
    );
  });

  it("a Claude Code Read of 205 of mocha runner.js's lines goes ahead as asked: its first 200 and the notice alone cost more than the 205", async () => {
    const r = await hook({ session_id: 's', tool_name: 'Read', tool_input: { file_path: 'runner.js', offset: 1, limit: 205 } });
    assert.deepEqual([r.code, r.stdout, r.stderr], [0, '', '']);
  });

  it("a Claude Code Read of 300 of lib.es5.d.ts's lines: 200 lines, the notice and the map folded into what the 300 lines cost", async () => {
    const r = await hook({ session_id: 's', tool_name: 'Read', tool_input: { file_path: 'lib.es5.d.ts', offset: 1, limit: 300 } });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedInput, { file_path: 'lib.es5.d.ts', offset: 1, limit: 200 });
    const shown = bytesOf(ES5, 1, 200) + Buffer.byteLength(out.additionalContext);
    assert.ok(shown <= bytesOf(ES5, 1, 300), `${shown} bytes against ${bytesOf(ES5, 1, 300)}`);
    const [skimTokens, hostTokens] = [tokens(textOf(ES5, 1, 200)) + tokens(out.additionalContext), tokens(textOf(ES5, 1, 300))];
    assert.ok(skimTokens <= hostTokens, `${skimTokens} tokens against ${hostTokens}: a map's bytes are dearer than code's`);
    assert.match(
      out.additionalContext,
      /\n\nMap of lib\.es5\.d\.ts \(4601 lines; tree-sitter outline\); 117 top-level regions folded into runs to fit; run .* for the whole map:\n\[folded: /,
    );
  });

  it("under a harness that cuts output of 10,000 characters or more to its head and tail (mini-swe-agent's), lib.es5.d.ts's map folds so that the whole read stays under the cut", async () => {
    const env = await engine(s.dir);
    try {
      const read = await guardedRead(env.maps, env.project.file(path.join(s.dir, 'lib.es5.d.ts')));
      const budget = readBudget({ contextLimit: Infinity, cut: { chars: 9_999, keeps: 'ends' } }, read);
      assert.deepEqual([read.outcome, budget.hostBytes, budget.linesBytes], ['capped', 9_999, bytesOf(ES5, 1, 200)]);
      const context = hookContext(read, budget, 'skim map lib.es5.d.ts') as string;
      const shown = bytesOf(ES5, 1, 200) + 1 + Buffer.byteLength(context);
      assert.ok(shown <= 9_999, `${shown} bytes`);
      const whole = readFileSync(ES5, 'utf8');
      const [skimTokens, hostTokens] = [tokens(`${textOf(ES5, 1, 200)}\n${context}`), tokens(whole.slice(0, 5_000) + whole.slice(-5_000))];
      assert.ok(skimTokens <= hostTokens, `${skimTokens} tokens against the host's ${hostTokens}`);
      assert.match(
        context,
        /\n\nMap of lib\.es5\.d\.ts \(4601 lines; tree-sitter outline\); 117 top-level regions folded into runs to fit; skim map lib\.es5\.d\.ts for the whole map:\n\[folded: /,
      );
      assert.equal(hookContext(read, readBudget({ contextLimit: Infinity, cut: { chars: 7_200, keeps: 'ends' } }, read)), undefined, 'no room for any map');
    } finally {
      await env.cache.close();
    }
  });

  it('what a host shows through its own cut: a cut in lines keeps their share of the bytes, one in bytes, characters or tokens bounds the bytes as it stands', () => {
    assert.equal(bytesThrough({ lines: 2_000, tokens: 25_000, keeps: 'head' }, 90_000, 3_000), 25_000);
    assert.equal(bytesThrough({ lines: 2_000, keeps: 'head' }, 90_000, 3_000), 60_000);
    assert.equal(bytesThrough({ lines: 2_000, keeps: 'head' }, 90_000, 2_000), 90_000);
    assert.equal(bytesThrough({ chars: 16_000, keeps: 'head' }, 15_000, 400), 15_000);
    assert.equal(bytesThrough({ chars: 16_000, keeps: 'head' }, 40_000, 900), 16_000);
    assert.equal(bytesThrough({ bytes: 20_480, keeps: 'head' }, 40_000, 900), 20_480);
    assert.equal(bytesThrough(undefined, 40_000, 900), 40_000);
  });
});
