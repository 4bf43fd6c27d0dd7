/** One message of a plain chat completion. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The small interface every summarizer backend implements: send messages, get text.
 * The summarizer never gives a model tools or a next step to choose.
 */
export interface Model {
  /** Recorded with every entry it produces, e.g. "openai:gpt-4o-mini" or "vscode.lm:copilot/gpt-4o". */
  readonly producer: string;
  /** The most input tokens the backend accepts, where it knows. */
  readonly maxInputTokens?: number;
  complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string>;
  /** The backend's own token count for a text, where it has one. */
  countTokens?(text: string): Promise<number>;
}

/** The model could not be asked at all: unreachable, refused, timed out, or not configured right. */
export class ModelUnavailableError extends Error {}
