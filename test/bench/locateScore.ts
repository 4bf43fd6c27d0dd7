/**
 * Scores locate on the localization set (test/bench/locateSet.ts), side by side in one run with
 * locate from the question's words alone and two baselines on the same trees: BM25 over every
 * function of the tree (its name, path and body: the lexical baseline of SWE-bench and SweRank),
 * and the rg-of-words locate (the question's words without stopwords through ripgrep, each hit
 * placed in its function, functions ranked by how many of the words they hold, then by hits).
 * Locate is given the history its task may see (test/bench/locateHistory: what the parent
 * reaches, never the commit or a copy of it) and the weights learned from that history, as a
 * project's own history index would hold them. `node out/test/bench/locateScore.js [SPLIT]`
 * prints the table; the bench calls `scoreLocate`.
 */
import * as path from 'node:path';
import { Project } from '../../src/core/files/project';
import { locate } from '../../src/core/locate/findRegions';
import { CommitHistory } from '../../src/core/locate/commitHistory';
import { learnWeights, weightsFrom } from '../../src/core/locate/learnWeights';
import { LocateHistory } from '../../src/core/locate/withHistory';
import { OutlineStore } from '../../src/core/cache/outlineStore';
import { CALLABLE } from '../../src/core/locate/units';
import { isStopword, parts, terms } from '../../src/core/locate/words';
import { listFiles } from '../../src/core/search/files';
import { Outlines, readOutlineSource } from '../../src/core/outlines/projectOutlines';
import { onPath, SearchProgram } from '../../src/core/search/program';
import { runSearch } from '../../src/core/search/run';
import { languageFor } from '../../src/core/structural/languages';
import { Region } from '../../src/core/map/types';
import { LocateSet, LocateSplit, LocateTask, readLocateSet, splitOf, treeOf } from './locateSet';
import { RepositoryHistory, taskHistory } from './locateHistory';

interface Guess {
  path: string;
  start: number;
}

export const METHODS = ['skim locate', 'skim locate, words alone', 'BM25 over functions', 'rg of words'] as const;
export type Method = (typeof METHODS)[number];

export interface Metrics {
  tasks: number;
  acc1: number;
  acc5: number;
  acc10: number;
  /** A target anywhere among the first 30 ranked: what locate's answer chooses from, the most any re-ranking of it can reach. */
  acc30: number;
  all5: number;
  file1: number;
}

/** A file's callables with their terms, kept by path and content hash while one repository's tasks run. */
interface OutlinedFile {
  regions: Region[];
  units: { region: Region; tf: Map<string, number>; length: number }[];
}

const outlinedFiles = new Map<string, OutlinedFile | null>();
/** Outlines kept in memory by path and hash while the bench runs: a repository's tasks share most of their files. */
let outlines = new Outlines();

async function outlineFile(tree: string, key: string): Promise<OutlinedFile | null> {
  let source;
  try {
    source = await readOutlineSource(new Project(tree).file(key));
  } catch {
    return null;
  }
  const id = `${key}\0${source.hash}`;
  if (outlinedFiles.has(id)) return outlinedFiles.get(id) ?? null;
  const whole = await outlines.whole(source, false);
  if (!whole) {
    outlinedFiles.set(id, null);
    return null;
  }
  const regions = whole.outline.regions.filter((r) => CALLABLE.has(r.kind));
  const lines = source.text.split('\n');
  const pathTerms = terms(key);
  const units = regions.map((region) => {
    const tf = new Map<string, number>();
    const all = [...terms(region.name), ...pathTerms, ...terms(lines.slice(region.start - 1, region.end).join('\n'))];
    for (const t of all) tf.set(t, (tf.get(t) ?? 0) + 1);
    return { region, tf, length: all.length };
  });
  const file = { regions, units };
  outlinedFiles.set(id, file);
  return file;
}

async function sourceFiles(program: SearchProgram, tree: string): Promise<string[]> {
  const listing = await listFiles(program, tree, '.', { max: 200_000, timeoutMs: 60_000 });
  return listing.files.filter((f) => languageFor(f));
}

/** BM25 (k1 1.2, b 0.75) over every function of the tree, each a document of its name, its path and its body. */
async function bm25(program: SearchProgram, tree: string, question: string): Promise<Guess[]> {
  const docs: { path: string; region: Region; tf: Map<string, number>; length: number }[] = [];
  for (const key of await sourceFiles(program, tree)) {
    const file = await outlineFile(tree, key);
    for (const unit of file?.units ?? []) docs.push({ path: key, ...unit });
  }
  const query = [...new Set(terms(question))];
  const average = docs.reduce((a, d) => a + d.length, 0) / Math.max(1, docs.length);
  const df = query.map((t) => docs.filter((d) => d.tf.has(t)).length);
  const idf = df.map((n) => Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)));
  return docs
    .map((d) => {
      let score = 0;
      query.forEach((t, i) => {
        const tf = d.tf.get(t) ?? 0;
        if (tf) score += (idf[i] * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * d.length) / average));
      });
      return { path: d.path, start: d.region.start, score };
    })
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1) || a.start - b.start);
}

/** The design's first locate: the question's words (stopwords out) through ripgrep, each hit in its innermost function. */
async function rgOfWords(program: SearchProgram, tree: string, question: string): Promise<Guess[]> {
  const words = [...new Set(parts(question).filter((w) => w.length >= 3 && !isStopword(w)))];
  if (!words.length) return [];
  const run = await runSearch(program, tree, {
    pattern: `(?i)\\b(${words.join('|')})\\b`,
    literal: false,
    paths: ['.'],
    max: 100_000,
    timeoutMs: 60_000,
  });
  const byFunction = new Map<string, { path: string; start: number; words: Set<string>; hits: number }>();
  for (const hit of run.hits) {
    if (!languageFor(hit.path)) continue;
    const file = await outlineFile(tree, hit.path);
    const inner = file?.regions
      .filter((r) => r.start <= hit.line && hit.line <= r.end)
      .reduce<Region | undefined>((best, r) => (!best || r.end - r.start < best.end - best.start ? r : best), undefined);
    if (!inner) continue;
    const key = `${hit.path}:${inner.start}`;
    const entry = byFunction.get(key) ?? { path: hit.path, start: inner.start, words: new Set<string>(), hits: 0 };
    for (const w of hit.text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) if (words.includes(w)) entry.words.add(w);
    entry.hits++;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()].sort((a, b) => b.words.size - a.words.size || b.hits - a.hits || (a.path < b.path ? -1 : 1) || a.start - b.start);
}

async function skim(program: SearchProgram, tree: string, question: string, history?: LocateHistory): Promise<Guess[]> {
  const located = await locate(new Project(tree), program, outlines, { question, timeoutMs: 60_000, history });
  return located.results.map((r) => ({ path: r.unit.path, start: r.unit.region.start }));
}

const hitAt = (task: LocateTask, guesses: readonly Guess[], k: number) =>
  guesses.slice(0, k).some((g) => task.targets.some((t) => t.path === g.path && t.start === g.start));

/** Whether the question names one of the functions changed (its last part as a word of the question). */
export function namesTarget(task: LocateTask): boolean {
  const words = new Set(parts(task.question).join(' ').split(' '));
  const raw = new Set((task.question.match(/[\p{L}\p{N}_$]+/gu) ?? []).map((w) => w.toLowerCase()));
  return task.targets.some((t) => {
    const last = (t.name.split(/\.|::|#|\s/).pop() ?? '').replace(/\(.*$/, '').toLowerCase();
    return last.length >= 3 && (raw.has(last) || (!/[_A-Z]/.test(last) && words.has(last)));
  });
}

function metrics(tasks: readonly LocateTask[], guesses: ReadonlyMap<LocateTask, Guess[]>): Metrics {
  const share = (test: (t: LocateTask, g: Guess[]) => boolean) =>
    tasks.length ? Math.round((1000 * tasks.filter((t) => test(t, guesses.get(t) ?? [])).length) / tasks.length) / 10 : 0;
  return {
    tasks: tasks.length,
    acc1: share((t, g) => hitAt(t, g, 1)),
    acc5: share((t, g) => hitAt(t, g, 5)),
    acc10: share((t, g) => hitAt(t, g, 10)),
    acc30: share((t, g) => hitAt(t, g, 30)),
    all5: share((t, g) => t.targets.every((target) => g.slice(0, 5).some((x) => x.path === target.path && x.start === target.start))),
    file1: share((t, g) => g.length > 0 && t.targets.some((target) => target.path === g[0].path)),
  };
}

export interface LocateScores {
  split: string;
  /** Per method: on every task, and on the tasks whose question names no changed function. */
  all: Record<Method, Metrics>;
  unnamed: Record<Method, Metrics>;
  repositories: number;
  languages: number;
}

export async function scoreLocate(
  set: LocateSet,
  split: LocateSplit,
  onTask?: (task: LocateTask, done: number) => void,
  only: readonly Method[] = METHODS,
): Promise<LocateScores> {
  const program: SearchProgram = { kind: 'rg', path: onPath('rg') as string };
  const tasks = set.tasks.filter((t) => splitOf(t) === split);
  const guesses = Object.fromEntries(METHODS.map((m) => [m, new Map<LocateTask, Guess[]>()])) as Record<Method, Map<LocateTask, Guess[]>>;
  let repo = '';
  const histories = new Map<string, RepositoryHistory>();
  for (const [i, task] of tasks.entries()) {
    if (task.repo !== repo) {
      outlinedFiles.clear();
      outlines = new Outlines(await OutlineStore.open(undefined));
    }
    repo = task.repo;
    const tree = treeOf(set, task);
    if (only.includes('skim locate')) {
      const records = await taskHistory(set, task, histories);
      const history = { history: new CommitHistory(records), weights: weightsFrom(learnWeights(records)) };
      guesses['skim locate'].set(task, await skim(program, tree, task.question, history));
    }
    if (only.includes('skim locate, words alone')) guesses['skim locate, words alone'].set(task, await skim(program, tree, task.question));
    if (only.includes('BM25 over functions')) guesses['BM25 over functions'].set(task, await bm25(program, tree, task.question));
    if (only.includes('rg of words')) guesses['rg of words'].set(task, await rgOfWords(program, tree, task.question));
    onTask?.(task, i + 1);
  }
  const unnamedTasks = tasks.filter((t) => !namesTarget(t));
  const by = (list: readonly LocateTask[]) => Object.fromEntries(METHODS.map((m) => [m, metrics(list, guesses[m])])) as Record<Method, Metrics>;
  return {
    split,
    all: by(tasks),
    unnamed: by(unnamedTasks),
    repositories: new Set(tasks.map((t) => t.repo)).size,
    languages: new Set(tasks.map((t) => t.language)).size,
  };
}

export function printScores(scores: LocateScores): void {
  for (const [label, table] of [
    ['all tasks', scores.all],
    ['questions naming no changed function', scores.unnamed],
  ] as const) {
    console.log(
      `locate, ${scores.split} set, ${label} (${table['skim locate'].tasks} tasks, ${scores.repositories} repositories, ${scores.languages} languages):`,
    );
    console.log(`  ${'method'.padEnd(26)} Acc@1  Acc@5  Acc@10 Acc@30 all@5  file@1`);
    for (const m of METHODS) {
      const x = table[m];
      console.log(`  ${m.padEnd(26)} ${[x.acc1, x.acc5, x.acc10, x.acc30, x.all5, x.file1].map((v) => v.toFixed(1).padStart(5)).join('  ')}`);
    }
  }
}

if (require.main === module) {
  const set = readLocateSet();
  if (!set) {
    console.log(`no localization set: build it with node out/scripts/build-locate-set.js (it needs the fetched mirrors)`);
    process.exit(0);
  }
  const split = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'tuning') as LocateSplit;
  // `--skim` scores locate alone, for a quicker look while its ranking is worked on.
  const only = process.argv.includes('--skim') ? (['skim locate', 'skim locate, words alone'] as const) : METHODS;
  void scoreLocate(set, split, (task, done) => process.stderr.write(`\r${done} ${path.basename(task.repo)}      `), only).then((scores) => {
    process.stderr.write('\n');
    printScores(scores);
  });
}
