import { parentPort } from 'node:worker_threads';
import { readHistory } from '../history/historyStore';
import { CommitFacts, commitFacts } from './commitHistory';
import type { IndexRequest } from './historyIndex';

/** The history index's worker (locate/historyIndex): one request, one answer, the facts' arrays handed over, not copied. */

async function answer({ file, head }: IndexRequest): Promise<CommitFacts | undefined> {
  const stored = await readHistory(file);
  return stored && stored.head === head && stored.failure === undefined ? commitFacts(stored.commits) : undefined;
}

parentPort?.once(
  'message',
  (request: IndexRequest) =>
    void answer(request).then((facts) => {
      const moved = facts
        ? [
            facts.times,
            facts.lengths,
            facts.functionFile,
            facts.functions.items,
            facts.functions.offsets,
            facts.files.items,
            facts.files.offsets,
            facts.terms.items,
            facts.terms.offsets,
            facts.counts,
          ]
        : [];
      parentPort?.postMessage(
        facts,
        moved.map((array) => array.buffer as ArrayBuffer),
      );
    }),
);
