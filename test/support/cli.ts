import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { main } from '../../src/cli/main';

/** Runs one `skim` invocation in-process, as the bundled binary would, and captures its output. */
export async function skim(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string }) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), warn: (t: string) => err.push(t), stdin: async () => options.stdin ?? '' };
  const code = await main(args, io, { SKIM_CACHE_DIR: path.join(options.cwd, '.cache'), ...options.env }, options.cwd);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The built `skim` with `args` in `cwd`, sent SIGTERM after `afterMs` while it works: its exit code and what it printed. */
export async function skimSignalled(args: string[], cwd: string, afterMs: number): Promise<[number | null, string, string]> {
  const child = spawn(process.execPath, [path.resolve(__dirname, '../../../dist/cli.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH, SKIM_CACHE_DIR: path.join(cwd, '.cache') },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  child.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return [code, stdout, stderr];
}
