import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { main } from '../../src/cli/main';
import { waitFor, workerCpuMs } from './waitFor';

/** Runs one `skim` invocation in-process, as the bundled binary would, and captures its output. */
export async function skim(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string }) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), warn: (t: string) => err.push(t), stdin: async () => options.stdin ?? '' };
  const code = await main(args, io, { SKIM_CACHE_DIR: path.join(options.cwd, '.cache'), ...options.env }, options.cwd);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The CPU time a worker thread of `skim` has spent when it counts as at work: more than any of Node's own threads spends compiling as skim starts (up to 260 ms measured here). */
const AT_WORK_MS = 500;

/**
 * The built `skim` with `args` in `cwd`, sent SIGTERM while it works (once a worker thread of it, the parse or the
 * outlining, has spent AT_WORK_MS of CPU time): its exit code and what it printed.
 */
export async function skimSignalled(args: string[], cwd: string): Promise<[number | null, string, string]> {
  const child = spawn(process.execPath, [path.resolve(__dirname, '../../../dist/cli.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH, SKIM_CACHE_DIR: path.join(cwd, '.cache') },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  // A command that ends before it is at work ends the wait too: its exit and output then say what went wrong.
  await waitFor(() => child.exitCode !== null || workerCpuMs(child.pid!) >= AT_WORK_MS, `skim ${args[0]} to be at work in a worker thread`, 60_000);
  child.kill('SIGTERM');
  return [await exited, stdout, stderr];
}
