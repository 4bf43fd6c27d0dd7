import type { StoredHistory } from '../history/historyStore';
import { CommitHistory } from './commitHistory';
import { weightsFrom } from './learnWeights';
import type { LocateHistory } from './withHistory';

/** Each stored history as locate weighs it, made once: a long-lived host (skim mcp, VS Code) pays for the index once per head. */
const made = new WeakMap<StoredHistory, LocateHistory>();

export function locateHistoryOf(stored: StoredHistory): LocateHistory {
  let located = made.get(stored);
  if (!located) {
    located = { history: new CommitHistory(stored.commits), weights: weightsFrom(stored.learned) };
    made.set(stored, located);
  }
  return located;
}
