import { chatCompletion } from '../model/chatCompletions';
import { choicePrompt, Choice, Judge, JudgeError, judgeMessages, LABELS, MAX_OPTIONS, probabilitiesOf, Scale, scalePrompt, yesNoQuestion } from './judge';

/** The request's own bound; the runtime's deadline per judgement is shorter and cancels it through the signal. */
const JUDGE_REQUEST_LIMIT_MS = 60_000;

/**
 * A judge behind an OpenAI-compatible chat-completions endpoint, asked for one token with
 * `logprobs` and `top_logprobs`: P(yes) and each option's P come from the token probabilities.
 * A failure (unreachable, HTTP 401, a model that gives no logprobs) throws a JudgeError that says
 * so; the runtime records it and the plain path runs.
 */
export interface JudgeSettings {
  url: string;
  model: string;
  key?: string;
}

export class OpenAiJudge implements Judge {
  readonly name: string;
  readonly calibrated = true;

  constructor(private readonly settings: JudgeSettings) {
    this.name = `openai:${settings.model}`;
  }

  /** The first token's top alternatives and their probabilities. */
  private async firstToken(state: string, question: string, signal: AbortSignal): Promise<{ token: string; p: number }[]> {
    let answer;
    try {
      answer = await chatCompletion(
        this.settings,
        { model: this.settings.model, messages: judgeMessages(state, question), max_tokens: 1, temperature: 0, logprobs: true, top_logprobs: 20 },
        JUDGE_REQUEST_LIMIT_MS,
        signal,
      );
    } catch (error) {
      throw new JudgeError((error as Error).message);
    }
    if (!answer.topLogprobs) throw new JudgeError(`${this.name} gave no token probabilities (top_logprobs): use a model and server that return logprobs`);
    return answer.topLogprobs
      .filter((t) => typeof t.token === 'string' && typeof t.logprob === 'number' && Number.isFinite(t.logprob))
      .map((t) => ({ token: t.token as string, p: Math.exp(t.logprob as number) }));
  }

  async yesNo(state: string, question: string, signal: AbortSignal): Promise<number | undefined> {
    const tops = await this.firstToken(state, yesNoQuestion(question), signal);
    return probabilitiesOf(tops, ['yes', 'no'])?.[0];
  }

  async score(state: string, scale: Scale, signal: AbortSignal): Promise<number | undefined> {
    const { question, digits } = scalePrompt(scale);
    const tops = await this.firstToken(state, question, signal);
    const probabilities = probabilitiesOf(tops, digits);
    return probabilities && probabilities.reduce((sum, p, grade) => sum + p * grade, 0) / (digits.length - 1);
  }

  async choose(state: string, options: readonly string[], signal: AbortSignal): Promise<Choice | undefined> {
    const shown = options.slice(0, MAX_OPTIONS);
    const tops = await this.firstToken(state, choicePrompt(shown), signal);
    const letters = [...LABELS.slice(0, shown.length + 1)];
    const probabilities = probabilitiesOf(tops, letters);
    if (!probabilities) return undefined;
    const best = probabilities.indexOf(Math.max(...probabilities));
    return { index: best === shown.length ? -1 : best, probabilities };
  }
}
