import { ChatMessage, Model, ModelUnavailableError } from './model';

export interface OpenAiSettings {
  /** Base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1 */
  url: string;
  model: string;
  key?: string;
  timeoutMs: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** Reads SKIM_MODEL_URL, SKIM_MODEL_NAME, SKIM_MODEL_KEY and SKIM_MODEL_TIMEOUT_MS; undefined when no URL is set. */
export function openAiSettingsFromEnv(env: NodeJS.ProcessEnv): OpenAiSettings | undefined {
  const url = env.SKIM_MODEL_URL?.trim();
  if (!url) return undefined;
  const model = env.SKIM_MODEL_NAME?.trim();
  if (!model) throw new ModelUnavailableError('SKIM_MODEL_URL is set but SKIM_MODEL_NAME is not: name the model to ask, e.g. SKIM_MODEL_NAME=gpt-4o-mini');
  const timeout = Number(env.SKIM_MODEL_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS);
  return { url, model, key: env.SKIM_MODEL_KEY || undefined, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS };
}

/** A chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, …). */
export class OpenAiModel implements Model {
  readonly producer: string;

  constructor(private readonly settings: OpenAiSettings) {
    this.producer = `openai:${settings.model}`;
  }

  async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
    const endpoint = `${this.settings.url.replace(/\/+$/, '')}/chat/completions`;
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.settings.key ? { authorization: `Bearer ${this.settings.key}` } : {}),
        },
        body: JSON.stringify({ model: this.settings.model, messages, temperature: 0, stream: false }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (timeout.aborted) throw new ModelUnavailableError(`the model at ${endpoint} did not answer within ${this.settings.timeoutMs} ms`);
      if (signal?.aborted) throw new ModelUnavailableError('the request to the model was cancelled');
      throw new ModelUnavailableError(`could not reach the model at ${endpoint}: ${describe(error)}`);
    }
    const body = await response.text().catch((error: unknown) => {
      throw new ModelUnavailableError(`the model at ${endpoint} broke off its answer: ${describe(error)}`);
    });
    if (!response.ok) {
      throw new ModelUnavailableError(`the model at ${endpoint} answered HTTP ${response.status}: ${body.slice(0, 200).trim()}`);
    }
    let envelope: { choices?: { message?: { content?: unknown } }[] };
    try {
      envelope = JSON.parse(body);
    } catch {
      throw new ModelUnavailableError(`the model at ${endpoint} did not answer in the chat-completions format`);
    }
    const content = envelope.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : '';
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
