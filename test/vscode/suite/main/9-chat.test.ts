import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkimChatMetadata } from '../../../../src/vscode/chat/participant';
import { ROOT } from '../../profile';
import { ANSWER } from '../../scriptedModel';
import { copilotChat, scriptedModel, shown, skim, waitFor, write } from '../../support';

/** ms's own source, from node_modules: a real file of five functions. */
const MS = readFileSync(path.join(ROOT, 'node_modules/ms/index.js'), 'utf8');

/** One request to `@skim` as a person sends it: typed into the chat (ask mode, the scripted model chosen), its result read once it has ended. */
async function askSkim(request: string): Promise<SkimChatMetadata> {
  await vscode.commands.executeCommand('workbench.action.chat.newChat');
  const result = await vscode.commands.executeCommand<{ metadata?: SkimChatMetadata; errorDetails?: { message: string } } | undefined>(
    'workbench.action.chat.open',
    {
      query: `@skim ${request}`,
      mode: 'ask',
      modelSelector: { vendor: 'skim-test', id: 'scripted-1' },
      blockOnResponse: true,
    },
  );
  assert.ok(result?.metadata, `@skim gave no result for "${request}": ${JSON.stringify(result)}`);
  return result.metadata;
}

describe('@skim in the chat: Skim routes, locates, and asks the chat model once', function () {
  this.timeout(300_000);
  let file: string;
  before(async () => {
    await skim();
    await copilotChat();
    file = write('chat/ms/index.js', MS);
  });

  it('a question is located with no model call, answered by one request to the chat model with the regions in it, each region a reference', async () => {
    const model = await scriptedModel();
    model.reset();
    const turn = await askSkim('How does ms parse a string like "2 days" into milliseconds?');

    assert.deepEqual(turn.route, { intent: 'locate', by: 'rules', why: 'a question about the code' });
    assert.equal(turn.modelCalls, 1);
    assert.equal(turn.handedOver, false);
    const ours = turn.references.filter((r) => r.path === file);
    assert.deepEqual(ours.slice(0, 2), [
      { path: file, start: 48, end: 103 },
      { path: file, start: 26, end: 38 },
    ]);
    // The one request: the chat's model, with the question and parse()'s numbered lines; no summary, no other call of Skim's.
    const answers = model.requests.filter((r) => r.kind === 'answer');
    assert.equal(answers.length, 1);
    assert.match(answers[0].text, /Question: How does ms parse a string like "2 days" into milliseconds\?/);
    assert.match(answers[0].text, /^48\tfunction parse\(str\) \{$/m);
    assert.match(answers[0].text, /^103\t\}$/m);
    assert.equal(model.summaryCalls(), 0);
    assert.deepEqual(
      model.requests.filter((r) => r.kind === 'judge'),
      [],
    );
    // What the person reads: the model's answer, screened, under the question.
    const page = await shown([ANSWER]);
    assert.ok(page.includes(`@skim How does ms parse a string like "2 days" into milliseconds?`), 'the chat does not show the question');
    assert.ok(page.includes(ANSWER), 'the chat does not show the answer');
  });

  it('a change asked for is located, then handed to agent mode with the regions attached, and the chat model is not asked by Skim', async () => {
    const model = await scriptedModel();
    model.reset();
    model.setAgentScript([]);
    const turn = await askSkim('Rename parse to parseDuration in ms/index.js');

    assert.deepEqual(turn.route, { intent: 'edit', by: 'rules', why: 'starts with "rename"' });
    assert.equal(turn.modelCalls, 0);
    assert.equal(turn.handedOver, true);
    assert.deepEqual(turn.references[0], { path: file, start: 48, end: 103 });
    assert.equal(model.requests.filter((r) => r.kind === 'answer').length, 0);
    // Agent mode takes the request as its own turn: Copilot's loop asks the model, with the request and parse()'s lines attached.
    const agent = await waitFor(() => model.requests.find((r) => r.kind === 'agent'), "agent mode's turn", 60);
    assert.match(agent.text, /Rename parse to parseDuration in ms\/index\.js/);
    assert.match(agent.text, /Skim located these regions for it first: chat\/ms\/index\.js:48-103 function parse/);
    assert.match(agent.text, /function parse\(str\) \{/);
  });

  it('a command to run is routed to execute, and a question about Skim is answered from its own tables with no model call', async () => {
    const model = await scriptedModel();
    model.reset();
    model.setAgentScript([]);
    const run = await askSkim('run the tests in ms');
    assert.deepEqual(run.route, { intent: 'execute', by: 'rules', why: 'starts with "run"' });
    assert.equal(run.handedOver, true);
    await waitFor(() => model.requests.find((r) => r.kind === 'agent'), "agent mode's turn", 60);

    model.reset();
    const meta = await askSkim('What tools does Skim have?');
    assert.deepEqual(meta, {
      route: { intent: 'meta', by: 'rules', why: 'names Skim and asks about its tools' },
      references: [],
      modelCalls: 0,
      handedOver: false,
    });
    assert.deepEqual(
      model.requests.filter((r) => r.kind !== 'utility'),
      [],
    );
  });
});
