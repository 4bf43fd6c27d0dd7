import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { describeFileError } from '../../src/core/files/errors';
import { Project } from '../../src/core/files/project';
import { skim } from '../support/cli';
import { scratch, tsSource } from '../support/files';
import { mcpClient } from '../support/mcp';

const ROOT = path.resolve(__dirname, '../../..');
const CLI = path.join(ROOT, 'dist/cli.js');

/**
 * Runs the bundled `skim` as its own process, killed after 30 s: a read that blocks shows as a
 * timeout, not a hung suite (30 s, not less: outlining a 2 MB minified line takes seconds of CPU,
 * and more on a loaded machine).
 */
async function run(args: string[], cwd: string, stdin?: string): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd, timeout: 30_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, SKIM_CACHE_DIR: path.join(cwd, '.cache') } },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr, ms: Date.now() - started });
      },
    );
    child.stdin?.end(stdin ?? '');
  });
}

const readPayload = (dir: string, file: string) =>
  JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_name: 'read_file',
    tool_input: { filePath: path.join(dir, file), startLine: 1, endLine: 900 },
    cwd: dir,
  });

describe('odd and hostile input, through every command-line surface', () => {
  let s: ReturnType<typeof scratch>;
  let outside: ReturnType<typeof scratch>;
  beforeEach(() => {
    s = scratch();
    outside = scratch('skim-outside-');
    mkdirSync(path.join(s.dir, '.git'));
    s.write('big.ts', tsSource(30, 26));
  });
  afterEach(() => {
    s.cleanup();
    outside.cleanup();
  });

  it('a FIFO named like source is refused at once by read and map, and the hook lets the read through', async () => {
    await promisify(execFile)('mkfifo', [path.join(s.dir, 'pipe.ts')]);
    const read = await run(['read', 'pipe.ts'], s.dir);
    assert.deepEqual([read.code, read.stderr], [1, 'skim: pipe.ts is not a regular file (a FIFO, a device or a socket); Skim reads regular files only\n']);
    const map = await run(['map', 'pipe.ts'], s.dir);
    assert.deepEqual([map.code, map.stderr], [1, 'skim: pipe.ts is not a regular file (a FIFO, a device or a socket); Skim reads regular files only\n']);
    const hook = await run(['hook'], s.dir, readPayload(s.dir, 'pipe.ts'));
    assert.deepEqual([hook.code, hook.stdout], [0, '']);
    assert.match(hook.stderr, /pipe\.ts is not a regular file .*; the read goes ahead untouched/);
  });

  it('a link to /dev/zero is neither read nor followed: the command fails at once, the hook says it is outside', async () => {
    symlinkSync('/dev/zero', path.join(s.dir, 'zero.ts'));
    const read = await run(['read', 'zero.ts'], s.dir);
    assert.deepEqual([read.code, read.stderr], [1, `skim: zero.ts is outside the project (${s.dir}); Skim reads only files inside it\n`]);
    const hook = await run(['hook'], s.dir, readPayload(s.dir, 'zero.ts'));
    assert.deepEqual([hook.code, hook.stdout], [0, '']);
    assert.match(hook.stderr, /zero\.ts is outside the project/);
  });

  it('a link that leads out of the project is outside it for the hook and for MCP, whatever its name', async () => {
    outside.write('creds.ts', tsSource(30, 26));
    symlinkSync(outside.dir, path.join(s.dir, 'linked'));
    const project = new Project(s.dir);
    assert.equal(project.file('linked/creds.ts').inside, false);
    assert.equal(project.file('big.ts').inside, true);
    const hook = await run(['hook'], s.dir, readPayload(s.dir, 'linked/creds.ts'));
    assert.deepEqual([hook.code, hook.stdout], [0, '']);
    assert.match(hook.stderr, /linked\/creds\.ts is outside the project/);

    const client = await mcpClient(s.dir);
    try {
      for (const name of ['skim_read_file', 'skim_summarize_file', 'skim_list_symbols']) {
        const result = await client.callTool({ name, arguments: { filePath: 'linked/creds.ts' } });
        assert.equal(result.isError, true, name);
        assert.match((result.content as { text: string }[])[0].text, /^linked\/creds\.ts is outside the project/);
      }
    } finally {
      await client.close();
    }
  });

  it('a link inside the project to a file inside it is read under the name it was given', async () => {
    mkdirSync(path.join(s.dir, 'alias'));
    symlinkSync(path.join(s.dir, 'big.ts'), path.join(s.dir, 'alias', 'big.ts'));
    const file = new Project(s.dir).file('alias/big.ts');
    assert.deepEqual([file.inside, file.key, file.real], [true, 'alias/big.ts', path.join(s.dir, 'big.ts')]);
    const r = await skim(['read', 'alias/big.ts', '--json'], { cwd: s.dir });
    assert.deepEqual([JSON.parse(r.stdout).outcome, JSON.parse(r.stdout).path], ['capped', 'alias/big.ts']);
  });

  it('read and map agree on what is binary: a NUL in the first 64 KB is, one further on is not', async () => {
    const early = Buffer.from(tsSource(300, 26));
    early[1000] = 0;
    writeFileSync(path.join(s.dir, 'early.ts'), early);
    const late = Buffer.from(tsSource(300, 26));
    late[100_000] = 0;
    writeFileSync(path.join(s.dir, 'late.ts'), late);
    assert.equal((await skim(['read', 'early.ts'], { cwd: s.dir })).stderr, 'early.ts is a binary file: Skim reads text files only');
    assert.equal((await skim(['map', 'early.ts'], { cwd: s.dir })).stderr, 'no map for early.ts: it is a binary file');
    assert.equal(JSON.parse((await skim(['read', 'late.ts', '--json'], { cwd: s.dir })).stdout).outcome, 'capped');
    assert.equal(JSON.parse((await skim(['map', 'late.ts', '--json'], { cwd: s.dir })).stdout).status, 'structural');
  });

  it('--limit 0 and --offset 0 are usage errors, not empty reads', async () => {
    for (const flag of ['--limit', '--offset']) {
      const r = await skim(['read', 'big.ts', flag, '0'], { cwd: s.dir });
      assert.equal(r.code, 2, flag);
      assert.match(r.stderr, new RegExp(`^${flag} must be a whole number from 1, not 0\\n`));
    }
  });

  it('names every file error the same way on every surface', () => {
    const err = (code: string) => Object.assign(new Error('x'), { code });
    assert.deepEqual(
      ['ENOENT', 'EISDIR', 'EACCES', 'ENOTREG'].map((code) => describeFileError(err(code), 'a.ts')),
      [
        'a.ts does not exist',
        'a.ts is a folder, not a file',
        'a.ts cannot be read (permission denied)',
        'a.ts is not a regular file (a FIFO, a device or a socket); Skim reads regular files only',
      ],
    );
  });

  it('every odd input, through read, map, the hook and MCP: an answer or one clear line, never a crash or a hang', async function () {
    this.timeout(300_000);
    const crlf = tsSource(30, 26).replace(/\n/g, '\r\n');
    const invalid = Buffer.from(tsSource(30, 26));
    for (let i = 100; i < invalid.length; i += 997) invalid[i] = 0xff;
    const files: Record<string, string | Buffer> = {
      'binary.ts': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]),
      'minified.js': `${'var a=function(){return 1};'.repeat(80_000)}`,
      'crlf.ts': crlf,
      'invalid-utf8.ts': invalid,
      'empty.ts': '',
      'package-lock.json': JSON.stringify({ packages: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { version: '1.0.0' }])) }, null, 2),
    };
    for (const [name, content] of Object.entries(files)) s.write(name, content);
    mkdirSync(path.join(s.dir, 'folder.ts'));
    await promisify(execFile)('mkfifo', [path.join(s.dir, 'pipe.ts')]);
    symlinkSync('/dev/zero', path.join(s.dir, 'zero.ts'));
    outside.write('creds.ts', tsSource(30, 26));
    symlinkSync(outside.dir, path.join(s.dir, 'linked'));
    const names = [...Object.keys(files), 'missing.ts', 'folder.ts', 'pipe.ts', 'zero.ts', 'linked/creds.ts'];

    for (const name of names) {
      for (const command of ['read', 'map']) {
        const r = await run([command, name, '--json'], s.dir);
        assert.ok(r.code === 0 || r.code === 1, `${command} ${name}: exit ${r.code} ${r.stderr}`);
        if (r.code === 0) JSON.parse(r.stdout);
        else assert.match(r.stderr, /^skim: [^\n]+\n$/, `${command} ${name}: ${r.stderr}`);
        assert.doesNotMatch(r.stderr, /internal error/, `${command} ${name}`);
      }
      const hook = await run(['hook'], s.dir, readPayload(s.dir, name));
      assert.equal(hook.code, 0, `hook ${name}`);
      if (hook.stdout !== '') JSON.parse(hook.stdout);
      assert.doesNotMatch(hook.stderr, /Skim failed/, `hook ${name}`);
    }

    const client = await mcpClient(s.dir);
    try {
      for (const name of names) {
        for (const tool of ['skim_read_file', 'skim_summarize_file', 'skim_list_symbols']) {
          const result = await client.callTool({ name: tool, arguments: { filePath: name } });
          const text = (result.content as { text: string }[])[0].text;
          assert.ok(text.length > 0, `${tool} ${name}`);
          if (tool === 'skim_read_file' && name === 'empty.ts') assert.equal(text, '[skim] empty.ts is empty.');
          assert.doesNotMatch(text, /internal error|Skim failed/, `${tool} ${name}`);
        }
      }
    } finally {
      await client.close();
    }
  });
});
