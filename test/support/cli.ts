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
