import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { OUTLINE_MS } from '../../../../src/core/structural/bounds';
import { threadClock } from '../../../../src/core/time/threadClock';
import { tsSource } from '../../../support/files';
import { invoke, scriptedModel, skim, skimHover as hover, waitFor, withSettings, write } from '../../support';

/** Lines of `a"a"a"…`: TypeScript's grammar takes a minute and more on 100 KB of them (issue 27), which froze this host. */
function quotes(kb: number, variant: string): string {
  const line = `${'a"'.repeat(40)}\n`;
  return `// ${variant}\n${line.repeat(Math.ceil((kb * 1024) / line.length))}`;
}

describe('a file tree-sitter cannot parse in time never holds the extension host', () => {
  before(async function () {
    this.timeout(120_000);
    await skim();
    // The outline worker started and TypeScript's grammar loaded in it, as any file before this one leaves them: what is
    // measured below is the slow file's parse, not the worker's start (under load, the two together outlasted its 60 s).
    const warm = vscode.Uri.file(write('warm.ts', tsSource(3, 3)));
    await vscode.window.showTextDocument(warm);
    await waitFor(async () => ((await hover(warm, 1)) ? true : undefined), 'the outline of a small file', 100);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  beforeEach(async () => (await scriptedModel()).reset());

  it('while it is open and read through skim_read_file, timers fire and another tool answers first; the read comes back as asked, saying why', async function () {
    this.timeout(180_000);
    await withSettings({ 'model.vendor': 'nobody' }, async () => {
      const uri = vscode.Uri.file(write('quotes.ts', quotes(100, 'host')));
      write('helpers.ts', tsSource(3, 3));
      await vscode.window.showTextDocument(uri);
      const order: string[] = [];
      const ticks = setInterval(() => order.at(-1) !== 'tick' && order.push('tick'), 100);
      try {
        // The open document's outline (hover, lenses) and the read's map are both being made while the host answers.
        const opened = hover(uri, 2).then((shown) => (order.push('hover'), shown));
        const read = invoke('skim_read_file', { filePath: 'quotes.ts' }).then((text) => (order.push('read'), text));
        const symbols = invoke('skim_list_symbols', { filePath: 'helpers.ts' }).then((text) => (order.push('symbols'), text));
        const [text, listed, shown] = await Promise.all([read, symbols, opened]);
        assert.ok(order.indexOf('symbols') < order.indexOf('read'), `another tool answered before the read (${order.join(', ')})`);
        assert.ok(order.indexOf('tick') < order.indexOf('read'), `a timer fired before the read answered (${order.join(', ')})`);
        assert.match(listed, /^Map of helpers\.ts \(21 lines; tree-sitter outline\):/);
        assert.equal(shown, undefined);
        const lines = text.split('\n');
        assert.equal(
          lines[0],
          '[skim] No map of quotes.ts could be made (tree-sitter could not parse the file within 10 s, so it has no outline (Skim does not try the same bytes again)), so the read was not shortened.',
        );
        // The read goes ahead as asked, up to the 64 KB a tool returns at once, and says where to read on.
        const numbered = lines.filter((l) => /^\d+\t/.test(l));
        assert.deepEqual([numbered[0], numbered.length], ['1\t// host', 773]);
        assert.match(text, /\[skim\] Only lines 1-773 of quotes\.ts are shown: the lines asked for are more than the .*Read on from line 774\./);
      } finally {
        clearInterval(ticks);
      }
      // The same bytes again: not parsed, the same answer.
      const again = await invoke('skim_read_file', { filePath: 'quotes.ts', startLine: 1, endLine: 400 });
      assert.match(again, /^\[skim\] No map of quotes\.ts could be made \(tree-sitter could not parse the file within 10 s/);
      assert.equal((await scriptedModel()).summaryCalls(), 0);
    });
  });

  it('skim_overview, skim_search and skim_node_at on it parse in the worker: the host spends less CPU on all three than one parse is given, and each answers as without an outline', async function () {
    this.timeout(180_000);
    // Bytes of their own for each tool, so that none is answered from another's finding that the bytes are slow.
    write('slow-tools/overview/quotes.ts', quotes(100, 'overview'));
    write('slow-tools/search/quotes.ts', quotes(100, 'search'));
    write('slow-tools/node/quotes.ts', quotes(100, 'node'));
    // A parse on this thread would still let timers fire between its 50 ms slices; what it cannot hide is its work: each
    // of the three spends OUTLINE_MS of CPU before it is given up, so on this thread they would take 30 s of its CPU.
    const cpu = threadClock.cpu();
    assert.ok(cpu !== undefined, "this platform does not tell the host thread's own CPU time");
    const [overview, search, node] = await Promise.all([
      invoke('skim_overview', { path: 'slow-tools/overview' }),
      invoke('skim_search', { pattern: '// search', literal: true, path: 'slow-tools/search/quotes.ts' }),
      invoke('skim_node_at', { filePath: 'slow-tools/node/quotes.ts', line: 2 }).then(
        () => assert.fail('skim_node_at answered'),
        (error: Error) => error.message,
      ),
    ]);
    const spent = (threadClock.cpu() as number) - cpu;
    assert.ok(spent < OUTLINE_MS, `the host thread spent ${Math.round(spent)} ms of CPU on three slow files: a parse ran on it`);
    // The file has no outline: nothing of it is ranked.
    assert.match(overview, /^slow-tools\/overview: 0 of 0 files ranked /);
    assert.match(search, /slow-tools\/search\/quotes\.ts/);
    assert.match(node, /tree-sitter could not parse the file within 10 s/);
  });
});
