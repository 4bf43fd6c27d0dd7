import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { socketPathFor } from '../../../../src/core/hook/socketPath';
import { tsSource } from '../../../support/files';
import { invoke, scriptedModel, skim, workspaceDir, write } from '../../support';

/** What the extension's read-hook socket answers to `bytes` sent on one connection, and whether it hung up. */
function exchange(bytes: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPathFor(workspaceDir()));
    let answer = '';
    connection.on('connect', () => connection.write(bytes));
    connection.on('data', (chunk) => (answer += chunk));
    connection.on('close', () => resolve(answer));
    // A hang-up while we still write shows as an error; the close that follows resolves.
    connection.on('error', () => undefined);
    setTimeout(() => reject(new Error('the socket neither answered nor hung up')), 20_000).unref();
  });
}

describe("odd and hostile input through the extension's tools and its read-hook socket", function () {
  this.timeout(60_000);
  let outside: string;
  before(async () => {
    await skim();
    // The socket's ensure asks the model for a map: one left hanging by a file before this one (fallbacks) must not answer it.
    (await scriptedModel()).reset();
    outside = mkdtempSync(path.join(os.tmpdir(), 'skim-outside-'));
    writeFileSync(path.join(outside, 'creds.ts'), tsSource(30, 26));
  });
  after(() => {
    for (const leftover of [outside, path.join(workspaceDir(), 'escape'), path.join(workspaceDir(), 'pipe.ts'), path.join(workspaceDir(), 'runner.js')])
      rmSync(leftover, { recursive: true, force: true });
  });

  it('a link in the workspace that leads out of it is refused as outside the workspace', async () => {
    rmSync(path.join(workspaceDir(), 'escape'), { force: true });
    symlinkSync(outside, path.join(workspaceDir(), 'escape'));
    for (const tool of ['skim_read_file', 'skim_summarize_file', 'skim_list_symbols']) {
      await assert.rejects(invoke(tool, { filePath: 'escape/creds.ts' }), /escape\/creds\.ts is outside the open workspace/, tool);
    }
  });

  it('a FIFO named like source is refused at once, saying it is not a regular file', async () => {
    const fifo = path.join(workspaceDir(), 'pipe.ts');
    rmSync(fifo, { force: true });
    execFileSync('mkfifo', [fifo]);
    await assert.rejects(
      invoke('skim_read_file', { filePath: 'pipe.ts' }),
      /pipe\.ts is not a regular file \(a FIFO, a device or a socket\); Skim reads regular files only/,
    );
    await assert.rejects(invoke('skim_summarize_file', { filePath: 'pipe.ts' }), /pipe\.ts is not a regular file/);
  });

  it('a tree query nested 3,000 deep is refused before tree-sitter sees it; a written query runs in its worker thread, and the outline after them is whole', async () => {
    copyFileSync(require.resolve('mocha/lib/runner.js'), path.join(workspaceDir(), 'runner.js'));
    await assert.rejects(
      invoke('skim_query_tree', { filePath: 'runner.js', query: `${'('.repeat(2999)}(identifier) @id${')'.repeat(2999)}` }),
      /skim_query_tree: the query nests 3000 deep, more than the 64 Skim compiles/,
    );
    assert.match(
      await invoke('skim_query_tree', { filePath: 'runner.js', query: '(function_declaration name: (identifier) @fn)', max: 1 }),
      /^\(function_declaration name: \(identifier\) @fn\) in runner\.js \(javascript\): 12 captures; the first 1 are shown/,
    );
    assert.match(await invoke('skim_list_symbols', { filePath: 'runner.js' }), /^\t\t869-986 next$/m);
  });

  it('the socket answers the first request of a connection once and reads nothing after it', async () => {
    write('sock.ts', tsSource(3, 2));
    const request = JSON.stringify({ op: 'ensure', file: path.join(workspaceDir(), 'sock.ts') });
    const answer = await exchange(`${request}\n${request}\n${request}\n`);
    assert.equal(JSON.parse(answer).entry.path, 'sock.ts');
  });

  it('the socket hangs up on a request over its size limit without answering', async () => {
    assert.equal(await exchange(Buffer.alloc(9 * 1024 * 1024, 0x61)), '');
  });

  it('the socket refuses a file outside the workspace, also through a link', async () => {
    mkdirSync(path.join(workspaceDir(), 'sub'), { recursive: true });
    for (const file of [path.join(outside, 'creds.ts'), path.join(workspaceDir(), 'escape', 'creds.ts')]) {
      const answer = JSON.parse(await exchange(`${JSON.stringify({ op: 'ensure', file })}\n`));
      assert.match(answer.error, /is not inside this VS Code window's workspace/);
    }
  });
});
