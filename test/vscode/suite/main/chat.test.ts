import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { SkimChatMetadata } from '../../../../src/vscode/chat/participant';
import { corpusFile } from '../../../support/corpus';
import { ANSWER, REFUSAL_TOKEN, REFUSE, STALL } from '../../scriptedModel';
import { copilotChat, scriptedModel, shown, skim, waitFor, write } from '../../support';

/** ms's own source, from node_modules: a real file of five functions. */
const MS = readFileSync(corpusFile('ms', 'index.js'), 'utf8');

type TurnResult = { metadata?: SkimChatMetadata & { cancelled?: true; failed?: string }; errorDetails?: { message: string } } | undefined;

/** A request to `@skim` as a person sends it: typed into the chat (ask mode, the scripted model chosen), in a new chat unless it follows up; resolves once the turn has ended. */
async function sendSkim(request: string, { followUp = false } = {}): Promise<TurnResult> {
  if (!followUp) await vscode.commands.executeCommand('workbench.action.chat.newChat');
  return vscode.commands.executeCommand<TurnResult>('workbench.action.chat.open', {
    query: `@skim ${request}`,
    mode: 'ask',
    modelSelector: { vendor: 'skim-test', id: 'scripted-1' },
    blockOnResponse: true,
  });
}

/** One request to `@skim`, its result's metadata read once it has ended. */
async function askSkim(request: string, options: { followUp?: boolean } = {}): Promise<SkimChatMetadata> {
  const result = await sendSkim(request, options);
  assert.ok(result?.metadata, `@skim gave no result for "${request}": ${JSON.stringify(result)}`);
  return result.metadata;
}

const QUESTION = 'How does ms parse a string like "2 days" into milliseconds?';
/** How the chat shows the references a turn streamed, collapsed under one line. */
const REFERENCES = /Used \d+ references/;

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

  it('a follow-up too short to say what it is about is located with the words of the question before it, and the model reads the earlier turn before the regions', async () => {
    const model = await scriptedModel();
    model.reset();
    const first = await askSkim(QUESTION);
    assert.equal(first.located, QUESTION);
    const second = await askSkim('and where is it called?', { followUp: true });

    assert.deepEqual(second.route, { intent: 'locate', by: 'rules', why: 'a question about the code' });
    assert.equal(second.located, `and where is it called?\n${QUESTION}`);
    assert.deepEqual(second.references.filter((r) => r.path === file)[0], { path: file, start: 48, end: 103 });
    const answers = model.requests.filter((r) => r.kind === 'answer');
    assert.equal(answers.length, 2);
    const text = answers[1].text;
    assert.match(text, /Question: and where is it called\?$/);
    // The first turn, question and answer, comes before the regions; the question asked now comes last.
    const earlier = text.indexOf(QUESTION);
    const answered = text.indexOf(ANSWER);
    const regions = text.search(/^48\tfunction parse\(str\) \{$/m);
    assert.ok(earlier !== -1 && answered > earlier && regions > answered, `the earlier turn is not before the regions in:\n${text}`);
  });

  it('a cancelled answer ends the turn though the model never stops: the references stay shown, and the next question in the chat is answered with the cancelled one in its history', async () => {
    const model = await scriptedModel();
    model.reset();
    model.setAnswer(STALL);
    const cancelled = 'Where does ms format a number of milliseconds as a long string?';
    const pending = sendSkim(cancelled);
    await waitFor(() => model.requests.find((r) => r.kind === 'answer'), "@skim's request to the model", 60);
    // The stop button's command acts on the chat last focused, as a person's click does.
    await vscode.commands.executeCommand('workbench.action.chat.focusInput');
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    await pending;
    const page = await shown([REFERENCES]);
    assert.match(page, REFERENCES, 'the chat no longer shows the references');

    model.reset();
    const next = await askSkim('and where is it called?', { followUp: true });
    assert.equal(next.located, `and where is it called?\n${cancelled}`);
    const answers = model.requests.filter((r) => r.kind === 'answer');
    assert.equal(answers.length, 1);
    assert.ok(answers[0].text.includes(`${cancelled}\n(no answer)`), `the cancelled turn is not in the history:\n${answers[0].text}`);
    await shown([ANSWER]);
  });

  it('a model that refuses is said in one screened line that names the model and what to do next, the references still shown', async () => {
    const model = await scriptedModel();
    model.reset();
    model.setAnswer(REFUSE);
    const result = await sendSkim(QUESTION);
    const line =
      "Scripted could not answer (Blocked): The scripted model's quota for [redacted: GitHub Token] is spent. Pick another model in the chat's model picker, or ask again.";
    assert.equal(result?.errorDetails?.message, line);
    assert.equal(model.requests.filter((r) => r.kind === 'answer').length, 1);
    const page = await shown([line, REFERENCES]);
    assert.ok(page.includes(line), `the chat does not show the refusal:\n${page}`);
    assert.ok(!page.includes(REFUSAL_TOKEN), 'the chat shows the credential in the refusal');
    assert.match(page, REFERENCES, 'the chat no longer shows the references');
  });

  it('a model that answers nothing, or nothing readable, is said in one line and nothing of its answer is shown', async () => {
    const model = await scriptedModel();
    for (const [reply, line] of [
      ['', "Scripted returned no answer; the regions Skim located are listed above. Ask again, or pick another model in the chat's model picker."],
      [
        '\u0000\u0001\ufffd\ufffd\u0002\u0003\ufffd',
        "Scripted returned nothing readable; the regions Skim located are listed above. Ask again, or pick another model in the chat's model picker.",
      ],
    ]) {
      model.reset();
      model.setAnswer(reply);
      const result = await sendSkim(QUESTION);
      assert.equal(result?.errorDetails?.message, line, JSON.stringify(reply));
      assert.equal(model.requests.filter((r) => r.kind === 'answer').length, 1);
      await shown([line]);
    }
    model.reset();
  });
});
