import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { CONTEXT_LIMITS } from '../../src/core/hook/answer';
import { renderMap } from '../../src/core/map/render';
import { skim } from '../support/cli';
import { scratch, tsSource } from '../support/files';

const NOTICE = (file: string, askedEnd: number) =>
  `[skim] This read was shortened: lines 1-200 of ${file} are shown, of 900 in all (the read asked for 1-${askedEnd}). Next start: line 201. The file's map follows: read the range you need next.`;

describe("skim hook, for each host's payload", () => {
  let s: ReturnType<typeof scratch>;
  let big: string;
  let map: string;
  const hook = async (payload: unknown) => skim(['hook'], { cwd: s.dir, stdin: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  beforeEach(async () => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    big = s.write('big.ts', tsSource(30, 26));
    const mapped = await skim(['map', 'big.ts', '--json'], { cwd: s.dir });
    const json = JSON.parse(mapped.stdout);
    map = renderMap({ ...json, size: 0, created: 0 });
  });
  afterEach(() => s.cleanup());

  it('VS Code read_file {filePath, startLine, endLine}: the range shortened to 200 lines, the notice then the whole map', async () => {
    const r = await hook({ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { filePath: big, startLine: 1, endLine: 900 }, cwd: s.dir });
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout), {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { filePath: big, startLine: 1, endLine: 200 },
        additionalContext: `${NOTICE('big.ts', 900)}\n\n${map}`,
      },
    });
  });

  it('VS Code read_file {filePath, offset, limit}: offset and limit rewritten', async () => {
    const r = await hook({ hook_event_name: 'PreToolUse', tool_name: 'read_file', tool_input: { filePath: 'big.ts', offset: 1, limit: 500 }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedInput, { filePath: 'big.ts', offset: 1, limit: 200 });
    assert.ok(out.additionalContext.startsWith(NOTICE('big.ts', 500)));
  });

  it('Claude Code Read {file_path}: offset 1 and limit 200, its 2,000-line default counted as asked', async () => {
    const r = await hook({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: big }, tool_use_id: 't', cwd: s.dir });
    assert.deepEqual(JSON.parse(r.stdout), {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { file_path: big, offset: 1, limit: 200 },
        additionalContext: `${NOTICE('big.ts', 900)}\n\n${map}`,
      },
    });
  });

  it('Copilot CLI view {path}: the flat answer with view_range [1, 200]', async () => {
    const r = await hook({ sessionId: 's', timestamp: 1, cwd: s.dir, toolName: 'view', toolArgs: { path: big } });
    assert.deepEqual(JSON.parse(r.stdout), {
      permissionDecision: 'allow',
      modifiedArgs: { path: big, view_range: [1, 200] },
      additionalContext: `${NOTICE('big.ts', 900)}\n\n${map}`,
    });
  });

  it('Copilot CLI view with toolArgs as a JSON string and a view_range', async () => {
    const r = await hook({ cwd: s.dir, toolName: 'view', toolArgs: JSON.stringify({ path: big, view_range: [1, 900] }) });
    assert.deepEqual(JSON.parse(r.stdout).modifiedArgs, { path: big, view_range: [1, 200] });
  });

  it('a Copilot CLI payload arriving through a Claude-style hook keeps its own argument names', async () => {
    const r = await hook({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { path: big, view_range: [1, 900] }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.deepEqual(out.updatedInput, { path: big, view_range: [1, 200] });
    assert.equal(out.permissionDecision, 'allow');
  });

  it('says on stderr that a call with no session id is not stamped: the edit gate cannot tell sessions apart without one', async () => {
    const r = await hook({ tool_name: 'Read', tool_input: { file_path: big }, cwd: s.dir });
    assert.match(r.stderr, /^hook: the host sent no session id, so the edit gate cannot tell this session's reads apart; this read is not stamped$/m);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, 'allow');
  });

  it('lets small reads, prose, binaries, other tools and missing files through with no output and exit 0', async () => {
    s.write('small.ts', tsSource(5, 26));
    s.write('notes.md', 'A line.\n'.repeat(900));
    s.write('blob.ts', Buffer.from([1, 0, 2, 10]));
    const cases: [unknown, RegExp | ''][] = [
      [{ tool_name: 'read_file', tool_input: { filePath: 'small.ts' }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'read_file', tool_input: { filePath: big, startLine: 1, endLine: 150 }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'Read', tool_input: { file_path: 'notes.md' }, cwd: s.dir, session_id: 's' }, ''],
      [{ toolName: 'view', toolArgs: { path: 'blob.ts' }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'Edit', tool_input: { file_path: big }, cwd: s.dir, session_id: 's' }, ''],
      [{ tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: s.dir, session_id: 's' }, ''],
      [
        { tool_name: 'Read', tool_input: { file_path: 'missing.ts' }, cwd: s.dir, session_id: 's' },
        /^hook: missing\.ts does not exist; the read goes ahead untouched$/,
      ],
      ['{not json', /^hook: the payload is not a JSON object; the call goes ahead untouched$/],
      ['', /^hook: the payload is not a JSON object/],
      [
        { tool_name: 'Read', tool_input: { file_path: '/etc/hostname' }, cwd: s.dir, session_id: 's' },
        /^hook: \/etc\/hostname is outside the project .*; the read goes ahead untouched$/,
      ],
    ];
    for (const [payload, stderr] of cases) {
      const r = await hook(payload);
      assert.equal(r.code, 0, JSON.stringify(payload));
      assert.equal(r.stdout, '', JSON.stringify(payload));
      if (stderr) assert.match(r.stderr, stderr);
      else assert.equal(r.stderr, '');
    }
  });

  it('an oversized read that cannot be mapped goes through untouched, and the extra text says why', async () => {
    s.write('big.cob', 'x = 1\n'.repeat(900));
    const r = await hook({ tool_name: 'Read', tool_input: { file_path: 'big.cob' }, cwd: s.dir });
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.equal(out.updatedInput, undefined);
    assert.equal(out.permissionDecision, undefined);
    assert.match(
      out.additionalContext,
      /^\[skim\] No map of big\.cob could be made \(Skim has no tree-sitter grammar for .*\), so the read was not shortened\.$/,
    );
  });

  it('folds a map too large for the host by depth, says so, and keeps the notice first', async () => {
    const source = Array.from(
      { length: 40 },
      (_, c) =>
        `export class Big${c} {\n${Array.from({ length: 25 }, (_, m) => `  method${m}(value: number): number {\n    return value + ${m};\n  }\n`).join('')}}\n`,
    ).join('');
    const file = s.write('wide.ts', source);
    for (const [payload, limit] of [
      [{ tool_name: 'read_file', tool_input: { filePath: file, startLine: 1, endLine: 5000 }, cwd: s.dir }, CONTEXT_LIMITS.vscode],
      [{ tool_name: 'Read', tool_input: { file_path: file }, cwd: s.dir }, CONTEXT_LIMITS.claude],
    ] as const) {
      const context: string = JSON.parse((await hook(payload)).stdout).hookSpecificOutput.additionalContext;
      assert.ok(Buffer.byteLength(context) <= limit, `${Buffer.byteLength(context)} bytes`);
      assert.match(context, /^\[skim\] This read was shortened: lines 1-200 of wide\.ts/);
      assert.match(context, /; notes left out, members below depth 1 folded to fit; run .* map .*wide\.ts for the whole map:\n/);
      assert.match(context, /^\d+-\d+ class Big39 \[folded: 25 methods\]$/m);
    }
  });
});
