import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { tsRegions, tsSource } from '../../../support/files';
import { invoke, mapAnswer, scriptedModel, shown, skim, write } from '../../support';

/** Show Savings as a person sees it: a page of totals, a chart and the last reads, following new reads (README: media/savings.png). */
describe('the savings view', function () {
  this.timeout(120_000);

  it('shows the totals, the chart and each read with the lines it asked and was shown, and follows a new read', async () => {
    await skim();
    const model = await scriptedModel();
    model.reset();
    model.setSummaryScript([mapAnswer(tsRegions(30, 26))]);
    write('ledger.ts', tsSource(30, 26));
    await invoke('skim_read_file', { filePath: 'ledger.ts', startLine: 1, endLine: 900 });
    await invoke('skim_read_file', { filePath: 'ledger.ts', startLine: 580, endLine: 900 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('skim.showSavings');
    const text = await shown(['Skim: savings in this workspace', 'Reads shortened', '580-779 of 580-900', '1-200 of 1-900'], { picture: 'savings' });
    assert.match(text, /Reads shortened\s+2\s+counted/);
    assert.match(text, /Lines withheld\s+821\s+counted from the files/);
    assert.match(text, /ledger\.ts\s+580-779 of 580-900\s+121\s/);
    assert.match(text, /ledger\.ts\s+1-200 of 1-900\s+700\s/);
    assert.match(text, /tokens withheld \(est\.\)\s+tokens of the maps attached/);
    await invoke('skim_read_file', { filePath: 'ledger.ts', startLine: 300, lineCount: 250 });
    const after = await shown(['300-499 of 300-549']);
    assert.match(after, /Reads shortened\s+3\s+counted/);
    assert.equal(model.summaryCalls(), 1);
  });
});
