import { testContext } from '../support/context';
import * as assert from 'node:assert/strict';
import { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { OutlineStore } from '../../src/core/cache/outlineStore';
import { DEFAULT_OPTIONS } from '../../src/core/config/options';
import { MapCache } from '../../src/core/cache/store';
import { OpenAiJudge } from '../../src/core/judge/openaiJudge';
import { JudgeRuntime, siteModes } from '../../src/core/judge/runtime';
import { judgeSearch } from '../../src/core/search/rerankHits';
import { Outlines } from '../../src/core/outlines/projectOutlines';
import { languageFor } from '../../src/core/structural/languages';
import { Launcher } from '../../src/core/search/launch';
import { runLines, runSearch } from '../../src/core/search/run';
import { hashBytes } from '../../src/core/files/scan';
import { MapService } from '../../src/core/mapping/service';
import { Project } from '../../src/core/files/project';
import { findSearchProgram, NoSearchProgramError, onPath, SearchProgram, vscodeRipgrepCandidates } from '../../src/core/search/program';
import { regionsForSearch } from '../../src/core/search/regions';
import { search, SearchRequest, SearchRequestError } from '../../src/core/search/searchHits';
import { renderSearch, searchJson } from '../../src/core/search/renderSearch';
import { searchProject } from '../../src/core/tools/runSearch';
import { skim } from '../support/cli';
import { corpusFile } from '../support/corpus';
import { mcpClient } from '../support/mcp';
import { runnerProject, scratch } from '../support/files';
import { ScriptedJudge } from '../support/scriptedJudge';
import { RUNNER, RUNNER_LINES, runnerBlock, runnerLine, runnerLinesMatching, span } from '../support/mochaRunner';

/** Where runner.js's pending-test events and its run-end event are, and the functions holding them, found in its own text. */
const PENDING = runnerLinesMatching(/self\.emit\(constants\.EVENT_TEST_PENDING/);
const NEXT = span(runnerBlock('function next(err, errSuite) {'));
const RUN_END = runnerLinesMatching(/EVENT_RUN_END/);
const UNCAUGHT = runnerBlock('Runner.prototype._uncaught = function');
const RG: SearchProgram = { kind: 'rg', path: onPath('rg') ?? 'rg' };
const GIT: SearchProgram = { kind: 'git', path: onPath('git') ?? 'git' };

describe('skim search: where a pattern occurs, each hit in its region', () => {
  let s: ReturnType<typeof scratch>;
  let project: Project;
  beforeEach(() => {
    s = runnerProject();
    project = new Project(s.dir);
  });
  afterEach(() => s.cleanup());

  const run = (request: SearchRequest, program: SearchProgram = RG, maps?: MapService, outlines?: Outlines) =>
    search(project, program, regionsForSearch(maps, outlines), request);

  it("places a hit in mocha's runner in the innermost function that holds it, from the structural outline with no cache", async () => {
    const result = await run({ pattern: 'self.emit(constants.EVENT_TEST_PENDING' });
    assert.deepEqual(
      result.hits.map((h) => [h.path, h.line, h.region && `${h.region.start}-${h.region.end} ${h.region.name}`]),
      PENDING.map((line) => ['lib/runner.js', line, `${NEXT} next`]),
    );
    assert.equal(
      renderSearch(result).split('\n').slice(0, 5).join('\n'),
      [
        `${PENDING.length} matches for "self.emit(constants.EVENT_TEST_PENDING" in the project, in 1 file. The regex did not compile (error: unclosed group), so it was searched as literal text.`,
        '',
        'lib/runner.js',
        `  ${NEXT} next(err, errSuite)`,
        `    ${PENDING[0]}\t${readFileSync(RUNNER, 'utf8').split('\n')[PENDING[0] - 1]}`,
      ].join('\n'),
    );
  });

  it('places hits by the cached map while it is fresh, and by the outline once the file changed', async () => {
    const file = project.file('lib/runner.js');
    const bytes = readFileSync(file.real);
    const cache = await MapCache.open(path.join(s.dir, 'cache.sqlite'));
    cache.put({
      path: file.key,
      size: bytes.length,
      hash: hashBytes(bytes),
      lines: RUNNER_LINES,
      status: 'model',
      producer: 'openai:scripted@p1',
      prose: 'The runner.',
      created: Date.now(),
      regions: [{ start: 800, end: 1000, kind: 'section', name: 'the test loop', note: '' }],
    });
    const maps = new MapService(testContext(), cache);
    const fresh = await run({ pattern: 'self.emit(constants.EVENT_TEST_PENDING', path: 'lib', max: 1, literal: true }, RG, maps);
    assert.deepEqual(fresh.hits[0].region, { start: 800, end: 1000, kind: 'section', name: 'the test loop', note: '' });
    s.write('lib/runner.js', `// changed\n${bytes.toString('utf8')}`);
    const changed = await run({ pattern: 'self.emit(constants.EVENT_TEST_PENDING', max: 1, literal: true }, RG, maps);
    assert.deepEqual([changed.hits[0].line, changed.hits[0].region?.name], [PENDING[0] + 1, 'next']);
    await cache.close();
  });

  it('shows the first hits, counts them all and says how to narrow', async () => {
    const result = await run({ pattern: 'function', max: 3 });
    assert.equal(result.hits.length, 3);
    const counted = readFileSync(RUNNER, 'utf8')
      .split('\n')
      .filter((l) => l.includes('function')).length;
    assert.deepEqual([result.total, result.capped], [counted, true]);
    assert.match(
      renderSearch(result),
      new RegExp(`^${counted} matches for /function/ in the project; the first 3 are shown\\. Narrow it with a path, a glob or a stricter pattern\\.\\n`),
    );
    assert.deepEqual(Object.keys(searchJson(result)), ['pattern', 'literal', 'hits', 'total', 'capped', 'timedOut']);
  });

  it('searches a valid regex as a regex, and one that matches nothing again as literal text', async () => {
    s.write('a.txt', 'price: $5.00 (net)\n');
    const regex = await run({ pattern: 'Runner\\.prototype\\.run\\b' });
    assert.deepEqual([regex.literal, regex.retriedAsLiteral, regex.total], [false, false, 1]);
    const literal = await run({ pattern: '$5.00 (net)' });
    assert.deepEqual([literal.literal, literal.retriedAsLiteral, literal.hits.map((h) => h.path)], [true, true, ['a.txt']]);
    assert.match(renderSearch(literal), /The regex matched nothing, so it was searched as literal text\./);
  });

  it("skips .gitignore'd files and dependency and build folders", async () => {
    for (const dir of ['node_modules/x', 'dist', 'build', 'ignored', 'src']) mkdirSync(path.join(s.dir, dir), { recursive: true });
    for (const file of ['node_modules/x/a.js', 'dist/a.js', 'build/a.js', 'ignored/a.js', 'src/a.js']) s.write(file, 'const needle = 1;\n');
    s.write('.gitignore', 'ignored/\n');
    for (const program of [RG, GIT]) {
      const result = await run({ pattern: 'needle' }, program);
      assert.deepEqual(
        result.hits.map((h) => h.path),
        ['src/a.js'],
        program.kind,
      );
    }
  });

  it('finds the same hits with git grep where ripgrep is missing', async () => {
    const rg = await run({ pattern: 'this\\.total' });
    const git = await run({ pattern: 'this\\.total' }, GIT);
    // git grep says no column: a regex's hits are taken to match their whole line.
    const place = ({ path, line, text, region }: { path: string; line: number; text: string; region: unknown }) => ({ path, line, text, region });
    assert.deepEqual(git.hits.map(place), rg.hits.map(place));
    assert.ok(git.total > 0);
  });

  it('places no hit of a minified bundle (msal-browser) in one of the hundreds of functions its line holds', async () => {
    copyFileSync(corpusFile('@azure/msal-browser', 'lib/msal-browser.min.js'), path.join(s.dir, 'msal.min.js'));
    const [hit] = (await run({ pattern: 'function', path: 'msal.min.js', max: 1 })).hits;
    assert.deepEqual([hit.line, hit.region], [2, null]);
  });

  it('clips a minified line once it is screened, and keeps the match in it', async () => {
    s.write('bundle.min.js', `${'var a=1;'.repeat(20_000)}needle();\n`);
    const searched = await searchProject(testContext(), project, undefined, { pattern: 'needle' }, { candidates: [RG.path] });
    const [hit] = (searched.json as { hits: { path: string; text: string }[] }).hits;
    assert.equal(hit.path, 'bundle.min.js');
    assert.ok(hit.text.length <= 301, `${hit.text.length} characters`);
  });

  it('says a search that ran out of time stopped, never that nothing matched', async () => {
    const result = await run({ pattern: 'zzz-not-there', timeoutMs: 1 });
    assert.equal(result.timedOut, true);
    assert.match(renderSearch(result), /^No match for \/zzz-not-there\/ in the project\. The search stopped after 0\.001 s, so this is not a proof of absence/);
  });

  it('refuses a path outside the project, a link out of it, a missing path and an empty pattern', async () => {
    symlinkSync('/etc', path.join(s.dir, 'etc-link'));
    await assert.rejects(run({ pattern: 'x', path: '/etc' }), (e: Error) => e instanceof SearchRequestError && /\/etc is outside the project/.test(e.message));
    await assert.rejects(run({ pattern: 'x', path: 'etc-link' }), /etc-link is outside the project/);
    await assert.rejects(run({ pattern: 'x', path: 'nowhere' }), /nowhere does not exist/);
    await assert.rejects(run({ pattern: '  ' }), /the pattern is empty/);
  });

  it("finds VS Code's ripgrep in either layout, before PATH, and names ripgrep when nothing can search", () => {
    const app = scratch('skim-app-');
    try {
      const universal = vscodeRipgrepCandidates(app.dir).find((c) => c.includes('ripgrep-universal') && !c.includes('asar')) as string;
      mkdirSync(path.dirname(universal), { recursive: true });
      symlinkSync(RG.path, universal);
      assert.deepEqual(findSearchProgram(s.dir, vscodeRipgrepCandidates(app.dir), { PATH: '' }), { kind: 'rg', path: universal });
      assert.ok(vscodeRipgrepCandidates('/app', 'linux', 'x64').includes('/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg'));
      const gitOnly = path.join(app.dir, 'bin');
      mkdirSync(gitOnly);
      symlinkSync(GIT.path, path.join(gitOnly, 'git'));
      assert.equal(findSearchProgram(s.dir, [], { PATH: gitOnly }).kind, 'git');
      assert.throws(
        () => findSearchProgram(app.dir, [], { PATH: gitOnly }),
        (e: Error) => e instanceof NoSearchProgramError && /install ripgrep/.test(e.message),
      );
    } finally {
      app.cleanup();
    }
  });

  it('skim search --json prints the hits with their regions, and exits 1 with a reason for a missing path', async () => {
    const env = { PATH: process.env.PATH };
    const r = await skim(['search', 'EVENT_RUN_END', '--path', 'lib', '--json'], { cwd: s.dir, env });
    assert.equal(r.code, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    assert.deepEqual(
      json.hits.map((h: { line: number; region: { name: string } | null }) => [h.line, h.region?.name ?? null]),
      RUN_END.map((line, i) => [line, [null, 'Runner.prototype._uncaught', 'end', 'end', 'Runner.prototype.run', 'Runner.prototype.run'][i]]),
    );
    assert.deepEqual(json.hits[1].region, { start: UNCAUGHT.start, end: UNCAUGHT.end, kind: 'method', name: 'Runner.prototype._uncaught' });
    const bad = await skim(['search', 'x', '--path', 'nowhere'], { cwd: s.dir, env });
    assert.deepEqual([bad.code, bad.stderr.trim()], [1, `${path.join(s.dir, 'nowhere')} does not exist in ${s.dir}`]);
  });

  it('places a second search from the outline store: a row made from the same bytes serves, a row for other bytes does not', async () => {
    const store = await OutlineStore.open(undefined);
    const outlines = new Outlines(store);
    const first = await run({ pattern: 'EVENT_RUN_END', path: 'lib' }, RG, undefined, outlines);
    const bytes = readFileSync(path.join(s.dir, 'lib/runner.js'));
    const rules = Outlines.rules(languageFor('runner.js')!);
    const stored = store.get('lib/runner.js', hashBytes(bytes), bytes.length, rules);
    assert.ok(stored, 'the first search stored what it parsed');
    const renamed = stored.regions.map((r) => ({ ...r, name: `stored ${r.name}` }));
    store.put({ ...stored, regions: renamed });
    const second = await run({ pattern: 'EVENT_RUN_END', path: 'lib' }, RG, undefined, outlines);
    assert.deepEqual(
      second.hits.map((h) => h.region?.name ?? null),
      first.hits.map((h) => (h.region ? `stored ${h.region.name}` : null)),
    );
    s.write('lib/runner.js', `${bytes.toString('utf8')}\n// changed\n`);
    const changed = await run({ pattern: 'EVENT_RUN_END', path: 'lib' }, RG, undefined, outlines);
    assert.deepEqual(
      changed.hits.map((h) => h.region?.name ?? null),
      first.hits.map((h) => h.region?.name ?? null),
    );
  });

  it('a session screens a file once for its bytes: the same search again answers as before, and a credential written into the file meanwhile is redacted', async () => {
    const ctx = testContext();
    const token = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
    const text = async () =>
      (await searchProject(ctx, project, undefined, { pattern: 'EVENT_RUN_END', path: 'lib/runner.js' }, { candidates: [RG.path] })).parts[0].text;
    const first = await text();
    assert.equal(await text(), first);
    const bytes = readFileSync(path.join(s.dir, 'lib/runner.js'), 'utf8');
    s.write('lib/runner.js', bytes.replace('EVENT_RUN_END: "end",', `EVENT_RUN_END: "end", // ${token}`));
    const changed = await text();
    assert.ok(!changed.includes(token));
    assert.match(changed, new RegExp(`^ {2}${runnerLine('EVENT_RUN_END: "end",')}\\t {4}EVENT_RUN_END: "end", // \\[redacted: GitHub Token\\]$`, 'm'));
  });

  it("through a long-lived host's helper process, ripgrep finds the same hits, stops when told, and a helper that died is started again", async () => {
    const launcher = new Launcher();
    try {
      const options = { pattern: 'function', literal: true, paths: ['.'], max: 7, timeoutMs: 10_000 };
      const direct = await runSearch(RG, s.dir, options);
      const helped = await runSearch({ ...RG, launch: launcher.launch }, s.dir, options);
      assert.deepEqual(helped, direct);
      const helper = (launcher as unknown as { helper: ChildProcess }).helper;
      const gone = new Promise((resolve) => helper.once('exit', resolve));
      helper.kill('SIGKILL');
      await gone;
      const again = await runSearch({ ...RG, launch: launcher.launch }, s.dir, options);
      assert.deepEqual(again, direct);
      assert.notEqual((launcher as unknown as { helper: ChildProcess }).helper.pid, helper.pid);
      const stopped = await runLines(RG.path, ['-n', 'e', '.'], s.dir, { timeoutMs: 10_000, launch: launcher.launch, take: () => false });
      assert.deepEqual([stopped.stopped, stopped.timedOut], [true, false]);
      const missing = await runSearch({ kind: 'rg', path: path.join(s.dir, 'no-such-rg'), launch: launcher.launch }, s.dir, options);
      assert.match(missing.error ?? '', /^could not run .*no-such-rg: spawn .*ENOENT/);
    } finally {
      launcher.close();
    }
  });

  it('tells of each hit it keeps as the program reports it, in order, and of no other', async () => {
    const told: string[] = [];
    const result = await runSearch(RG, s.dir, {
      pattern: 'function',
      literal: true,
      paths: ['.'],
      max: 7,
      timeoutMs: 10_000,
      onHit: (hit) => told.push(`${hit.path}:${hit.line}`),
    });
    assert.ok(result.total > 7);
    assert.deepEqual(
      told,
      result.hits.map((h) => `${h.path}:${h.line}`),
    );
  });

  it('enforcing, a judge shows its 15 in its order and says where the 15 others it set aside are, and how to see them', async () => {
    const judge = await new ScriptedJudge(() => ({ C: 0.7, A: 0.2, T: 0.1 })).start();
    try {
      const found = await run({ pattern: 'function', literal: true, max: 30 });
      const runtime = new JudgeRuntime(
        new OpenAiJudge({ url: judge.url, model: 'scripted-judge' }),
        siteModes({ ...DEFAULT_OPTIONS, judgeMode: 'enforcing' }),
        () => undefined,
      );
      const judged = await judgeSearch(found, runtime);
      const at = (i: number) => found.hits[i].line;
      assert.deepEqual(
        judged.hits.map((h) => h.line),
        [2, 0, 1, ...Array.from({ length: 12 }, (_, i) => i + 3)].map(at),
      );
      assert.deepEqual(
        judged.setAside,
        found.hits.slice(15).map(({ path, line }) => ({ path, line })),
      );
      const text = renderSearch(judged);
      assert.match(text.split('\n')[0], new RegExp(`^${found.total} matches for "function" in the project\\. Shown: the 15 the judge ranked most likely`));
      assert.equal(
        text.split('\n').at(-1),
        `The judge set aside the other 15 hits of the first 30 found: lib/runner.js:${found.hits
          .slice(15)
          .map((h) => h.line)
          .join(', ')}. To see them with their lines, read those lines, or search a narrower path or glob (10 hits or fewer are shown as found).`,
      );
      assert.deepEqual(searchJson(judged).setAside?.length, 15);
    } finally {
      await judge.stop();
    }
  });

  it('skim mcp keeps what its searches outlined in the store beside its map cache, for the next session', async function () {
    this.timeout(60_000);
    const cache = path.join(s.dir, '.cache');
    const client = await mcpClient(s.dir, cache);
    try {
      const result = await client.callTool({ name: 'skim_search', arguments: { pattern: 'EVENT_RUN_END', path: 'lib' } });
      assert.match((result.content as { text: string }[])[0].text, new RegExp(`^ {2}${span(UNCAUGHT)} method Runner\\.prototype\\._uncaught$`, 'm'));
    } finally {
      await client.close();
    }
    const [file] = readdirSync(cache).filter((f) => f.endsWith('.outlines.sqlite'));
    const store = await OutlineStore.open(path.join(cache, file));
    const bytes = readFileSync(path.join(s.dir, 'lib/runner.js'));
    assert.ok(store.get('lib/runner.js', hashBytes(bytes), bytes.length, Outlines.rules(languageFor('runner.js')!)));
    await store.close();
  });
});
