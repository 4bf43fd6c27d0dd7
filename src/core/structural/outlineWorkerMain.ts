import { parentPort } from 'node:worker_threads';
import { NoGrammarError, structuralMap } from './mapper';
import type { OutlineJob, OutlineReply, OutlineRequest, WorkerOutline } from './outlineWorker';
import { SlowParseError, TreeSitterFailure } from './parser';

/** An outline worker (structural/outlineWorker): jobs taking turns, each answered once unless its caller gave it up. */

const running = new Map<number, AbortController>();

async function answer(job: OutlineJob, signal: AbortSignal): Promise<WorkerOutline> {
  try {
    return { map: await structuralMap(job.file, job.text, job.lines, signal) };
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof SlowParseError) return { failed: 'slow', message };
    if (error instanceof NoGrammarError) return { failed: 'no-grammar', message };
    if (error instanceof TreeSitterFailure) return { failed: 'tree-sitter', message: error.reason };
    return { failed: 'other', message };
  }
}

parentPort?.on('message', (request: OutlineRequest) => {
  if ('cancel' in request) {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  void answer(request.job, controller.signal).then((reply) => {
    running.delete(request.id);
    if (!controller.signal.aborted) parentPort?.postMessage({ id: request.id, ...reply } satisfies OutlineReply);
  });
});
