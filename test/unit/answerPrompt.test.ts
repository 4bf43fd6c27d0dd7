import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { OutputMode, Raw, renderPrompt } from '@vscode/prompt-tsx';
import { AnswerPrompt, AnswerPromptProps } from '../../src/vscode/chat/answerPrompt';
import { corpusFile } from '../support/corpus';

/** ms's own source, numbered as locate shows a region: the regions text of a real answer. */
const regions = () =>
  readFileSync(corpusFile('ms', 'index.js'), 'utf8')
    .split('\n')
    .map((line, i) => `${i + 1}\t${line}`)
    .join('\n');
const HISTORY = [
  { question: 'How does ms parse a string like "2 days" into milliseconds?', answer: 'parse() at index.js:48 reads the number and the unit. '.repeat(4) },
  { question: 'Where does ms format a long string?', answer: 'fmtLong() at index.js:137 names the unit. '.repeat(4) },
];
const textOf = (part: Raw.ChatCompletionContentPart) => (part.type === Raw.ChatCompletionContentPartKind.Text ? part.text : '');
/** A quarter of a token a character, as the scripted model counts. */
const TOKENIZER = {
  mode: OutputMode.Raw as OutputMode.Raw,
  tokenLength: async (part: Raw.ChatCompletionContentPart) => Math.ceil(textOf(part).length / 4),
  countMessageTokens: async (message: Raw.ChatMessage) => 3 + message.content.reduce((sum, part) => sum + Math.ceil(textOf(part).length / 4), 0),
};

async function render(maxTokens: number): Promise<{ role: string; text: string }[]> {
  const { messages } = await renderPrompt<AnswerPromptProps, OutputMode.Raw>(
    AnswerPrompt,
    { question: 'and where is it called?', regions: regions(), history: HISTORY },
    { modelMaxPromptTokens: maxTokens },
    TOKENIZER,
  );
  return messages.map((m) => ({
    role: m.role === Raw.ChatRole.Assistant ? 'assistant' : m.role === Raw.ChatRole.User ? 'user' : String(m.role),
    text: m.content.map(textOf).join(''),
  }));
}

describe("@skim's answer prompt: the earlier turns, the regions, the question", () => {
  it('holds every earlier turn before the regions where they fit, then leaves them out whole, oldest first, before the regions are cut', async () => {
    const whole = await render(100_000);
    assert.deepEqual(
      whole.map((m) => m.role),
      ['user', 'user', 'assistant', 'user', 'assistant', 'user', 'user'],
    );
    assert.deepEqual(
      whole.slice(1, 5).map((m) => m.text),
      [HISTORY[0].question, HISTORY[0].answer, HISTORY[1].question, HISTORY[1].answer],
    );
    assert.equal(whole[5].text, regions());
    assert.equal(whole[6].text, 'Question: and where is it called?');

    const size = async (n: number) =>
      TOKENIZER.countMessageTokens({ role: Raw.ChatRole.User, content: [{ type: Raw.ChatCompletionContentPartKind.Text, text: 'x'.repeat(n) }] });
    const full = (await Promise.all(whole.map((m) => size(m.text.length)))).reduce((a, b) => a + b, 0);
    const turn = async (i: number) => (await size(HISTORY[i].question.length)) + (await size(HISTORY[i].answer.length));
    const lastTurnOnly = await render(full - Math.ceil((await turn(0)) / 2));
    assert.deepEqual(
      lastTurnOnly.slice(1, 3).map((m) => m.text),
      [HISTORY[1].question, HISTORY[1].answer],
    );
    assert.equal(lastTurnOnly[3].text, regions());

    const noTurns = await render(full - (await turn(0)) - Math.ceil((await turn(1)) / 2));
    assert.deepEqual(
      noTurns.map((m) => m.role),
      ['user', 'user', 'user'],
    );
    assert.equal(noTurns[1].text, regions());

    // Past the turns, the regions are cut at a whitespace; the instructions and the question stay.
    const cut = await render(600);
    assert.equal(cut.length, 3);
    assert.ok(cut[1].text.length < regions().length / 2 && regions().startsWith(cut[1].text.trimEnd()), cut[1].text);
    assert.equal(cut[2].text, 'Question: and where is it called?');
  });
});
