import { parentPort } from 'node:worker_threads';
import { blockOutlinesHere, wholeOutlineHere } from '../search/outlineParse';
import { QueryTreeError } from '../syntax/captures';
import { chainAt, NodeAtError } from '../syntax/nodeAt';
import { withParsedText } from '../syntax/parsed';
import { namedQuery } from '../syntax/queryTree';
import { languageFor } from './languages';
import { NoGrammarError, structuralMap } from './mapper';
import type { OutlineReply, OutlineRequest, WorkerAnswer, WorkerJob } from './outlineWorker';
import { SlowParseError, TreeSitterFailure } from './parser';

/** An outline worker (structural/outlineWorker): jobs taking turns, each answered once unless its caller gave it up. */

const running = new Map<number, AbortController>();

async function work(job: WorkerJob, signal: AbortSignal): Promise<unknown> {
  if (job.kind === 'map') return structuralMap(job.file, job.text, job.lines, signal);
  if (job.kind === 'nodeAt') return withParsedText(job, job.text, (parsed) => chainAt(parsed, job.key, job.line, job.column), signal);
  if (job.kind === 'named') return withParsedText(job, job.text, (parsed) => namedQuery(parsed, job.key, job.query, job.max), signal);
  const language = languageFor(job.file, job.text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${job.file}'s file type`);
  if (job.kind === 'whole') return wholeOutlineHere(language, job.file, job.text, job.lines, job.withNames, signal);
  return blockOutlinesHere(language, job.text, job.blocks, signal);
}

async function answer(job: WorkerJob, signal: AbortSignal): Promise<WorkerAnswer<unknown>> {
  try {
    return { value: await work(job, signal) };
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof SlowParseError) return { failed: 'slow', message };
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
  void answer(request.job, controller.signal).then((reply) => {
    running.delete(request.id);
    if (!controller.signal.aborted) parentPort?.postMessage({ id: request.id, ...reply } satisfies OutlineReply);
  });
});
