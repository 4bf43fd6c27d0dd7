import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WORKER_DEADLINE_MS, WORKER_HEAP_MB, WORKER_WASM_BYTES } from './bounds';
import type { QueryResult } from './captures';
import type { WrittenQuery } from './written';

/**
 * A written query runs in a worker thread of its own, so that whatever it does to tree-sitter (a
 * trap, memory exhausted, a query that will not end) ends with the worker and never reaches the
 * process: the maps, the other tree tools and the next query go on with their own runtime.
 */

/** What the worker answers: the result, or a refusal said to the model as it is. */
export type WorkerAnswer = { result: QueryResult } | { refused: string };

/** Beside the bundle (dist/query-worker.js) or, compiled from source, beside this file. */
function workerFile(): string {
  for (const file of [path.join(__dirname, 'query-worker.js'), path.join(__dirname, 'queryWorker.js')]) if (existsSync(file)) return file;
  throw new Error('Skim is missing its query worker (query-worker.js); reinstall Skim.');
}

const MB = 1024 * 1024;
const NARROW = 'name node types instead of (_), add a field or a predicate, or ask one pattern at a time';

/** The refusal of a query that made tree-sitter fail (`why`: its words, or the worker's exit). */
export function stoppedTreeSitter(key: string, why: string): string {
  return `the query stopped tree-sitter on ${key} (${why}; one query's memory is bounded at ${WORKER_WASM_BYTES / MB} MB): ${NARROW}`;
}

/** The worker's answer, or a refusal when the worker failed, ran out of memory or out of time. Rejects only when no worker can start. */
export function queryInWorker(request: WrittenQuery): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(workerFile(), { workerData: request, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, stdout: false });
    let settled = false;
    const settle = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const refuse = (refused: string) => settle({ refused });
    const timer = setTimeout(
      () =>
        refuse(`the query did not finish on ${request.key} within ${WORKER_DEADLINE_MS / 1000} s (its parse included), the most one query may take: ${NARROW}`),
      WORKER_DEADLINE_MS,
    );
    worker.once('message', settle);
    worker.once('error', (error: Error & { code?: string }) =>
      refuse(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the query matched more of ${request.key} than one query may hold (${WORKER_HEAP_MB} MB, about half a million captures): ${NARROW}`
          : stoppedTreeSitter(request.key, error.message.split('\n', 1)[0]),
      ),
    );
    worker.once('exit', (code) => refuse(stoppedTreeSitter(request.key, `its worker exited with code ${code}`)));
  });
}
