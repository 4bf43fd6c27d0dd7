import * as assert from 'node:assert/strict';
import { DEFAULT_OPTIONS } from '../../src/core/config/options';
import { OpenAiJudge } from '../../src/core/judge/openaiJudge';
import { JudgeEvent, JudgeRuntime, siteModes } from '../../src/core/judge/runtime';
import { intentByRules } from '../../src/core/route/intent';
import { locateWords } from '../../src/core/route/followUp';
import { regionsAnswer, routeRequest } from '../../src/core/route/judgedRoute';
import { metaAnswer } from '../../src/core/route/meta';
import { answerProblem } from '../../src/core/route/modelAnswer';
import { ScriptedJudge } from '../support/scriptedJudge';

const runtimeOf = (judge: ScriptedJudge | undefined, judgeMode: 'off' | 'advisory' | 'enforcing', events: JudgeEvent[] = []) =>
  new JudgeRuntime(judge && new OpenAiJudge({ url: judge.url, model: 'scripted-judge' }), siteModes({ ...DEFAULT_OPTIONS, judgeMode }), (e) => events.push(e));

describe("@skim's intent route: deterministic rules, or the judge's one Choice", () => {
  it('routes questions and bug reports about the code to locate', () => {
    for (const request of [
      'Where is the request timeout applied?',
      'How does flask decide which blueprint handles a URL?',
      'Why does `httpx.Client.send` ignore the proxy env vars?',
      'The redirect loses the Authorization header when the host changes',
      'TypeError: Cannot read properties of undefined (reading "headers") when the response has no body',
      'what calls parseArgs',
      'tests fail on Windows because of path separators',
      'How do I fix the crash in readQuestion()?',
      'Is there a function that strips ANSI codes?',
    ])
      assert.equal(intentByRules(request).intent, 'locate', request);
  });

  it('routes a change asked for, imperative or politely, to edit', () => {
    for (const request of [
      'Fix the off-by-one in fitLocate',
      'Rename `readQuestion` to `parseQuestion` everywhere',
      'Add a --json flag to the overview command',
      'please refactor the cache lock into its own module',
      'Can you remove the deprecated `send` overload?',
      'I want you to implement retries in the OpenAI judge',
      "let's update the changelog for the new tool",
      'Make the parser accept trailing commas',
    ])
      assert.equal(intentByRules(request).intent, 'edit', request);
  });

  it('routes a command asked for to execute', () => {
    for (const request of [
      'Run the unit tests',
      'run npm test and tell me what fails',
      'Build the extension',
      'could you please lint the project?',
      'test the locate command on /usr/lib/python3.11',
    ])
      assert.equal(intentByRules(request).intent, 'execute', request);
  });

  it("routes a question about Skim itself (its tools, settings, cache) to meta, and Skim's own code named in a bug report still to locate", () => {
    for (const request of [
      'What tools does Skim have?',
      'how do I configure skim to use my own judge?',
      "Where is Skim's cache kept, and how many maps does it hold?",
      'what does skim.judge.mode do?',
      'What is #skimLocate for?',
      'help',
      'what can you do?',
    ])
      assert.equal(intentByRules(request).intent, 'meta', request);
    assert.equal(intentByRules('why does skimming a minified file take so long?').intent, 'locate');
    assert.equal(intentByRules('Fix the skim cache lock timeout').intent, 'edit');
  });

  it('says which rule decided', () => {
    assert.deepEqual(intentByRules('Can you rename fitLocate?'), { intent: 'edit', why: 'a request to rename' });
    assert.deepEqual(intentByRules('Run the tests'), { intent: 'execute', why: 'starts with "run"' });
    assert.deepEqual(intentByRules('What settings does Skim have?'), { intent: 'meta', why: 'names Skim and asks about its settings' });
    assert.deepEqual(intentByRules('Where is the timeout set?'), { intent: 'locate', why: 'a question about the code' });
  });

  it('a meta answer names the settings the question names, else every setting; and its topic', () => {
    const judge = metaAnswer('what does skim.judge.mode do?');
    assert.equal(judge.topic, 'settings');
    assert.deepEqual(
      judge.settings.map((s) => s.setting),
      ['skim.judge.mode'],
    );
    assert.deepEqual(
      metaAnswer('Which judge settings does Skim have?').settings.map((s) => s.setting),
      [
        'skim.judge.backend',
        'skim.judge.url',
        'skim.judge.model',
        'skim.judge.mode',
        'skim.judge.search',
        'skim.judge.locate',
        'skim.judge.screen',
        'skim.judge.verify',
        'skim.judge.route',
        'skim.judge.deadlineMs',
      ],
    );
    assert.ok(metaAnswer('What settings does Skim have?').settings.length > 20);
    assert.equal(metaAnswer('What tools does Skim have?').topic, 'tools');
    assert.equal(metaAnswer("Where is Skim's cache?").topic, 'cache');
    assert.equal(metaAnswer('help').topic, 'about');
  });

  describe('with a judge', () => {
    let judge: ScriptedJudge;
    let answer: Record<string, number>;
    beforeEach(async () => {
      answer = { C: 0.8, A: 0.15, E: 0.05 };
      judge = await new ScriptedJudge(() => answer).start();
    });
    afterEach(() => judge.stop());

    it("enforcing, the judge's Choice routes (a question the rules send to locate goes to edit), and the event says it rerouted", async () => {
      const events: JudgeEvent[] = [];
      const route = await routeRequest('The redirect loses the Authorization header', runtimeOf(judge, 'enforcing', events));
      assert.deepEqual(route, { intent: 'edit', by: 'judge', why: 'the judge chose edit' });
      assert.equal(judge.requests.length, 1);
      assert.match(
        judge.requests[0].question,
        /^A\. a question or a bug report about the code.*\nB\. .*\nC\. a request to change the code.*\nD\. .*\nE\. none of these\n/,
      );
      assert.equal(events.length, 1);
      assert.deepEqual(
        { site: events[0].site, decision: events[0].decision, enforced: events[0].enforced, signals: events[0].signals },
        { site: 'route', decision: 'rerouted:edit', enforced: true, signals: { locate: 0.15, meta: 0, edit: 0.8, execute: 0 } },
      );
    });

    it('advisory, the judge is asked and logged and the rules route', async () => {
      const events: JudgeEvent[] = [];
      const route = await routeRequest('The redirect loses the Authorization header', runtimeOf(judge, 'advisory', events));
      assert.deepEqual(route, { intent: 'locate', by: 'rules', why: 'a report or a question about the code' });
      assert.equal(judge.requests.length, 1);
      assert.equal(events[0].enforced, false);
    });

    it('enforcing, "none of these" or a judge that fails leaves the route to the rules', async () => {
      answer = { E: 0.9, A: 0.1 };
      assert.equal((await routeRequest('Where is the timeout set?', runtimeOf(judge, 'enforcing'))).by, 'rules');
      judge.behaviour = 'error';
      assert.deepEqual(await routeRequest('Run the tests', runtimeOf(judge, 'enforcing')), { intent: 'execute', by: 'rules', why: 'starts with "run"' });
    });

    it('enforcing, regions the judge says do not answer the question send it on; advisory or yes, the model answers', async () => {
      answer = { no: 0.9, yes: 0.1 };
      assert.equal(await regionsAnswer('Where is the timeout set?', 'src/a.ts 1-9 function a', runtimeOf(judge, 'enforcing')), false);
      assert.match(judge.requests[0].state, /^Question: Where is the timeout set\?\n\nThe code located for it:\nsrc\/a\.ts 1-9 function a$/);
      assert.equal(await regionsAnswer('Where is the timeout set?', 'src/a.ts 1-9 function a', runtimeOf(judge, 'advisory')), true);
      answer = { yes: 0.8, no: 0.2 };
      assert.equal(await regionsAnswer('Where is the timeout set?', 'src/a.ts 1-9 function b', runtimeOf(judge, 'enforcing')), true);
    });
  });

  it('with no judge nothing is asked: the rules route and the regions are taken to answer', async () => {
    const events: JudgeEvent[] = [];
    assert.deepEqual(await routeRequest('Add a test for the lock', runtimeOf(undefined, 'enforcing', events)), {
      intent: 'edit',
      by: 'rules',
      why: 'starts with "add"',
    });
    assert.equal(await regionsAnswer('q', 'r', runtimeOf(undefined, 'enforcing', events)), true);
    assert.deepEqual(events, []);
  });

  it('a follow-up with fewer than three telling words and no identifier borrows the words the last locating turn located; one that says what it is about keeps its own', () => {
    const parse = { question: 'How does ms parse "2 days"?', answer: 'parse() reads it.', located: 'How does ms parse "2 days"?' };
    const meta = { question: 'What tools does Skim have?', answer: 'skim_map, skim_read.' };
    assert.equal(locateWords('and where is it called?', [parse, meta]), 'and where is it called?\nHow does ms parse "2 days"?');
    // A follow-up of a follow-up borrows what that one located, not only its few words.
    const followUp = { question: 'and where is it called?', answer: '', located: 'and where is it called?\nHow does ms parse "2 days"?' };
    assert.equal(locateWords('why?', [parse, followUp]), 'why?\nand where is it called?\nHow does ms parse "2 days"?');
    assert.equal(locateWords('where is `fmtLong` called?', [parse]), 'where is `fmtLong` called?');
    assert.equal(locateWords('where are plural unit names formatted?', [parse]), 'where are plural unit names formatted?');
    assert.equal(locateWords('and where is it called?', []), 'and where is it called?');
    assert.equal(locateWords('and where is it called?', [meta]), 'and where is it called?');
  });

  it("a model's answer with nothing in it, or mostly control and replacement characters, is no answer; prose, code and other scripts are", () => {
    assert.equal(answerProblem(''), 'empty');
    assert.equal(answerProblem(' \n\t\u200b\u2060 '), 'empty');
    assert.equal(answerProblem('\u0000\u0001\ufffd\ufffd\u0002\u0003\ufffd'), 'unreadable');
    assert.equal(answerProblem('ok \ufffd\ufffd\ufffd\ufffd\ufffd'), 'unreadable');
    for (const answer of ['`parse()` at index.js:48 reads it.', 'parse() は index.js:48 にあります', '{"path":"index.js","line":48}', '→ 48'])
      assert.equal(answerProblem(answer), undefined, answer);
  });
});
