import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { definedName } from '../../src/core/history/definitions';
import { readCommits, repositoryOf } from '../../src/core/history/gitHistory';
import { historyFileBeside, readHistory } from '../../src/core/history/historyStore';
import { HistoryStatus, ProjectHistory } from '../../src/core/history/projectHistory';
import { CommitHistory } from '../../src/core/locate/commitHistory';
import { indexInWorker } from '../../src/core/locate/historyIndex';
import { locateHistoryOf } from '../../src/core/locate/storedHistory';
import { learnWeights, MIN_HISTORY, weightsFrom } from '../../src/core/locate/learnWeights';
import { DEFAULT_WEIGHTS } from '../../src/core/locate/weights';
import { onPath } from '../../src/core/search/program';
import { historyBefore, patchIdsOf } from '../bench/locateHistory';
import { scratch } from '../support/files';

const GIT = onPath('git') as string;
/** Python's textwrap: a real third-party module whose functions the commits below change. */
const TEXTWRAP = readFileSync('/usr/lib/python3.11/textwrap.py', 'utf8');

/** A git work tree whose commits are made one by one, each at its own fixed time, by a fixed author. */
function gitProject() {
  const s = scratch('skim-history-');
  let time = 1_700_000_000;
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: s.dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'A',
        GIT_AUTHOR_EMAIL: 'a@example.com',
        GIT_COMMITTER_NAME: 'A',
        GIT_COMMITTER_EMAIL: 'a@example.com',
        GIT_AUTHOR_DATE: `${time} +0000`,
        GIT_COMMITTER_DATE: `${time} +0000`,
      },
    }).trim();
  git('init', '-q', '-b', 'main');
  const commit = (message: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(s.dir, name)), { recursive: true });
      writeFileSync(path.join(s.dir, name), text);
    }
    git('add', '-A');
    time += 3_600;
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  return { ...s, git, commit };
}

/** textwrap.py with one line of a function's body changed. */
const changed = (text: string, from: string, to: string) => {
  assert.ok(text.includes(from), `textwrap.py holds ${from}`);
  return text.replace(from, to);
};

describe('history: what the project changed, commit by commit, read for locate', function () {
  this.timeout(60_000);

  it('names the function a line of code declares, not a call or a statement', () => {
    assert.deepEqual(
      [
        'def _split(self, text):',
        'func (s *Server) Serve(l net.Listener) error {',
        'CJSON_PUBLIC(cJSON *) cJSON_Parse(const char *value)',
        'static unsigned char* ensure(printbuffer * const p, size_t needed)',
        '    public Builder addMember(String name, CodeBlock block) {',
        'const parse = async (input) => {',
        '  fn reserve_inner(&mut self, additional: usize) {',
        '    if (size > max) {',
        '        return cJSON_Parse(value);',
        '    result = helper(a, b)',
        '// def commented(x):',
      ].map(definedName),
      ['_split', 'Serve', 'cJSON_Parse', 'ensure', 'addMember', 'parse', 'reserve_inner', undefined, undefined, undefined, undefined],
    );
  });

  it("reads each commit's message and the functions it changed, by git's hunk headers and the lines that declare them (a function added after another leaves that one unchanged); a renamed file's functions go under its new path", async () => {
    const p = gitProject();
    try {
      p.commit('Add textwrap', { 'textwrap.py': TEXTWRAP });
      const split = changed(TEXTWRAP, 'chunks = self.wordsep_re.split(text)', "chunks = self.wordsep_re.split(text or '')");
      p.commit('Split an empty text into no chunks\n\nA None text raised TypeError.', { 'textwrap.py': split });
      const added = changed(split, 'def dedent(text):', 'def shout(text):\n    return text.upper()\n\n\ndef dedent(text):');
      p.commit('Add shout', { 'textwrap.py': added });
      mkdirSync(path.join(p.dir, 'wrap'));
      renameSync(path.join(p.dir, 'textwrap.py'), path.join(p.dir, 'wrap/textwrap.py'));
      const head = p.commit('Move textwrap into wrap/ and indent blank lines too', {
        'wrap/textwrap.py': changed(added, 'return line.strip()', "return line.strip(' ')"),
      });
      const repository = await repositoryOf(GIT, p.dir);
      assert.deepEqual(repository && { head: repository.head, shallow: repository.shallow }, { head, shallow: false });
      const read = await readCommits(repository!, { head, maxCommits: 100, timeoutMs: 20_000, scratch: path.join(p.dir, '.cache') });
      assert.equal(read.complete, true);
      assert.deepEqual(
        read.commits.map((c) => [c.message, c.files]),
        [
          ['Move textwrap into wrap/ and indent blank lines too', [{ path: 'wrap/textwrap.py', from: 'textwrap.py', names: ['predicate'] }]],
          ['Add shout', [{ path: 'textwrap.py', names: ['shout'] }]],
          ['Split an empty text into no chunks\n\nA None text raised TypeError.', [{ path: 'textwrap.py', names: ['_split'] }]],
          ['Add textwrap', [{ path: 'textwrap.py', names: read.commits[3].files[0].names }]],
        ],
      );
      const history = new CommitHistory(read.commits);
      assert.notEqual(history.functionOf('wrap/textwrap.py', '_split'), undefined);
      assert.equal(history.functionOf('textwrap.py', '_split'), undefined);
      assert.deepEqual(
        history.similar(['empty', 'chunk'], 5).map((s) => s.commit),
        [2],
      );
    } finally {
      p.cleanup();
    }
  });

  it('is read in the background and kept beside the outlines; a new commit is read alone, on top of what was kept', async () => {
    const p = gitProject();
    try {
      p.commit('Add textwrap', { 'textwrap.py': TEXTWRAP });
      p.commit('Split an empty text into no chunks', {
        'textwrap.py': changed(TEXTWRAP, 'chunks = self.wordsep_re.split(text)', "chunks = self.wordsep_re.split(text or '')"),
      });
      const file = historyFileBeside(path.join(p.dir, '.cache', 'maps.outlines.sqlite'));
      const statuses: HistoryStatus[] = [];
      const options = { file, git: GIT, scratch: path.dirname(file), learn: learnWeights };
      const history = new ProjectHistory(p.dir, options);
      history.watch((s) => statuses.push(s));
      assert.equal(await history.get(), undefined, 'the first ask does not wait for the read');
      assert.equal(history.status().state, 'reading');
      const first = await history.get(true);
      assert.equal(first?.commits.length, 2);
      assert.deepEqual(statuses.at(-1), { state: 'ready', commits: 2 });
      assert.equal((await readHistory(file))?.head, p.git('rev-parse', 'HEAD'));

      const text = readFileSync(path.join(p.dir, 'textwrap.py'), 'utf8');
      const head = p.commit('Indent whitespace-only lines too', { 'textwrap.py': changed(text, 'return line.strip()', "return line.strip(' ')") });
      // Another process's view: the stored history, brought up to date by the one commit since.
      const again = new ProjectHistory(p.dir, options);
      const seen: HistoryStatus[] = [];
      again.watch((s) => seen.push(s));
      const updated = await again.get(true);
      assert.deepEqual(
        updated?.commits.map((c) => c.message),
        ['Indent whitespace-only lines too', 'Split an empty text into no chunks', 'Add textwrap'],
      );
      assert.equal(updated?.head, head);
      assert.deepEqual(
        new Set(seen.flatMap((s) => (s.state === 'reading' && s.total !== undefined ? [s.total] : []))),
        new Set([1]),
        'only the new commit is read',
      );
    } finally {
      p.cleanup();
    }
  });

  it('has none outside git or in a shallow clone, and says why', async () => {
    const p = gitProject();
    const plain = scratch('skim-history-plain-');
    const shallow = scratch('skim-history-shallow-');
    try {
      p.commit('Add textwrap', { 'textwrap.py': TEXTWRAP });
      p.commit('Split an empty text into no chunks', {
        'textwrap.py': changed(TEXTWRAP, 'chunks = self.wordsep_re.split(text)', "chunks = self.wordsep_re.split(text or '')"),
      });
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${p.dir}`, path.join(shallow.dir, 'clone')]);
      writeFileSync(path.join(plain.dir, 'textwrap.py'), TEXTWRAP);
      for (const [root, reason] of [
        [plain.dir, 'not a git repository with a commit'],
        [path.join(shallow.dir, 'clone'), 'a shallow clone: its history is cut short'],
      ]) {
        const file = path.join(root, '.cache', 'h.history.json');
        const history = new ProjectHistory(root, { file, git: GIT, scratch: path.dirname(file) });
        assert.equal(await history.get(true), undefined);
        assert.deepEqual(history.status(), { state: 'unavailable', commits: 0, reason });
      }
    } finally {
      p.cleanup();
      plain.cleanup();
      shallow.cleanup();
    }
  });

  it("a task's history is what its parent reaches, less the commit and any copy of it: a fix reapplied after its revert does not see the fix", async () => {
    const p = gitProject();
    try {
      const base = p.commit('Add textwrap', { 'textwrap.py': TEXTWRAP });
      const fixed = changed(TEXTWRAP, 'chunks = self.wordsep_re.split(text)', "chunks = self.wordsep_re.split(text or '')");
      const fix = p.commit('Split an empty text into no chunks', { 'textwrap.py': fixed });
      const revert = p.commit('Revert the empty text fix', { 'textwrap.py': TEXTWRAP });
      const reapply = p.commit('Reapply: split an empty text into no chunks', { 'textwrap.py': fixed });
      const gitDir = path.join(p.dir, '.git');
      const head = p.git('rev-parse', 'HEAD');
      const read = await readCommits((await repositoryOf(GIT, p.dir))!, { head, maxCommits: 100, timeoutMs: 20_000, scratch: path.join(p.dir, '.cache') });
      const patchIds = patchIdsOf(gitDir);
      assert.equal(patchIds[fix], patchIds[reapply]);
      const seen = historyBefore({ records: read.commits, patchIds }, gitDir, revert, reapply).map((r) => r.sha);
      assert.deepEqual(seen, [revert, base]);
      assert.deepEqual(
        historyBefore({ records: read.commits, patchIds }, gitDir, base, fix).map((r) => r.sha),
        [base],
      );
    } finally {
      p.cleanup();
    }
  });

  it('weighs history by its defaults without a history to learn from, and never by stored weights out of range', () => {
    assert.deepEqual(weightsFrom(undefined), DEFAULT_WEIGHTS);
    assert.deepEqual(weightsFrom({ similar: 1e9, messages: -1, cochange: Number.NaN, prior: 0.05 }), { ...DEFAULT_WEIGHTS, prior: 0.05 });
    const records = Array.from({ length: MIN_HISTORY - 1 }, (_, i) => ({
      sha: String(i).padStart(40, '0'),
      time: i,
      message: `Fix parsing of header ${i}`,
      files: [{ path: 'a.py', names: ['parse'] }],
    }));
    assert.deepEqual(learnWeights(records), {});
  });

  /**
   * A git that runs the real one and counts its `log` runs in `runs`; with `hang`, a `log` then
   * waits as a git that never ends would (exec'd, so that the time limit's kill ends it).
   */
  function countingGit(dir: string, hang: boolean) {
    const runs = path.join(dir, 'log-runs');
    const file = path.join(dir, 'git');
    writeFileSync(
      file,
      `#!/bin/sh\ncase " $* " in *" log "*) echo run >> '${runs}' ;; esac\n'${GIT}' "$@" || exit $?\ncase " $* " in *" log "*) ${hang ? 'exec sleep 600' : ':'} ;; esac\n`,
    );
    chmodSync(file, 0o755);
    return { git: file, logRuns: () => readFileSync(runs, 'utf8').split('\n').filter(Boolean).length };
  }

  it('a history longer than the most kept is read to its newest commits and said cut short; a read that runs out of time keeps the newest it read whole, and is not read again at that head', async () => {
    const p = gitProject();
    const tools = scratch('skim-history-git-');
    try {
      let text = TEXTWRAP;
      p.commit('Add textwrap', { 'textwrap.py': text });
      for (const width of [71, 72, 73, 74, 75]) {
        text = text.replace(/width=\d+/, `width=${width}`);
        p.commit(`Wrap at ${width} columns`, { 'textwrap.py': text });
      }
      const bounded = new ProjectHistory(p.dir, {
        file: path.join(p.dir, '.cache', 'a.history.json'),
        git: GIT,
        scratch: path.join(p.dir, '.cache'),
        maxCommits: 4,
      });
      const kept = await bounded.get(true);
      assert.deepEqual(
        kept?.commits.map((c) => c.message),
        ['Wrap at 75 columns', 'Wrap at 74 columns', 'Wrap at 73 columns', 'Wrap at 72 columns'],
      );
      assert.equal(kept?.complete, false);

      const hanging = countingGit(tools.dir, true);
      const file = path.join(p.dir, '.cache', 'b.history.json');
      const options = { file, git: hanging.git, scratch: path.dirname(file), readTimeoutMs: 3_000 };
      const partial = await new ProjectHistory(p.dir, options).get(true);
      assert.equal(partial?.commits.length, 5, 'every commit but the last, which may not have ended, is kept');
      assert.equal(partial?.commits[0].message, 'Wrap at 75 columns');
      assert.equal(partial?.complete, false);
      const again = new ProjectHistory(p.dir, options);
      assert.equal((await again.get(true))?.commits.length, 5);
      assert.deepEqual(again.status(), { state: 'ready', commits: 5 });
      assert.equal(hanging.logRuns(), 1, 'the head read in part is not read again');
    } finally {
      p.cleanup();
      tools.cleanup();
    }
  });

  it("a repository git cannot read (an object lost) has no history, says so in Skim's words with what to do, and is not asked again until its head moves", async () => {
    const p = gitProject();
    const tools = scratch('skim-history-git-');
    try {
      p.commit('Add textwrap', { 'textwrap.py': TEXTWRAP });
      p.commit('Split an empty text into no chunks', {
        'textwrap.py': changed(TEXTWRAP, 'chunks = self.wordsep_re.split(text)', "chunks = self.wordsep_re.split(text or '')"),
      });
      const blob = p.git('rev-parse', 'HEAD~1:textwrap.py');
      rmSync(path.join(p.dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
      const counting = countingGit(tools.dir, false);
      const file = path.join(p.dir, '.cache', 'h.history.json');
      const options = { file, git: counting.git, scratch: path.dirname(file) };
      const reason = 'git log could not read it (exit 128); run git log in the project to see why';
      for (const history of [new ProjectHistory(p.dir, options), new ProjectHistory(p.dir, options)]) {
        assert.equal(await history.get(true), undefined);
        assert.deepEqual(history.status(), { state: 'unavailable', commits: 0, reason });
      }
      assert.equal(counting.logRuns(), 1);
      p.commit('Indent whitespace-only lines too', { 'textwrap.py': changed(TEXTWRAP, 'return line.strip()', "return line.strip(' ')") });
      await new ProjectHistory(p.dir, options).get(true);
      assert.equal(counting.logRuns(), 2, 'a new head is read again');
    } finally {
      p.cleanup();
      tools.cleanup();
    }
  });

  it("reads a detached head's history as a branch's", async () => {
    const p = gitProject();
    try {
      p.commit('Add textwrap', { 'textwrap.py': TEXTWRAP });
      const fix = p.commit('Split an empty text into no chunks', {
        'textwrap.py': changed(TEXTWRAP, 'chunks = self.wordsep_re.split(text)', "chunks = self.wordsep_re.split(text or '')"),
      });
      p.commit('Indent whitespace-only lines too', { 'textwrap.py': changed(TEXTWRAP, 'return line.strip()', "return line.strip(' ')") });
      p.git('checkout', '-q', '--detach', fix);
      const file = path.join(p.dir, '.cache', 'h.history.json');
      const stored = await new ProjectHistory(p.dir, { file, git: GIT, scratch: path.dirname(file) }).get(true);
      assert.equal(stored?.head, fix);
      assert.deepEqual(
        stored?.commits.map((c) => c.message),
        ['Split an empty text into no chunks', 'Add textwrap'],
      );
    } finally {
      p.cleanup();
    }
  });
});

describe("a stored history's index is made in a worker thread", function () {
  this.timeout(60_000);

  /** textwrap.py changed in twelve commits, one function each, and its history stored as locate finds it. */
  async function storedTextwrap() {
    const p = gitProject();
    let text = TEXTWRAP;
    p.commit('Add textwrap', { 'textwrap.py': text });
    const defs = [...TEXTWRAP.matchAll(/^( *)def (\w+)\(.*\n/gm)].slice(0, 12);
    for (const [i, [line, indent, name]] of defs.entries()) {
      text = text.replace(line, `${line}${indent}    # ${name}: change ${i}\n`);
      p.commit(`Keep ${name} from splitting a hyphenated word (${i})`, { 'textwrap.py': text });
    }
    const file = historyFileBeside(path.join(p.dir, '.cache', 'maps.outlines.sqlite'));
    const stored = await new ProjectHistory(p.dir, { file, git: GIT, scratch: path.dirname(file) }).get(true);
    assert.equal(stored?.commits.length, 13);
    return { p, file, stored: stored as NonNullable<typeof stored> };
  }

  /** What locate reads of an index. */
  const seen = (h: CommitHistory) => ({
    functions: h.functionsOf.map((f) => [...f]),
    files: h.filesOf.map((f) => [...f]),
    paths: h.paths,
    byFunction: h.commitsOfFunction,
    terms: h.termsOf.map((t) => [...t]),
    similar: h.similar(['hyphen', 'word', 'split'], 5),
    wrap: h.functionOf('textwrap.py', 'wrap'),
  });

  it('locate weighs the index the worker made, the same as one made on this thread, and this thread turns while it is made', async () => {
    const { p, file, stored } = await storedTextwrap();
    try {
      let turns = 0;
      let spin: NodeJS.Immediate = setImmediate(function turn() {
        turns++;
        spin = setImmediate(turn);
      });
      const located = await locateHistoryOf(stored, file);
      clearImmediate(spin);
      assert.ok(turns > 0, 'the event loop turned while the index was made');
      assert.deepEqual(seen(located.history), seen(new CommitHistory(stored.commits)));
      assert.notEqual(located.history.functionOf('textwrap.py', 'wrap'), undefined);
    } finally {
      p.cleanup();
    }
  });

  it('a history file holding another head, none, or a worker past its deadline gives the worker no index to make: the index is made here', async () => {
    const { p, file, stored } = await storedTextwrap();
    try {
      assert.equal(await indexInWorker({ file, head: 'f'.repeat(40) }), undefined);
      assert.equal(await indexInWorker({ file: path.join(p.dir, 'none.json'), head: stored.head }), undefined);
      assert.equal(await indexInWorker({ file, head: stored.head }, 0), undefined);
      assert.ok(await indexInWorker({ file, head: stored.head }));
      const here = await locateHistoryOf({ ...stored }, path.join(p.dir, 'none.json'));
      assert.deepEqual(seen(here.history), seen(new CommitHistory(stored.commits)));
    } finally {
      p.cleanup();
    }
  });
});
