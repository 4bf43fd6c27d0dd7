import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { NOT_NOW, Onboarding } from '../../../../src/vscode/hook/onboarding';
import { tsSource } from '../../../support/files';
import { memento, shown, skim, sleep, write } from '../../support';

/** The first-run offer, as a person sees it and answers it (README: media/offer.png). */
describe('the first-run offer', function () {
  this.timeout(120_000);

  it("is a page saying the hook's two effects that stays until answered; Learn more opens the walkthrough; a warning waits for the answer", async () => {
    const api = await skim();
    write('offer.ts', tsSource(2, 2));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const onboarding = new Onboarding(memento(), api.workspace.log.messages);
    const offered = onboarding.offer();
    const QUESTION = "Turn on Skim's read hook for Copilot's agent in this workspace?";
    await shown([QUESTION]);
    api.workspace.log.warnOnce('screenshot-warning', 'this warning waits for the offer to be answered.');
    await sleep(1500);
    const page = await shown(
      [
        QUESTION,
        "Reads. When Copilot's agent reads more than 200 lines of a source file, it gets those 200 lines and the file's map instead, so it reads the part it needs next.",
        'Edits. An edit of a file that changed since the agent last read it is refused until it reads the file again.',
        'Install for this workspace',
        'Never for this workspace',
      ],
      { picture: 'offer', click: 'Learn more' },
    );
    assert.ok(page.includes(QUESTION));
    assert.match(page, /Edits\. An edit of a file that changed since the agent last read it is refused/);
    assert.doesNotMatch(page, /this warning waits/, 'no warning shows while the offer is open');
    const learning = await shown(['Get started with Skim', 'Install the read hook', "Turn on Skim's read hook"], { click: NOT_NOW });
    assert.match(learning, /Get started with Skim/, 'Learn more opened the walkthrough, and the offer stayed open');
    assert.deepEqual(await offered, ['vscode']);
    assert.equal(onboarding.chosen('vscode'), NOT_NOW);
    const after = await shown(['Skim: this warning waits for the offer to be answered.']);
    assert.doesNotMatch(after, /Turn on Skim's read hook/, 'the page closed once answered');
  });
});
