import { parentPort } from 'node:worker_threads';
import { limitWasmMemory, TreeSitterFailure, wasmMemoryBytes } from '../structural/parser';
import { WORKER_RECYCLE_BYTES, WORKER_WASM_BYTES } from './bounds';
import { QueryTreeError } from './captures';
import { stoppedTreeSitter, WorkerAnswer } from './worker';
import { runWrittenQuery, WrittenQuery } from './written';

/** A query worker (syntax/worker): written queries one at a time, each answered once. An error it did not expect ends the worker, and is said. */

limitWasmMemory(WORKER_WASM_BYTES);

async function answer(request: WrittenQuery): Promise<WorkerAnswer> {
  // Spent once its WebAssembly memory has grown large (it never shrinks): a worker kept warm would hold it.
  const spent = () => wasmMemoryBytes() > WORKER_RECYCLE_BYTES;
  try {
    // One attempt: a failure of tree-sitter on this query is its own, and the worker is not used again.
    const result = await runWrittenQuery(request, 1);
    return { result, spent: spent() };
  } catch (error) {
    if (error instanceof QueryTreeError) return { refused: error.message, spent: spent() };
    if (error instanceof TreeSitterFailure) return { refused: stoppedTreeSitter(request.key, error.reason), spent: true };
    throw error;
  }
}

parentPort?.on('message', (request: WrittenQuery) => void answer(request).then((reply) => parentPort?.postMessage(reply)));
