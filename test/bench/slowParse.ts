/**
 * What no file can do to a process any more (issue 27): files on which tree-sitter's error
 * recovery runs for minutes (lines of `a"a"a"…`, long lines of them) and real minified bundles
 * renamed `.ts`, outlined in this thread (as the command line does: a parse in slices, bounded)
 * and in the outline worker (as the extension host does), with the longest the event loop went
 * without a turn meanwhile; and how long `skim map` of such a file takes to end after SIGTERM.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { structuralMap } from '../../src/core/structural/mapper';
import { outlineInWorker } from '../../src/core/structural/outlineWorker';
import { corpusFile } from '../support/corpus';

type Record = (measure: string, value: number, unit: string) => void;

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Lines of `a"` pairs, `pairs` to a line, to `kb` kilobytes. */
function quotes(kb: number, pairs: number, variant: string): string {
  const line = `${'a"'.repeat(pairs)}\n`;
  return `// ${variant}\n${line.repeat(Math.ceil((kb * 1024) / line.length))}`;
}

/** The longest gap between turns of the event loop while `work` runs, and how long it ran. */
async function stallDuring(work: () => Promise<unknown>): Promise<{ stall: number; took: number; outcome: string }> {
  let last = now();
  let stall = 0;
  const ticks = setInterval(() => {
    const t = now();
    stall = Math.max(stall, t - last);
    last = t;
  }, 10);
  const start = now();
  let outcome = 'outlined';
  try {
    await work();
  } catch (error) {
    outcome = (error as Error).message.startsWith('tree-sitter could not parse') ? 'too slow' : (error as Error).message;
  }
  const took = now() - start;
  clearInterval(ticks);
  return { stall: Math.max(stall, now() - last), took, outcome };
}

export async function measureSlowParses(record: Record, dir: string, quick: boolean): Promise<void> {
  const shapes: [string, string][] = [
    ['100 KB of a"a"… lines', quotes(100, 40, 'bench')],
    ['100 KB of 4,000-character a"a"… lines', quotes(100, 2_000, 'bench')],
    ['msal-browser.min.js (307 KB, minified) as .ts', readFileSync(corpusFile('@azure/msal-browser', 'lib/msal-browser.min.js'), 'utf8')],
  ];
  if (!quick) shapes.push(['500 KB of a"a"… lines', quotes(500, 40, 'bench')], ['500 KB of 4,000-character a"a"… lines', quotes(500, 2_000, 'bench')]);
  for (const [name, text] of shapes) {
    const lines = text.split('\n').length;
    // Each way gets its own bytes: a text found slow is not parsed again in the process that found it.
    const here = await stallDuring(() => structuralMap('here.ts', `${text}\n// here`, lines));
    const worker = await stallDuring(async () => {
      const answer = await outlineInWorker({ file: 'worker.ts', text: `${text}\n// worker`, lines });
      if ('failed' in answer) throw new Error(answer.message);
    });
    console.log(
      `  ${name}: in this thread ${here.outcome} after ${(here.took / 1000).toFixed(1)} s; in the worker ${worker.outcome} after ${(worker.took / 1000).toFixed(1)} s`,
    );
    record(`${name}: longest event-loop stall, outlined in this thread (sliced parse)`, here.stall, 'ms');
    record(`${name}: longest event-loop stall, outlined in the outline worker`, worker.stall, 'ms');
    record(`${name}: time to the outline or its refusal`, here.took / 1000, 's');
  }

  // The command line, given SIGTERM while it parses 500 KB of the slowest shape.
  const file = path.join(dir, 'slow-signal.ts');
  writeFileSync(file, quotes(500, 40, 'signal'));
  const child = spawn(process.execPath, [path.resolve(__dirname, '../../../dist/cli.js'), 'map', file], {
    cwd: dir,
    env: { PATH: process.env.PATH, SKIM_CACHE_DIR: path.join(dir, 'slow-cache') },
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const signalled = now();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  record('skim map of 500 KB of a"a"… lines: time to exit after SIGTERM', now() - signalled, 'ms');
}
