import { parentPort, workerData } from 'node:worker_threads';
import { limitWasmMemory, TreeSitterFailure } from '../structural/parser';
import { WORKER_WASM_BYTES } from './bounds';
import { QueryTreeError } from './captures';
import { stoppedTreeSitter, WorkerAnswer } from './worker';
import { runWrittenQuery, WrittenQuery } from './written';

/** A query worker (syntax/worker): one written query on one file, its answer posted once. An error it did not expect ends the worker, and is said. */

limitWasmMemory(WORKER_WASM_BYTES);

async function answer(request: WrittenQuery): Promise<WorkerAnswer> {
  try {
    // One attempt: this worker's runtime is fresh, so a failure of tree-sitter is this query's own.
    return { result: await runWrittenQuery(request, 1) };
  } catch (error) {
    if (error instanceof QueryTreeError) return { refused: error.message };
    if (error instanceof TreeSitterFailure) return { refused: stoppedTreeSitter(request.key, error.reason) };
    throw error;
  }
}

void answer(workerData as WrittenQuery).then((result) => parentPort?.postMessage(result));
