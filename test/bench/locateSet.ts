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

/** The repositories the set is built from: `tuning` is looked at while the ranking is made, `held-out` never. */
export const LOCATE_REPOSITORIES: { repo: string; split: 'tuning' | 'held-out' }[] = [
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
  // Added with the history signals (issue 39), never tuned on: ten more languages' worth of histories.
  { repo: 'marshmallow-code/marshmallow', split: 'held-out' },
  { repo: 'go-chi/chi', split: 'held-out' },
  { repo: 'fastify/fastify', split: 'held-out' },
  { repo: 'jhy/jsoup', split: 'held-out' },
  { repo: 'jekyll/jekyll', split: 'held-out' },
  { repo: 'serde-rs/json', split: 'held-out' },
  { repo: 'jqlang/jq', split: 'held-out' },
  { repo: 'fmtlib/fmt', split: 'held-out' },
  { repo: 'guzzle/guzzle', split: 'held-out' },
  { repo: 'JamesNK/Newtonsoft.Json', split: 'held-out' },
];

export interface LocateTarget {
  path: string;
  name: string;
  start: number;
  end: number;
}

export interface LocateTask {
  repo: string;
  split: 'tuning' | 'held-out';
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
