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

/** Lists of ids, one per commit, flat: commit c's are `items[offsets[c]]` to `items[offsets[c + 1] - 1]`. */
export interface IdLists {
  items: Int32Array;
  offsets: Int32Array;
}

/**
 * What a CommitHistory is built from, as plain data: what costs time (following renames, stemming
 * each message) done, in a form that crosses to another thread at little cost (typed arrays and
 * lists of strings), so that a long-lived host makes it in a worker (locate/historyIndex).
 */
export interface CommitFacts {
  /** Per commit, newest first: its time, and how many stems its message holds. */
  times: Float64Array;
  lengths: Float64Array;
  /** File ids: each one's path today. */
  paths: string[];
  /** Function ids: each one's key (functionKey) and file id. */
  functionKeys: string[];
  functionFile: Int32Array;
  /** Per commit, the functions and the files it changed. */
  functions: IdLists;
  files: IdLists;
  /** Stem ids: each stem; per commit, its message's stems, each with how often it occurs (`counts`, beside `terms.items`). */
  stems: string[];
  terms: IdLists;
  counts: Int32Array;
}

/** Sets of ids, one per commit (none where a commit has none), as flat lists in their order. */
function idLists(sets: readonly (Set<number> | undefined)[], commits: number): IdLists {
  const items: number[] = [];
  const offsets = new Int32Array(commits + 1);
  for (let c = 0; c < commits; c++) {
    for (const id of sets[c] ?? []) items.push(id);
    offsets[c + 1] = items.length;
  }
  return { items: Int32Array.from(items), offsets };
}

/** The facts of `records` (newest first): the changes under today's paths, and each message's stems. */
export function commitFacts(records: readonly CommitRecord[]): CommitFacts {
  const n = records.length;
  const paths: string[] = [];
  const pathIds = new Map<string, number>();
  const functionKeys: string[] = [];
  const functionIds = new Map<string, number>();
  const functionFile: number[] = [];
  const functionsOf: Set<number>[] = [];
  const filesOf: Set<number>[] = [];
  forEachChange(records, (c, now, file) => {
    let fileId = pathIds.get(now);
    if (fileId === undefined) pathIds.set(now, (fileId = paths.push(now) - 1));
    (filesOf[c] ??= new Set()).add(fileId);
    for (const name of file.names) {
      const key = functionKey(now, name);
      let id = functionIds.get(key);
      if (id === undefined) {
        functionIds.set(key, (id = functionKeys.push(key) - 1));
        functionFile.push(fileId);
      }
      (functionsOf[c] ??= new Set()).add(id);
    }
  });
  const times = new Float64Array(n);
  const lengths = new Float64Array(n);
  const stems: string[] = [];
  const stemIds = new Map<string, number>();
  const termIds: number[] = [];
  const counts: number[] = [];
  const termOffsets = new Int32Array(n + 1);
  records.forEach((record, c) => {
    times[c] = record.time;
    const words = terms(record.message);
    lengths[c] = words.length;
    const seen = new Map<string, number>();
    for (const t of words) seen.set(t, (seen.get(t) ?? 0) + 1);
    for (const [t, tf] of seen) {
      let id = stemIds.get(t);
      if (id === undefined) stemIds.set(t, (id = stems.push(t) - 1));
      termIds.push(id);
      counts.push(tf);
    }
    termOffsets[c + 1] = termIds.length;
  });
  return {
    times,
    lengths,
    paths,
    functionKeys,
    functionFile: Int32Array.from(functionFile),
    functions: idLists(functionsOf, n),
    files: idLists(filesOf, n),
    stems,
    terms: { items: Int32Array.from(termIds), offsets: termOffsets },
    counts: Int32Array.from(counts),
  };
}

export class CommitHistory {
  /** Per commit, newest first: its time, its functions' ids and its files' ids. */
  readonly times: Float64Array;
  readonly functionsOf: Int32Array[] = [];
  readonly filesOf: Int32Array[] = [];
  /** Function ids: key → id, and id → its path's id. */
  private readonly functionIds = new Map<string, number>();
  readonly functionFile: Int32Array;
  readonly paths: string[];
  private readonly pathIds = new Map<string, number>();
  /** Per function id and per file id, the commits (newest first) that changed it. */
  readonly commitsOfFunction: number[][];
  readonly commitsOfFile: number[][];
  /** Per stem, the commits whose message holds it and how often. */
  private readonly postings = new Map<string, { commit: number; tf: number }[]>();
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  /** Per commit, its message's stems with how often each occurs. */
  readonly termsOf: Map<string, number>[] = [];

  /** From the records themselves, or from their facts (commitFacts) made elsewhere: only maps and lists are built here. */
  constructor(from: readonly CommitRecord[] | CommitFacts) {
    const facts = Array.isArray(from) ? commitFacts(from) : (from as CommitFacts);
    const n = facts.times.length;
    this.times = facts.times;
    this.lengths = facts.lengths;
    this.paths = facts.paths;
    this.paths.forEach((path, id) => this.pathIds.set(path, id));
    facts.functionKeys.forEach((key, id) => this.functionIds.set(key, id));
    this.functionFile = facts.functionFile;
    this.commitsOfFunction = facts.functionKeys.map(() => []);
    this.commitsOfFile = facts.paths.map(() => []);
    const { functions, files, terms: stemLists, counts, stems } = facts;
    let total = 0;
    for (let c = 0; c < n; c++) {
      const changed = functions.items.subarray(functions.offsets[c], functions.offsets[c + 1]);
      const touched = files.items.subarray(files.offsets[c], files.offsets[c + 1]);
      this.functionsOf.push(changed);
      this.filesOf.push(touched);
      for (const f of changed) this.commitsOfFunction[f].push(c);
      for (const f of touched) this.commitsOfFile[f].push(c);
      const held = new Map<string, number>();
      for (let k = stemLists.offsets[c]; k < stemLists.offsets[c + 1]; k++) {
        const t = stems[stemLists.items[k]];
        held.set(t, counts[k]);
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push({ commit: c, tf: counts[k] });
      }
      this.termsOf.push(held);
      total += this.lengths[c];
    }
    this.averageLength = total / Math.max(1, n) || 1;
  }

  get size(): number {
    return this.times.length;
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
