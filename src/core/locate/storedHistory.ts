import type { StoredHistory } from '../history/historyStore';
import { CommitHistory } from './commitHistory';
import { indexInWorker } from './historyIndex';
import { weightsFrom } from './learnWeights';
import type { LocateHistory } from './withHistory';

/** Each stored history as locate weighs it, made once: a long-lived host (skim mcp, VS Code) pays for the index once per head. */
const made = new WeakMap<StoredHistory, Promise<LocateHistory>>();

/**
 * The history locate weighs: its index made in a worker thread from the history file, where
 * `file` is named (locate/historyIndex), else, or where the worker gave none, on this thread.
 */
export function locateHistoryOf(stored: StoredHistory, file?: string): Promise<LocateHistory> {
  let located = made.get(stored);
  if (!located) {
    const facts = file ? indexInWorker({ file, head: stored.head }) : Promise.resolve(undefined);
    located = facts.then((built) => ({ history: new CommitHistory(built ?? stored.commits), weights: weightsFrom(stored.learned) }));
    made.set(stored, located);
  }
  return located;
}
