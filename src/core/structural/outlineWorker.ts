import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { OUTLINE_WORKER_IDLE_MS, OUTLINE_WORKER_STALL_MS } from './bounds';
import { stoppedBy } from './parser';
import type { StructuralMap } from './structuralMap';

/**
 * Structural maps (and the outlines search and the overview use) made in a worker thread, for a
 * process whose own thread must never be held by a parse: in the extension host a parse holds every extension and the editor's answers with it.
 * One worker serves every job, which take turns there (a parse gives way between its slices), so
 * a file that takes the whole OUTLINE_MS does not hold up the outline of another. A job whose
 * caller gave up (a document's newer version) is stopped in the worker. The worker is ended when
 * idle, and when it stops answering; the next job starts another.
 */

/** One file to outline, as its caller read it: the worker never reads a path itself. */
export interface OutlineJob {
  file: string;
  text: string;
  lines: number;
}

/**
 * What the worker makes (workers/outlineWorkerMain): a structural map (`map`), or a job of the
 * module that asks for it, by its `kind` (outlines/outlineParse, syntax/parsed). `file` or
 * `absolute` names its grammar; the text is the caller's, as it read it.
 */
export interface WorkerJob {
  kind: string;
}

/** A structural map to make. */
export type MapJob = { kind: 'map' } & OutlineJob;

/** Which of mapper's failures happened, or the tree tool's refusal of what it was asked, in its words. */
export interface WorkerFailure {
  failed: 'slow' | 'no-grammar' | 'tree-sitter' | 'refused' | 'other';
  message: string;
  /** For `slow`: whether it ran out of time only because the machine was busy (SlowParseError's `late`). */
  late?: boolean;
}

/** What the worker answers a job: its value, or its failure. */
export type WorkerAnswer<T> = { value: T } | WorkerFailure;

/** What the worker answers a structural map: the map, or which failure happened. */
export type WorkerOutline = { map: StructuralMap } | WorkerFailure;

/** Host to worker: a job, or the end of one the caller no longer waits for. */
export type OutlineRequest = { id: number; job: WorkerJob } | { id: number; cancel: true };

/** Worker to host: the answer to a job still waited for. */
export type OutlineReply = { id: number } & WorkerAnswer<unknown>;

/** Beside the bundle (dist/outline-worker.js) or, compiled from source, in workers/ beside this folder. */
function workerFile(): string {
  for (const file of [path.join(__dirname, 'outline-worker.js'), path.join(__dirname, '../workers/outlineWorkerMain.js')]) if (existsSync(file)) return file;
  throw new Error('Skim is missing its outline worker (outline-worker.js); reinstall Skim.');
}

interface Waiting {
  settle(answer: WorkerAnswer<unknown>): void;
  stall: NodeJS.Timeout;
}

interface Running {
  worker: Worker;
  waiting: Map<number, Waiting>;
  idle?: NodeJS.Timeout;
}

let current: Running | undefined;
let nextId = 1;

/** Fails every job of a worker that is gone (or is being ended), with why. */
function lose(worker: Worker, why: string): void {
  if (current?.worker !== worker) return;
  const { waiting, idle } = current;
  current = undefined;
  clearTimeout(idle);
  void worker.terminate();
  for (const job of waiting.values()) job.settle({ failed: 'tree-sitter', message: why });
}

function started(): Running {
  if (current) return current;
  const worker = new Worker(workerFile());
  const state: Running = { worker, waiting: new Map() };
  current = state;
  worker.on('message', ({ id, ...answer }: OutlineReply) => state.waiting.get(id)?.settle(answer));
  worker.on('error', (error) => lose(worker, `its outline worker failed (${error.message.split('\n', 1)[0]})`));
  worker.on('exit', (code) => lose(worker, `its outline worker exited with code ${code}`));
  return state;
}

/** No job waits: the worker holds the process open no longer, and is ended if none comes. */
function idleAfterLast(state: Running): void {
  if (state.waiting.size) return;
  state.worker.unref();
  state.idle = setTimeout(() => lose(state.worker, 'its outline worker was idle'), OUTLINE_WORKER_IDLE_MS);
  state.idle.unref();
}

/** The worker's outline of one file; the signal's reason once `signal` is aborted (the job stopped in the worker). Rejects only when no worker can start. */
export async function outlineInWorker(job: OutlineJob, signal?: AbortSignal): Promise<WorkerOutline> {
  const map: MapJob = { kind: 'map', ...job };
  const answer = await runInWorker<StructuralMap>(map, signal);
  return 'value' in answer ? { map: answer.value } : answer;
}

/**
 * The worker's answer to one job; the reason of `signal`, or of the process ending
 * (parser.stopParsesOn), once it is aborted (the job stopped in the worker). Rejects only when no
 * worker can start.
 */
export function runInWorker<T>(job: WorkerJob, signal?: AbortSignal): Promise<WorkerAnswer<T>> {
  const stop = stoppedBy(signal);
  stop?.throwIfAborted();
  const state = started();
  clearTimeout(state.idle);
  state.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(entry.stall);
      stop?.removeEventListener('abort', onAbort);
      state.waiting.delete(id);
      if (current === state) idleAfterLast(state);
    };
    const entry: Waiting = {
      settle: (answer) => {
        done();
        resolve(answer as WorkerAnswer<T>);
      },
      stall: setTimeout(() => lose(state.worker, `its outline worker did not answer within ${OUTLINE_WORKER_STALL_MS / 1000} s`), OUTLINE_WORKER_STALL_MS),
    };
    const onAbort = () => {
      done();
      state.worker.postMessage({ id, cancel: true } satisfies OutlineRequest);
      reject(stop?.reason);
    };
    stop?.addEventListener('abort', onAbort, { once: true });
    state.waiting.set(id, entry);
    state.worker.postMessage({ id, job } satisfies OutlineRequest);
  });
}
