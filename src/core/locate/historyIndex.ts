import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CommitFacts } from './commitHistory';

/**
 * The facts of a stored history (commitFacts: renames followed, every message stemmed) made in a
 * worker thread from the history file, so that a long-lived host (skim mcp, VS Code) answers its
 * other requests while a long history is indexed: built on its own thread, 6,000 commits held
 * skim mcp's every answer for a second or more. One worker per index, ended once it answered,
 * failed, or ran past INDEX_DEADLINE_MS, its heap bounded; undefined then, or where the file no
 * longer holds the history of `head` (another process replaced it).
 */

/** The longest a history's index may take in its worker. */
export const INDEX_DEADLINE_MS = 60_000;
/** The most heap the worker may take: a history file is at most 256 MB, and 20,000 commits' facts far less. */
const INDEX_HEAP_MB = 1_024;

/** What the worker is asked: the history file, and the head it must hold. */
export interface IndexRequest {
  file: string;
  head: string;
}

/** Beside the bundle (dist/history-index-worker.js) or, compiled from source, beside this file. */
function workerFile(): string | undefined {
  return [path.join(__dirname, 'history-index-worker.js'), path.join(__dirname, 'indexWorker.js')].find(existsSync);
}

export function indexInWorker(request: IndexRequest, deadlineMs = INDEX_DEADLINE_MS): Promise<CommitFacts | undefined> {
  const file = workerFile();
  if (!file) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: INDEX_HEAP_MB } });
    } catch {
      return resolve(undefined);
    }
    const settle = (facts: CommitFacts | undefined) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      // Whatever befalls the worker once it is let go ends it quietly.
      worker.on('error', () => undefined);
      void worker.terminate();
      resolve(facts);
    };
    const timer = setTimeout(() => settle(undefined), deadlineMs);
    // The index is for an answer being made: it never holds a process that is done open.
    worker.unref();
    worker.once('message', (facts: CommitFacts | undefined) => settle(facts ?? undefined));
    worker.once('error', () => settle(undefined));
    worker.once('exit', () => settle(undefined));
    worker.postMessage(request);
  });
}
