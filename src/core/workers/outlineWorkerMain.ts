import { parentPort } from 'node:worker_threads';
import { blockOutlinesHere, OutlineParseJob, wholeOutlineHere } from '../outlines/outlineParse';
import { languageFor } from '../structural/languages';
import { NoGrammarError, structuralMap } from '../structural/mapper';
import type { MapJob, OutlineReply, OutlineRequest, WorkerAnswer } from '../structural/outlineWorker';
import { SlowParseError, TreeSitterFailure } from '../structural/parser';
import { QueryTreeError } from '../syntax/captures';
import { chainAt, NodeAtError } from '../syntax/nodeAt';
import { TreeToolJob, withParsedText } from '../syntax/parsed';
import { namedQuery } from '../syntax/queryTree';

/**
 * An outline worker (structural/outlineWorker): jobs taking turns, each answered once unless its
 * caller gave it up. It sits above every module whose jobs it does (structural, search, syntax).
 */

/** Every job the worker does. */
type WorkerJob = MapJob | OutlineParseJob | TreeToolJob;

const running = new Map<number, AbortController>();

async function work(job: WorkerJob, signal: AbortSignal): Promise<unknown> {
  if (job.kind === 'map') return structuralMap(job.file, job.text, job.lines, signal);
  if (job.kind === 'nodeAt') return withParsedText(job, job.text, (parsed) => chainAt(parsed, job.key, job.line, job.column), signal);
  if (job.kind === 'named') return withParsedText(job, job.text, (parsed) => namedQuery(parsed, job.key, job.query, job.max), signal);
  const language = languageFor(job.file, job.text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${job.file}'s file type`);
  if (job.kind === 'whole') return wholeOutlineHere(language, job.file, job.text, job.lines, job.withNames, signal);
  return blockOutlinesHere(language, job.text, job.own, job.blocks, signal);
}

async function answer(job: WorkerJob, signal: AbortSignal): Promise<WorkerAnswer<unknown>> {
  try {
    return { value: await work(job, signal) };
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof SlowParseError) return { failed: 'slow', message, late: error.late };
    if (error instanceof NoGrammarError) return { failed: 'no-grammar', message };
    if (error instanceof TreeSitterFailure) return { failed: 'tree-sitter', message: error.reason };
    if (error instanceof NodeAtError || error instanceof QueryTreeError) return { failed: 'refused', message };
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
  // Every job is one of this worker's own kinds: its callers make them by these types.
  void answer(request.job as WorkerJob, controller.signal).then((reply) => {
    running.delete(request.id);
    if (!controller.signal.aborted) parentPort?.postMessage({ id: request.id, ...reply } satisfies OutlineReply);
  });
});
