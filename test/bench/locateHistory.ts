/**
 * The history a localization task may see, and nothing more: the commits reachable from its
 * parent, less any whose patch is the task commit's own (`git patch-id --stable`: a cherry-pick
 * or a rebased copy of the answer on another branch). Each repository's commits are read once
 * from its mirror (newest first, with the functions each changed, as locate reads a project's) and
 * kept under .bench/locate/history; each task then takes its share.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { readCommits } from '../../src/core/history/gitHistory';
import { CommitRecord } from '../../src/core/history/patchLog';
import { LOCATE_DIR, LocateSet, LocateTask, mirrorOf } from './locateSet';

export interface RepositoryHistory {
  /** Every commit of the mirror's head, newest first. */
  records: CommitRecord[];
  /** Each commit's patch id (the same change made twice has the same one). */
  patchIds: Record<string, string>;
}

const HISTORY_DIR = path.join(LOCATE_DIR, 'history');
/** Bumped when what a record holds changes (history/patchLog, history/definitions). */
const RECORD_RULES = 2;

/** Each commit's patch id, from one `git log -p` piped through `git patch-id --stable`. */
export function patchIdsOf(gitDir: string, head = 'HEAD'): Record<string, string> {
  const out = execSync(`git --git-dir '${gitDir}' log --no-merges -p --no-color --no-ext-diff ${head} | git patch-id --stable`, {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ids: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const [patch, sha] = line.split(' ');
    if (patch && sha) ids[sha] = patch;
  }
  return ids;
}

/**
 * The commits `head` reaches, less `commit` and any other commit whose patch id is the same as
 * its: a task's honest history, from `history` (which holds at least every commit `head` reaches).
 */
export function historyBefore(history: RepositoryHistory, gitDir: string, head: string, commit: string): CommitRecord[] {
  const reachable = new Set(
    execFileSync('git', ['--git-dir', gitDir, 'rev-list', head], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).split('\n'),
  );
  const answer = history.patchIds[commit];
  return history.records.filter((r) => r.sha !== commit && reachable.has(r.sha) && (answer === undefined || history.patchIds[r.sha] !== answer));
}

/** A repository's whole history, read from its mirror once and kept. */
export async function repositoryHistory(set: LocateSet, repo: string): Promise<RepositoryHistory> {
  const file = path.join(HISTORY_DIR, `${repo.replace('/', '+')}.json`);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as RepositoryHistory & { rules: number };
    if (kept.rules === RECORD_RULES) return kept;
  }
  const gitDir = mirrorOf(set.mirrors, repo);
  const head = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const read = await readCommits({ git: 'git', root: gitDir, head, shallow: false }, { head, maxCommits: 1_000_000, timeoutMs: 600_000, scratch: HISTORY_DIR });
  if (!read.complete) throw new Error(`${repo}: its history could not be read whole (${read.failure ?? 'time'})`);
  const history = { rules: RECORD_RULES, records: read.commits, patchIds: patchIdsOf(gitDir) };
  mkdirSync(HISTORY_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(history));
  return history;
}

/** The records a task may see (test/bench/locateScore's skim locate is given these as its project's history). */
export async function taskHistory(set: LocateSet, task: LocateTask, cache: Map<string, RepositoryHistory>): Promise<CommitRecord[]> {
  let history = cache.get(task.repo);
  if (!history) {
    cache.clear();
    history = await repositoryHistory(set, task.repo);
    cache.set(task.repo, history);
  }
  return historyBefore(history, mirrorOf(set.mirrors, task.repo), task.parent, task.commit);
}
