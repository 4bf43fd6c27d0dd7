/**
 * The one client for OpenAI-compatible chat-completions endpoints (OpenAI, Ollama, vLLM,
 * llama.cpp, LM Studio, …), shared by the summary model and the judge. Every failure is a
 * ChatCompletionError whose message says what happened at which endpoint, so that a 401, a
 * wrong URL or a model without the feature asked for is said, never swallowed.
 */
export interface Endpoint {
  /** Base URL of the API, e.g. http://localhost:11434/v1 */
  url: string;
  key?: string;
}

export class ChatCompletionError extends Error {
  constructor(
    message: string,
    /** The HTTP status, where the endpoint answered with one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One choice of a chat-completions answer, as much of it as Skim reads. */
export interface Completion {
  content?: unknown;
  /** The first token's alternatives, when `logprobs` was asked for. */
  topLogprobs?: { token?: unknown; logprob?: unknown }[];
}

const endpointOf = (url: string) => `${url.replace(/\/+$/, '')}/chat/completions`;

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * Posts one request (`body` holds the model, the messages and any options) and returns the first
 * choice. `timeoutMs` bounds the whole exchange; `signal` cancels it.
 */
export async function chatCompletion(endpoint: Endpoint, body: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<Completion> {
  const url = endpointOf(endpoint.url);
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}) },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ChatCompletionError(`${url} did not answer within ${timeoutMs} ms`);
    if (signal?.aborted) throw new ChatCompletionError(`the request to ${url} was cancelled`);
    throw new ChatCompletionError(`could not reach ${url}: ${describe(error)}`);
  }
  const text = await response.text().catch((error: unknown) => {
    throw new ChatCompletionError(`${url} broke off its answer: ${describe(error)}`);
  });
  if (!response.ok) throw new ChatCompletionError(`${url} answered HTTP ${response.status}: ${text.slice(0, 200).trim()}`, response.status);
  let envelope: { choices?: { message?: { content?: unknown }; logprobs?: { content?: { top_logprobs?: unknown }[] } }[] };
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new ChatCompletionError(`${url} did not answer in the chat-completions format`);
  }
  const choice = envelope?.choices?.[0];
  if (!choice || typeof choice !== 'object') throw new ChatCompletionError(`${url} answered with no choice`);
  const tops = choice.logprobs?.content?.[0]?.top_logprobs;
  return { content: choice.message?.content, topLogprobs: Array.isArray(tops) ? tops : undefined };
}
