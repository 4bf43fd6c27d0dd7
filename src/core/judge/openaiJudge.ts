import { choicePrompt, Choice, Judge, judgeMessages, LABELS, MAX_OPTIONS, probabilitiesOf, Scale, scalePrompt, yesNoQuestion } from './judge';

/**
 * A judge behind an OpenAI-compatible chat-completions endpoint, asked for one token with
 * `logprobs` and `top_logprobs`: P(yes) and each option's P come from the token probabilities.
 * SKIM_JUDGE_URL, SKIM_JUDGE_MODEL, SKIM_JUDGE_KEY.
 */
export interface JudgeSettings {
  url: string;
  model: string;
  key?: string;
}

export function judgeSettingsFromEnv(env: NodeJS.ProcessEnv): JudgeSettings | undefined {
  const url = env.SKIM_JUDGE_URL?.trim();
  const model = env.SKIM_JUDGE_MODEL?.trim();
  return url && model ? { url, model, key: env.SKIM_JUDGE_KEY || undefined } : undefined;
}

export class OpenAiJudge implements Judge {
  readonly name: string;
  readonly calibrated = true;

  constructor(private readonly settings: JudgeSettings) {
    this.name = `openai:${settings.model}`;
  }

  /** The first token's top alternatives and their probabilities, or undefined for any failure. */
  private async firstToken(state: string, question: string, signal: AbortSignal): Promise<{ token: string; p: number }[] | undefined> {
    try {
      const response = await fetch(`${this.settings.url.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.settings.key ? { authorization: `Bearer ${this.settings.key}` } : {}) },
        body: JSON.stringify({
          model: this.settings.model,
          messages: judgeMessages(state, question),
          max_tokens: 1,
          temperature: 0,
          logprobs: true,
          top_logprobs: 20,
        }),
        signal,
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { choices?: { logprobs?: { content?: { top_logprobs?: { token?: unknown; logprob?: unknown }[] }[] } }[] };
      const tops = body.choices?.[0]?.logprobs?.content?.[0]?.top_logprobs;
      if (!Array.isArray(tops)) return undefined;
      return tops
        .filter((t) => typeof t.token === 'string' && typeof t.logprob === 'number' && Number.isFinite(t.logprob))
        .map((t) => ({ token: t.token as string, p: Math.exp(t.logprob as number) }));
    } catch {
      return undefined;
    }
  }

  async yesNo(state: string, question: string, signal: AbortSignal): Promise<number | undefined> {
    const tops = await this.firstToken(state, yesNoQuestion(question), signal);
    return tops && probabilitiesOf(tops, ['yes', 'no'])?.[0];
  }

  async score(state: string, scale: Scale, signal: AbortSignal): Promise<number | undefined> {
    const { question, digits } = scalePrompt(scale);
    const tops = await this.firstToken(state, question, signal);
    const probabilities = tops && probabilitiesOf(tops, digits);
    return probabilities && probabilities.reduce((sum, p, grade) => sum + p * grade, 0) / (digits.length - 1);
  }

  async choose(state: string, options: readonly string[], signal: AbortSignal): Promise<Choice | undefined> {
    const shown = options.slice(0, MAX_OPTIONS);
    const tops = await this.firstToken(state, choicePrompt(shown), signal);
    const letters = [...LABELS.slice(0, shown.length + 1)];
    const probabilities = tops && probabilitiesOf(tops, letters);
    if (!probabilities) return undefined;
    const best = probabilities.indexOf(Math.max(...probabilities));
    return { index: best === shown.length ? -1 : best, probabilities };
  }
}
