import type { CommitRecord } from '../history/patchLog';
import { terms } from './words';
import { forEachChange } from '../history/changes';

/**
 * A project's past commits as locate asks them (history/ reads them from git): BM25 over their
 * messages (the commit-history form of BugLocator's similar-bug signal: a question like a past
 * commit's message is likely about what that commit changed), which functions each changed (by
 * today's path, renames followed, and name), and from that how often and how recently each
 * function changed and what changed with it. Built from the records in memory, once per history.
 */

const K1 = 1.2;
const B = 0.75;
/** A commit changing more files than this (a rename across the tree, a reformat) says nothing of what changes together. */
export const MAX_COMMIT_FILES = 30;

/** A function as history knows it: today's path and its bare name (`render`, not `Tag.render`). */
export const functionKey = (path: string, name: string) => `${path}\0${name}`;

export interface SimilarCommit {
  /** Index in newest-first order. */
  commit: number;
  score: number;
}

export class CommitHistory {
  /** Per commit, newest first: its time, its functions' ids and its files' ids. */
  readonly times: Float64Array;
  readonly functionsOf: Int32Array[];
  readonly filesOf: Int32Array[];
  /** Function ids: key → id, and id → its path's id. */
  private readonly functionIds = new Map<string, number>();
  readonly functionFile: number[] = [];
  readonly paths: string[] = [];
  private readonly pathIds = new Map<string, number>();
  /** Per function id and per file id, the commits (newest first) that changed it. */
  readonly commitsOfFunction: number[][] = [];
  readonly commitsOfFile: number[][] = [];
  /** Per stem, the commits whose message holds it and how often. */
  private readonly postings = new Map<string, { commit: number; tf: number }[]>();
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  /** Per commit, its message's stems with how often each occurs. */
  readonly termsOf: Map<string, number>[] = [];

  constructor(records: readonly CommitRecord[]) {
    const n = records.length;
    this.times = new Float64Array(n);
    this.lengths = new Float64Array(n);
    this.functionsOf = [];
    this.filesOf = [];
    const functionsOf: Set<number>[] = [];
    const filesOf: Set<number>[] = [];
    forEachChange(records, (c, now, file) => {
      const fileId = this.pathId(now);
      (filesOf[c] ??= new Set()).add(fileId);
      for (const name of file.names) (functionsOf[c] ??= new Set()).add(this.functionId(now, name, fileId));
    });
    let total = 0;
    records.forEach((record, c) => {
      this.times[c] = record.time;
      const functions = functionsOf[c] ?? new Set<number>();
      const files = filesOf[c] ?? new Set<number>();
      this.functionsOf.push(Int32Array.from(functions));
      this.filesOf.push(Int32Array.from(files));
      for (const f of functions) this.commitsOfFunction[f].push(c);
      for (const f of files) this.commitsOfFile[f].push(c);
      const counts = new Map<string, number>();
      const words = terms(record.message);
      for (const t of words) counts.set(t, (counts.get(t) ?? 0) + 1);
      this.termsOf.push(counts);
      for (const [t, tf] of counts) {
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push({ commit: c, tf });
      }
      this.lengths[c] = words.length;
      total += words.length;
    });
    this.averageLength = total / Math.max(1, n) || 1;
  }

  get size(): number {
    return this.times.length;
  }

  private pathId(path: string): number {
    let id = this.pathIds.get(path);
    if (id === undefined) {
      id = this.paths.push(path) - 1;
      this.pathIds.set(path, id);
      this.commitsOfFile.push([]);
    }
    return id;
  }

  private functionId(path: string, name: string, fileId: number): number {
    const key = functionKey(path, name);
    let id = this.functionIds.get(key);
    if (id === undefined) {
      id = this.functionFile.push(fileId) - 1;
      this.functionIds.set(key, id);
      this.commitsOfFunction.push([]);
    }
    return id;
  }

  /** The id of a function by today's path and bare name, where history has seen it change. */
  functionOf(path: string, name: string): number | undefined {
    return this.functionIds.get(functionKey(path, name));
  }

  fileOf(path: string): number | undefined {
    return this.pathIds.get(path);
  }

  /** In how many commits' messages a stem occurs. */
  holding(stem: string): number {
    return this.postings.get(stem)?.length ?? 0;
  }

  /** The commits whose messages are most like the question's stems (BM25), best first, at most `max`; only those older than commit `after`, where given. */
  similar(stems: readonly string[], max: number, after = -1): SimilarCommit[] {
    const n = this.size;
    const scores = new Map<number, number>();
    for (const t of new Set(stems)) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { commit, tf } of list) {
        if (commit <= after) continue;
        const norm = K1 * (1 - B + (B * this.lengths[commit]) / this.averageLength);
        scores.set(commit, (scores.get(commit) ?? 0) + (idf * tf * (K1 + 1)) / (tf + norm));
      }
    }
    return [...scores]
      .map(([commit, score]) => ({ commit, score }))
      .sort((a, b) => b.score - a.score || a.commit - b.commit)
      .slice(0, max);
  }
}
