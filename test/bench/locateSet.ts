/**
 * The localization set's form, shared by its builder (scripts/build-locate-set.ts) and the bench's
 * scoring (test/bench/locate.ts): tasks made from focused commits of public repositories, each
 * with the commit message as the question and the functions it changed as the answer. The set and
 * the trees live under .bench/locate (never committed: the repositories' code is theirs); where
 * it has not been built, the bench says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import * as path from 'node:path';

export const LOCATE_DIR = path.resolve(__dirname, '../../../.bench/locate');
export const SET_FILE = path.join(LOCATE_DIR, 'set.json');

/**
 * The repositories the set is built from: `tuning` is looked at while the ranking is made,
 * `held-out` never (though its figures were read while the history signals were built), `unseen`
 * is the repositories added with the history signals (issue 39), whose figures no change was made
 * after: the test of whether a gain carries over to other repositories.
 */
export type LocateSplit = 'tuning' | 'held-out' | 'unseen';
export const LOCATE_SPLITS: readonly LocateSplit[] = ['tuning', 'held-out', 'unseen'];
export const LOCATE_REPOSITORIES: { repo: string; split: LocateSplit }[] = [
  { repo: 'pallets/flask', split: 'tuning' },
  { repo: 'encode/httpx', split: 'tuning' },
  { repo: 'gin-gonic/gin', split: 'tuning' },
  { repo: 'urfave/cli', split: 'tuning' },
  { repo: 'axios/axios', split: 'tuning' },
  { repo: 'yargs/yargs', split: 'tuning' },
  { repo: 'square/javapoet', split: 'tuning' },
  { repo: 'sinatra/sinatra', split: 'tuning' },
  { repo: 'tokio-rs/bytes', split: 'tuning' },
  { repo: 'redis/hiredis', split: 'tuning' },
  { repo: 'psf/requests', split: 'held-out' },
  { repo: 'spf13/cobra', split: 'held-out' },
  { repo: 'sirupsen/logrus', split: 'held-out' },
  { repo: 'expressjs/express', split: 'held-out' },
  { repo: 'google/gson', split: 'held-out' },
  { repo: 'rack/rack', split: 'held-out' },
  { repo: 'seanmonstar/httparse', split: 'held-out' },
  { repo: 'DaveGamble/cJSON', split: 'held-out' },
  { repo: 'marshmallow-code/marshmallow', split: 'unseen' },
  { repo: 'go-chi/chi', split: 'unseen' },
  { repo: 'fastify/fastify', split: 'unseen' },
  { repo: 'jhy/jsoup', split: 'unseen' },
  { repo: 'jekyll/jekyll', split: 'unseen' },
  { repo: 'serde-rs/json', split: 'unseen' },
  { repo: 'jqlang/jq', split: 'unseen' },
  { repo: 'fmtlib/fmt', split: 'unseen' },
  { repo: 'guzzle/guzzle', split: 'unseen' },
  { repo: 'JamesNK/Newtonsoft.Json', split: 'unseen' },
];

export interface LocateTarget {
  path: string;
  name: string;
  start: number;
  end: number;
}

export interface LocateTask {
  repo: string;
  /** As built; the split a task is scored in is its repository's now (splitOf). */
  split: LocateSplit;
  language: string;
  commit: string;
  parent: string;
  question: string;
  /** The functions whose lines the commit changed, as the parent's outline has them. */
  targets: LocateTarget[];
}

export interface LocateSet {
  built: string;
  /** Where the repositories' git directories were (fetched mirrors): the trees are archived from them. */
  mirrors: string;
  tasks: LocateTask[];
}

/** The split a task's repository is in (a set built before `unseen` existed holds those tasks as `held-out`). */
export const splitOf = (task: LocateTask): LocateSplit => LOCATE_REPOSITORIES.find((r) => r.repo === task.repo)?.split ?? task.split;

export const mirrorOf = (mirrors: string, repo: string) => path.join(mirrors, repo.replace('/', '+'), 'repo');

export function readLocateSet(): LocateSet | undefined {
  return existsSync(SET_FILE) ? (JSON.parse(readFileSync(SET_FILE, 'utf8')) as LocateSet) : undefined;
}

/** The task's tree (its parent commit without .git), archived once under .bench/locate/trees. */
export function treeOf(set: LocateSet, task: LocateTask): string {
  const tree = path.join(LOCATE_DIR, 'trees', `${task.repo.replace('/', '+')}@${task.parent.slice(0, 12)}`);
  if (existsSync(tree)) return tree;
  const partial = `${tree}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const gitDir = mirrorOf(set.mirrors, task.repo);
  const git = (args: string[], input?: string) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1 << 30, input, stdio: ['pipe', 'pipe', 'ignore'] });
  // A snapshot may lack a few old blobs (gson's bundled Maven archive): the tree is archived without them, none being source the set scores.
  const listed = git(['ls-tree', '-r', '--format=%(objectname) %(path)', task.parent]).toString().split('\n').filter(Boolean);
  const checked = git(['cat-file', '--batch-check'], listed.map((line) => line.split(' ')[0]).join('\n') + '\n')
    .toString()
    .split('\n');
  const absent = listed.filter((_, i) => checked[i]?.endsWith(' missing')).map((line) => `:(exclude,literal)${line.slice(line.indexOf(' ') + 1)}`);
  const archive = git(['archive', '--format=tar', task.parent, ...(absent.length ? ['--', '.', ...absent] : [])]);
  execFileSync('tar', ['-x', '-C', partial], { input: archive });
  renameSync(partial, tree);
  return tree;
}
