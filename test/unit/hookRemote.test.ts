import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { socketDirectory, socketPathFor } from '../../src/core/hook/socketPath';
import { skim } from '../support/cli';
import { scratch, tsSource } from '../support/files';

const SOURCE = tsSource(30, 26);

/** Stands in for a running extension: a socket at the project's path that answers with `reply`. */
async function fakeExtension(folder: string, reply: (request: { op: string }) => string | undefined): Promise<net.Server> {
  mkdirSync(socketDirectory(), { recursive: true, mode: 0o700 });
  const socket = socketPathFor(folder);
  rmSync(socket, { force: true });
  const server = net.createServer((connection) => {
    connection.on('data', (chunk) => {
      const answer = reply(JSON.parse(String(chunk).split('\n')[0]));
      if (answer !== undefined) connection.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return server;
}

describe('skim hook and a running extension', () => {
  let s: ReturnType<typeof scratch>;
  let server: net.Server | undefined;
  beforeEach(() => {
    s = scratch();
    s.write('big.ts', SOURCE);
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    s.cleanup();
  });
  const payload = () => JSON.stringify({ tool_name: 'read_file', tool_input: { filePath: path.join(s.dir, 'big.ts'), startLine: 1, endLine: 900 }, cwd: s.dir });

  it('takes the map the extension answers with, and the extension\'s folder as the project', async () => {
    server = await fakeExtension(s.dir, (request) =>
      JSON.stringify(
        request.op === 'cached'
          ? { entry: null }
          : { entry: { path: 'big.ts', size: SOURCE.length, hash: createHash('sha256').update(SOURCE).digest('hex'), lines: 900, status: 'model', producer: 'vscode.lm:test/model', prose: 'From the extension.', regions: [{ start: 1, end: 29, kind: 'function', name: 'fn0', note: 'first' }], created: 0 }, modelCalls: 1 },
      ),
    );
    const r = await skim(['hook'], { cwd: s.dir, stdin: payload() });
    const context: string = JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
    assert.match(context, /lines 1-200 of big\.ts are shown/);
    assert.match(context, /Map of big\.ts \(900 lines; map written by vscode\.lm:test\/model\):\nFrom the extension\.\nRegions \(start-end kind name — note\):\n1-29 function fn0 — first$/);
  });

  it('falls back to its own tree-sitter map within its budget when the extension never answers', async () => {
    server = await fakeExtension(s.dir, () => undefined);
    const started = Date.now();
    const r = await skim(['hook'], { cwd: s.dir, stdin: payload(), env: { SKIM_HOOK_BUDGET_MS: '300' } });
    assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
    assert.equal(r.code, 0);
    assert.match(JSON.parse(r.stdout).hookSpecificOutput.additionalContext, /structural outline by tree-sitter:typescript/);
  });

  it('lets the read through, saying why, when the extension answers with an error', async () => {
    server = await fakeExtension(s.dir, () => JSON.stringify({ error: 'the window is closing' }));
    const r = await skim(['hook'], { cwd: s.dir, stdin: payload() });
    assert.equal(r.code, 0);
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.equal(out.updatedInput, undefined);
    assert.match(out.additionalContext, /^\[skim\] No map of big\.ts could be made \(the window is closing\), so the read was not shortened\.$/);
  });
});

describe('skim hook never passes on a map made for other content', () => {
  it('when the extension answers with a map whose hash is not the file\'s, the read goes through as asked', async () => {
    const s = scratch();
    s.write('big.ts', SOURCE);
    const server = await fakeExtension(s.dir, (request) =>
      JSON.stringify(request.op === 'cached' ? { entry: null } : { entry: { path: 'big.ts', size: SOURCE.length, hash: 'another version', lines: 900, status: 'model', producer: 'p', prose: '', regions: [{ start: 1, end: 9, kind: 'function', name: 'old', note: '' }], created: 0 }, modelCalls: 1 }),
    );
    try {
      const r = await skim(['hook'], { cwd: s.dir, stdin: JSON.stringify({ tool_name: 'Read', tool_input: { file_path: path.join(s.dir, 'big.ts') }, cwd: s.dir }) });
      const out = JSON.parse(r.stdout).hookSpecificOutput;
      assert.equal(out.updatedInput, undefined);
      assert.equal(out.additionalContext, '[skim] No map of big.ts could be made (the file kept changing while it was being read, so no map matched its lines), so the read was not shortened.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s.cleanup();
    }
  });
});
