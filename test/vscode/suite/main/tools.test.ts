import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { tsRegions, tsSource } from '../../../support/files';
import { invoke, mapAnswer, scriptedModel, skim, SKIM_TOOLS, write, workspaceDir } from '../../support';

const NINE_HUNDRED = tsSource(30, 26);
const REGIONS = tsRegions(30, 26);

describe("Skim's language-model tools, invoked through vscode.lm", () => {
  before(async () => {
    await skim();
  });
  beforeEach(async () => (await scriptedModel()).reset());

  it('runs the copy under test: this checkout, or the installed .vsix', () => {
    const where = vscode.extensions.getExtension('skim-dev.skim')?.extensionUri.fsPath ?? '';
    if (process.env.SKIM_TEST_INSTALLED) assert.match(where, /\/extensions\/skim-dev\.skim-0\.1\.0$/);
    else assert.equal(where, path.resolve(__dirname, '../../../../..'));
    // The hook's command starts from dist/cli.js, which loads the other two when a read needs them.
    for (const bundle of ['extension.js', 'cli.js', 'engine.js', 'hook-maps.js', 'secretlint.js'])
      assert.ok(existsSync(path.join(where, 'dist', bundle)), bundle);
  });

  it('registers the tools with their descriptions', () => {
    const tools = vscode.lm.tools
      .filter((t) => t.name.startsWith('skim_'))
      .map((t) => t.name)
      .sort();
    assert.deepEqual(tools, SKIM_TOOLS);
    const read = vscode.lm.tools.find((t) => t.name === 'skim_read_file');
    assert.match(read?.description ?? '', /^Read a source file you have not seen with this tool\. A 1,400-line file costs seven 200-line reads/);
  });

  it('summarizing spends one model call on a miss, none on a hit and one after the file changes', async () => {
    const model = await scriptedModel();
    model.setSummaryScript([mapAnswer(REGIONS)]);
    write('calls.ts', NINE_HUNDRED);
    const first = await invoke('skim_summarize_file', { filePath: 'calls.ts' });
    assert.equal(model.summaryCalls(), 1);
    assert.match(first, /^Map of calls\.ts \(900 lines; written by vscode\.lm:skim-test\/scripted-1@p1\):\nNumeric helpers\.\n/);
    assert.match(first, /^31-59 fn1$/m);
    await invoke('skim_summarize_file', { filePath: 'calls.ts' });
    assert.equal(model.summaryCalls(), 1);
    write('calls.ts', NINE_HUNDRED.replace('fn0', 'first'));
    await invoke('skim_summarize_file', { filePath: path.join(workspaceDir(), 'calls.ts') });
    assert.equal(model.summaryCalls(), 2);
  });

  it('spends three calls on repeated malformed answers, keeps a prose-only entry, and offers the structural outline in its place', async () => {
    const model = await scriptedModel();
    model.setSummaryScript(['This file has some functions in it.']);
    write('garbled.ts', NINE_HUNDRED);
    const text = await invoke('skim_summarize_file', { filePath: 'garbled.ts' });
    assert.equal(model.summaryCalls(), 3);
    assert.match(
      text,
      /^\[skim\] Note: the model gave no usable map of this file, only prose, so this is the structural outline\.\n\nMap of garbled\.ts \(900 lines; tree-sitter outline\):\n/,
    );
    assert.doesNotMatch(text, /some functions in it/);
    await invoke('skim_summarize_file', { filePath: 'garbled.ts' });
    assert.equal(model.summaryCalls(), 3);
  });

  it('a 900-line read comes back as 200 lines, the total, the next start and the whole map', async () => {
    const model = await scriptedModel();
    model.setSummaryScript([mapAnswer(REGIONS)]);
    write('big.ts', NINE_HUNDRED);
    const text = await invoke('skim_read_file', { filePath: 'big.ts', startLine: 1, endLine: 900 });
    const lines = text.split('\n');
    assert.equal(
      lines[0],
      "[skim] This read was shortened: lines 1-200 of big.ts are shown, of 900 in all (the read asked for 1-900). Next start: line 201. Reads of more than 200 lines are shortened here. The file's map follows: read the range you need next.",
    );
    assert.equal(lines.filter((l) => /^\d+\t/.test(l)).length, 200);
    assert.equal(lines[2], '1\texport function fn0(n: number): number {');
    assert.equal(lines[201], '200\t  n = n + 18;');
    for (const r of REGIONS) assert.ok(lines.includes(`${r.start}-${r.end} ${r.name}`), r.name);
    assert.equal(model.summaryCalls(), 1);
  });

  it('leaves a 150-line read untouched', async () => {
    write('small.ts', tsSource(5, 26));
    const text = await invoke('skim_read_file', { filePath: 'small.ts' });
    assert.equal(text.split('\n').length, 150);
    assert.equal(text.split('\n')[149], '150\t');
    assert.doesNotMatch(text, /\[skim\]/);
  });

  it('never caps a Markdown or an extensionless file, and says why it did not', async () => {
    const prose = Array.from({ length: 900 }, (_, i) => `Paragraph ${i + 1}.`).join('\n');
    for (const [name, why] of [
      ['NOTES.md', 'prose is read in order, so Skim does not shorten it.'],
      ['LICENSE', 'files without an extension are not guarded.'],
    ]) {
      write(name, prose);
      const text = await invoke('skim_read_file', { filePath: name });
      assert.ok(text.startsWith(`[skim] ${name} was not shortened: ${why}`), text.slice(0, 200));
      const paragraphs = text.split('\n').filter((line) => /Paragraph \d+\.$/.test(line));
      assert.equal(paragraphs.length, 900, name);
      assert.match(paragraphs[899], /Paragraph 900\.$/);
    }
  });

  it('refuses a path outside the workspace, saying what to do instead', async () => {
    await assert.rejects(
      invoke('skim_read_file', { filePath: '/etc/hostname' }),
      /\/etc\/hostname is outside the open workspace .* give a path inside the workspace/,
    );
    await assert.rejects(invoke('skim_summarize_file', { filePath: '../elsewhere.ts' }), /outside the open workspace/);
  });

  it('lists symbols and finds one by name without a model call', async () => {
    const model = await scriptedModel();
    write('symbols.ts', tsSource(3, 2));
    const outline = await invoke('skim_list_symbols', { filePath: 'symbols.ts' });
    assert.match(outline, /^1-5 fn0$/m);
    const found = await invoke('skim_find_symbol', { filePath: 'symbols.ts', name: 'fn1' });
    assert.equal(
      found,
      [
        'function fn1: lines 7-11 of symbols.ts',
        '7\texport function fn1(n: number): number {',
        '8\t  n = n + 0;',
        '9\t  n = n + 1;',
        '10\t  return n;',
        '11\t}',
      ].join('\n'),
    );
    assert.equal(model.summaryCalls(), 0);
  });
});
