import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WORKER_DEADLINE_MS, WORKER_HEAP_MB, WORKER_WASM_BYTES } from './bounds';
import type { QueryResult } from './captures';
import type { WrittenQuery } from './written';

/**
 * A written query runs in a worker thread, so that whatever it does to tree-sitter (a trap,
 * memory exhausted, a query that will not end) ends with the worker and never reaches the
 * process: the maps, the other tree tools and the next query go on with their own runtime. A
 * worker that answered is kept warm for the next query (a cold one spends most of a simple
 * query's time loading and compiling), one at a time; one that failed, ran out of time or grew
 * large is ended, and the next query starts a new one.
 */

/** What the worker answers: the result, or a refusal said to the model as it is; `spent` when it should not serve again. */
export type WorkerAnswer = ({ result: QueryResult } | { refused: string }) & { spent?: boolean };

/** A warm worker idle this long is ended: it holds the tree-sitter runtime's memory. */
const IDLE_MS = 30_000;

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

let warm: { worker: Worker; timer: NodeJS.Timeout } | undefined;

function start(): Worker {
  const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  // Whatever befalls a worker between queries ends it quietly: the next query starts another.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    if (warm?.worker !== worker) return;
    clearTimeout(warm.timer);
    warm = undefined;
  });
  return worker;
}

function take(): Worker {
  if (!warm) return start();
  const { worker, timer } = warm;
  warm = undefined;
  clearTimeout(timer);
  worker.ref();
  return worker;
}

/** Keeps a worker that answered for the next query (one at most, never holding the process open), or ends it. */
function release(worker: Worker, spent: boolean): void {
  if (spent || warm) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (warm?.worker !== worker) return;
    warm = undefined;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  warm = { worker, timer };
}

/** The worker's answer, or a refusal when the worker failed, ran out of memory or out of time. Rejects only when no worker can start. */
export function queryInWorker(request: WrittenQuery): Promise<WorkerAnswer> {
  return new Promise((resolve) => {
    const worker = take();
    const settle = (answer: WorkerAnswer, reusable: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      release(worker, !reusable || !!answer.spent);
      resolve(answer);
    };
    const refuse = (refused: string) => settle({ refused }, false);
    const onMessage = (answer: WorkerAnswer) => settle(answer, true);
    const onError = (error: Error & { code?: string }) =>
      refuse(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the query matched more of ${request.key} than one query may hold (${WORKER_HEAP_MB} MB, about half a million captures): ${NARROW}`
          : stoppedTreeSitter(request.key, error.message.split('\n', 1)[0]),
      );
    const onExit = (code: number) => refuse(stoppedTreeSitter(request.key, `its worker exited with code ${code}`));
    const timer = setTimeout(
      () =>
        refuse(
          `the query did not finish on ${request.key} within ${WORKER_DEADLINE_MS / 1000} s (its parse included), the most one query may take (a #match? pattern that backtracks, or patterns that match too much): ${NARROW}`,
        ),
      WORKER_DEADLINE_MS,
    );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request);
  });
}
