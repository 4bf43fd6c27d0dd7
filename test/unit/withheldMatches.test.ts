import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { skim } from '../support/cli';
import { mcpClient } from '../support/mcp';
import { runnerProject } from '../support/files';

/** Issue 36 B1: a search or a query must not say whether a pattern matched a credential the screen takes out. */

// Built here so that no scanner takes the test for a leak.
const TOKEN = ['ghp', 'R8x2Lq7VnT4kPz9WcY3mHb6JdF1sGa5Ue0Qo'].join('_');
const MARK = '[redacted: GitHub Token]';
const PASSWORD = ['Qz7hun', 'ter9x'].join('');

describe('a redacted credential cannot be read back through search or query', () => {
  let s: ReturnType<typeof runnerProject>;
  const env = { PATH: process.env.PATH };
  beforeEach(() => {
    // mocha's runner with a token in a comment on its first line and one past its last EVENT_RUN_END.
    s = runnerProject();
    const file = path.join(s.dir, 'lib/runner.js');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(0, 0, `// Deploy token for CI: ${TOKEN}`);
    lines.push(`module.exports.deployToken = '${TOKEN}';`);
    writeFileSync(file, lines.join('\n'));
  });
  afterEach(() => s.cleanup());

  const search = async (...args: string[]) => {
    const r = await skim(['search', ...args], { cwd: s.dir, env });
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };

  it('a probe of the token one character class at a time says "No match" either way, in text and --json', async () => {
    for (const prefix of ['Deploy token for CI: ghp_R8x2', 'ghp_R8x2']) {
      const [inside, outside] = ['[A-M]', '[N-Z]'].map((half) => `${prefix}${half}`);
      assert.equal(await search(inside), `No match for "${inside}" in the project. The regex matched nothing, so it was searched as literal text.`);
      assert.equal((await search(outside)).replace(outside, inside), await search(inside));
      const json = JSON.parse(await search(inside, '--json'));
      assert.deepEqual([json.hits, json.total, json.capped], [[], 0, false]);
      assert.equal((await search(outside, '--json')).replace(outside, inside), await search(inside, '--json'));
    }
  });

  it('a probe that also matches other lines counts and shows the same whether or not it matched the token, shown hits or past the max', async () => {
    const events = execFileSync('rg', ['--count', 'EVENT_RUN_END', 'lib/runner.js'], { cwd: s.dir, encoding: 'utf8' }).trim();
    for (const max of ['1', '50']) {
      const [inside, outside] = await Promise.all(['[A-M]', '[N-Z]'].map((half) => search(`ghp_R8x2${half}|EVENT_RUN_END`, '--max', max, '--json')));
      const answer = JSON.parse(inside);
      assert.equal(answer.total, Number(events));
      assert.deepEqual(JSON.parse(outside).hits, answer.hits);
      assert.equal(JSON.parse(outside).total, answer.total);
    }
  });

  it("past the max, a password that a line's tab sets apart (curl -s<TAB>-u) is judged as the line reads, not as ripgrep's record escapes it", async () => {
    const file = path.join(s.dir, 'lib/runner.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// curl -s\t-u deploy:${PASSWORD} https://ci.invalid/hook\n`);
    const lines = Number(execFileSync('rg', ['--count', 'this', 'lib/runner.js'], { cwd: s.dir, encoding: 'utf8' }).trim());
    const [inside, outside] = await Promise.all([PASSWORD, PASSWORD.replace('x', 'y')].map((probe) => search(`${probe}|this`, '--max', '1', '--json')));
    assert.equal(JSON.parse(outside).total, lines);
    assert.equal(JSON.parse(inside).total, lines);
  });

  it('literal text found beside the token comes back redacted; a regex finds nothing on a line that holds one, wherever it matched', async () => {
    assert.equal(
      (await search('Deploy token', '--literal')).split('\n').slice(0, 4).join('\n'),
      ['1 match for "Deploy token" in the project, in 1 file.', '', 'lib/runner.js', `  1\t// Deploy token for CI: ${MARK}`].join('\n'),
    );
    // Each regex matches past the token (at "CI: " or the line's end) exactly when the token's next letter is not A-M.
    for (const probe of ['ghp_R8x2[A-M].*|CI: ', "ghp_R8x2[A-M].*|';$", 'ghp_R8x2[A-M]|Deploy']) {
      const outside = probe.replace('[A-M]', '[N-Z]');
      const [a, b] = await Promise.all([search(probe, '--json'), search(outside, '--json')]);
      assert.deepEqual([JSON.parse(a).hits, JSON.parse(a).total], [[], 0], probe);
      assert.equal(b.replace(outside, probe), a, outside);
    }
  });

  it('a query whose predicate tests the token finds nothing either way; one without a predicate shows the comment redacted', async () => {
    const query = async (q: string) => {
      const r = await skim(['query', 'lib/runner.js', q], { cwd: s.dir, env });
      assert.equal(r.code, 0, r.stderr);
      return r.stdout;
    };
    for (const predicate of [
      '#match? @c "ghp_R8x2[A-M]"',
      '#match? @c "ghp_R8x2[N-Z]"',
      `#eq? @c "// Deploy token for CI: ${TOKEN}"`,
      '#not-match? @c "ghp_R8x2[N-Z]"',
    ]) {
      const answer = await query(`((comment) @c (${predicate}))`);
      assert.doesNotMatch(answer, /^ {2}1:1 @c comment/m, predicate);
    }
    assert.match(await query('((comment) @c (#match? @c "ghp_R8x2[A-M]"))'), /: 0 captures\.$/m);
    assert.match(await query('((comment) @c)'), new RegExp(`^ {2}1:1 @c comment {2}${MARK.replace(/[[\]]/g, '\\$&')}$`, 'm'));
  });

  it('over MCP, skim_search and skim_query_tree answer the two halves of a probe alike', async function () {
    this.timeout(60_000);
    const client = await mcpClient(s.dir);
    const text = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })).content as { text: string }[]).map((c) => c.text).join('\n');
    try {
      const [inside, outside] = ['Deploy token for CI: ghp_R8x2[A-M]', 'Deploy token for CI: ghp_R8x2[N-Z]'];
      const searched = await text('skim_search', { pattern: inside, path: 'lib' });
      assert.match(searched, /^No match for /);
      assert.equal((await text('skim_search', { pattern: outside, path: 'lib' })).replace(outside, inside), searched);
      const queried = await Promise.all(
        ['[A-M]', '[N-Z]'].map((half) => text('skim_query_tree', { filePath: 'lib/runner.js', query: `((comment) @c (#match? @c "ghp_R8x2${half}"))` })),
      );
      assert.equal(queried[1].replace('[N-Z]', '[A-M]'), queried[0]);
      assert.match(queried[0], /: 0 captures\./);
    } finally {
      await client.close();
    }
  });
});
