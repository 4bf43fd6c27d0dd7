/**
 * `node out/scripts/build-locate-set.js [MIRRORS]`: builds the localization set the bench scores
 * locate on (test/bench/locateSet.ts) from the full git histories of public repositories fetched
 * as bare git directories under MIRRORS (default /work/.mirror). A task is a commit that changes
 * one or two source files (tests, docs, examples and build output left out) by at most 40 lines,
 * that is no release, formatting or dependency bump; its question is the commit message (trailers,
 * links and issue numbers removed); its targets are the functions whose lines changed, as Skim's
 * own tree-sitter outline of the parent file has them. Writes .bench/locate/set.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Project } from '../src/core/files/project';
import { readOutlineSource, Outlines } from '../src/core/outlines/projectOutlines';
import { CALLABLE } from '../src/core/locate/units';
import { languageFor } from '../src/core/structural/languages';
import { LOCATE_DIR, LOCATE_REPOSITORIES, LOCATE_SPLITS, LocateTarget, LocateTask, mirrorOf, SET_FILE } from '../test/bench/locateSet';

const MAX_LINES = 40;
const TASKS_PER_REPO = 14;
const NOT_SOURCE =
  /(^|\/)(tests?|testing|spec|specs|__tests__|testdata|docs?|examples?|benches|bench|benchmarks?|fixtures|dist|build|vendor|third_party|scripts?|ci|travis|\.github)\/|_test\.|\.test\.|\.spec\.|(^|\/)test_|_spec\.rb$|Tests?\.java$|(^|\/)(setup|conftest|noxfile)\.py$|\.d\.ts$|\.min\.js$|(^|\/)tests?\.\w+$/i;
const SKIPPED_SUBJECT =
  /^(release|bump|version|v?\d+\.\d+|prepare|format|reformat|lint|style|typo|merge|revert|changelog|chore\(deps|update (dependencies|deps))|\b(prettier|gofmt|rustfmt|clang-format|black|isort|bump|dependabot|release)\b/i;

const git = (dir: string, args: string[]) =>
  execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });

/** The commit message as a question: trailers, links, issue and pull-request numbers and sign-offs taken out. */
export function questionOf(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s*[A-Z][\w-]*(-by|-Id|-authored-by)?:\s/.test(line) && !/^\s*(fix(es|ed)?|close[sd]?|resolve[sd]?|refs?|see)\s+#?\d+/i.test(line))
    .join('\n')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\(\s*#\d+\s*\)|\b(GH-|#)\d+\b/g, '')
    .replace(/\b(fix(es|ed)?|close[sd]?|resolve[sd]?)\s*(:|,)?\s*$/gim, '')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Commit {
  sha: string;
  parent: string;
  message: string;
  /** The paths the commit changes. */
  paths: string[];
}

/** The history's commits with the paths each changes (`--raw` reads no file's content, so a snapshot missing some old blobs is still read whole). */
function commitsOf(dir: string): Commit[] {
  const out = git(dir, ['log', '--no-merges', '--no-renames', '--first-parent', '--format=%x01%H %P%x02%B%x03', '--raw', 'HEAD']);
  return out
    .split('\x01')
    .slice(1)
    .flatMap((record) => {
      const [head, rest] = record.split('\x02');
      const [message, raw] = rest.split('\x03');
      const [sha, ...parents] = head.trim().split(' ');
      if (parents.length !== 1) return [];
      const paths = raw
        .trim()
        .split('\n')
        .filter((line) => line.startsWith(':'))
        .map((line) => line.slice(line.indexOf('\t') + 1));
      return [{ sha, parent: parents[0], message, paths }];
    });
}

/** The lines the commit adds and deletes in `files` (a binary file's are countless); undefined where a blob it needs is not in the snapshot. */
function changedLineCount(dir: string, commit: Commit, files: readonly string[]): number | undefined {
  try {
    return git(dir, ['diff', '--numstat', '--no-renames', commit.parent, commit.sha, '--', ...files])
      .trim()
      .split('\n')
      .filter(Boolean)
      .reduce((sum, line) => {
        const [added, deleted] = line.split('\t');
        return sum + (added === '-' ? Infinity : Number(added) + Number(deleted));
      }, 0);
  } catch {
    return undefined;
  }
}

/** The parent's lines a file's change touches: each removed line, and for a pure insertion the lines on both sides of it. */
function changedLines(dir: string, commit: Commit, file: string): { lines: number[]; insertions: [number, number][] } {
  const diff = git(dir, ['diff', '-U0', '--no-color', '--no-ext-diff', commit.parent, commit.sha, '--', file]);
  const lines: number[] = [];
  const insertions: [number, number][] = [];
  for (const match of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? /gm)) {
    const start = Number(match[1]);
    const count = match[2] === undefined ? 1 : Number(match[2]);
    if (count === 0) insertions.push([start, start + 1]);
    for (let line = start; line < start + count; line++) lines.push(line);
  }
  return { lines, insertions };
}

async function targetsOf(dir: string, commit: Commit, file: string, scratchDir: string): Promise<LocateTarget[] | undefined> {
  let text: string;
  try {
    text = git(dir, ['show', `${commit.parent}:${file}`]);
  } catch {
    return undefined;
  }
  const absolute = path.join(scratchDir, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  const source = await readOutlineSource(new Project(scratchDir).file(absolute));
  const regions = (await new Outlines().whole(source, false))?.outline.regions.filter((r) => CALLABLE.has(r.kind)) ?? [];
  rmSync(absolute);
  const innermost = (test: (r: { start: number; end: number }) => boolean) =>
    regions.filter(test).reduce<(typeof regions)[number] | undefined>((best, r) => (!best || r.end - r.start < best.end - best.start ? r : best), undefined);
  let changed: ReturnType<typeof changedLines>;
  try {
    changed = changedLines(dir, commit, file);
  } catch {
    return undefined;
  }
  const { lines, insertions } = changed;
  const found = new Map<string, LocateTarget>();
  const add = (r: (typeof regions)[number] | undefined) => r && found.set(`${r.start}`, { path: file, name: r.name, start: r.start, end: r.end });
  for (const line of lines) add(innermost((r) => r.start <= line && line <= r.end));
  for (const [before, after] of insertions) add(innermost((r) => r.start <= before && after <= r.end));
  return [...found.values()];
}

async function tasksOf(repo: string, split: LocateTask['split'], mirrors: string, scratchDir: string): Promise<LocateTask[]> {
  const dir = mirrorOf(mirrors, repo);
  if (!existsSync(dir)) {
    console.log(`${repo}: no mirror at ${dir} (fetch it first)`);
    return [];
  }
  let commits: Commit[];
  try {
    commits = commitsOf(dir);
  } catch (error) {
    console.log(`${repo}: its history cannot be read whole (${String((error as Error).message).split('\n')[0]}): left out`);
    return [];
  }
  const sourceOf = (c: Commit) => c.paths.filter((file) => languageFor(file) && !NOT_SOURCE.test(file));
  const eligible = commits.filter((c) => {
    const source = sourceOf(c);
    if (SKIPPED_SUBJECT.test(c.message.split('\n')[0]) || source.length < 1 || source.length > 2 || questionOf(c.message).split(' ').length < 3) return false;
    return (changedLineCount(dir, c, source) ?? Infinity) <= MAX_LINES;
  });
  // Spread over the whole history, newest first, until enough of them have functions to find.
  const tasks: LocateTask[] = [];
  const stride = Math.max(1, Math.floor(eligible.length / (TASKS_PER_REPO * 2)));
  for (let offset = 0; offset < stride && tasks.length < TASKS_PER_REPO; offset++) {
    for (let i = offset; i < eligible.length && tasks.length < TASKS_PER_REPO; i += stride) {
      const commit = eligible[i];
      if (tasks.some((t) => t.commit === commit.sha)) continue;
      const files = sourceOf(commit);
      const targets: LocateTarget[] = [];
      let whole = true;
      for (const file of files) {
        const found = await targetsOf(dir, commit, file, scratchDir);
        if (!found) whole = false;
        else targets.push(...found);
      }
      if (!whole || targets.length === 0) continue;
      const language = languageFor(files[0])?.id ?? '';
      tasks.push({ repo, split, language, commit: commit.sha, parent: commit.parent, question: questionOf(commit.message), targets });
    }
  }
  console.log(`${repo} (${split}): ${eligible.length} eligible commits, ${tasks.length} tasks`);
  return tasks;
}

async function build(): Promise<void> {
  const mirrors = path.resolve(process.argv[2] ?? '/work/.mirror');
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'skim-locate-set-'));
  try {
    const tasks: LocateTask[] = [];
    for (const { repo, split } of LOCATE_REPOSITORIES) tasks.push(...(await tasksOf(repo, split, mirrors, scratchDir)));
    mkdirSync(LOCATE_DIR, { recursive: true });
    writeFileSync(SET_FILE, JSON.stringify({ built: new Date().toISOString(), mirrors, tasks }, null, 1));
    for (const split of LOCATE_SPLITS) {
      const part = tasks.filter((t) => t.split === split);
      console.log(
        `${split}: ${part.length} tasks, ${new Set(part.map((t) => t.repo)).size} repositories, ${new Set(part.map((t) => t.language)).size} languages`,
      );
    }
    console.log(`wrote ${SET_FILE}`);
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

if (require.main === module) void build();
