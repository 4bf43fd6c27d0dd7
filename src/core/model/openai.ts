import { chatCompletion, ChatCompletionError } from './chatCompletions';
import { ChatMessage, Model, ModelUnavailableError } from './model';

export interface OpenAiSettings {
  /** Base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1 */
  url: string;
  model: string;
  key?: string;
  timeoutMs: number;
}

/** The producer name of a chat-completions model's answers (before the prompt's version is added). */
export const openAiProducer = (model: string) => `openai:${model}`;

/** A chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, …). */
export class OpenAiModel implements Model {
  readonly producer: string;

  constructor(private readonly settings: OpenAiSettings) {
    this.producer = openAiProducer(settings.model);
  }

  async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
    try {
      const answer = await chatCompletion(
        this.settings,
        { model: this.settings.model, messages, temperature: 0, stream: false },
        this.settings.timeoutMs,
        signal,
      );
      return typeof answer.content === 'string' ? answer.content : '';
    } catch (error) {
      if (error instanceof ChatCompletionError) throw new ModelUnavailableError(`the model: ${error.message}`);
      throw error;
    }
  }
}
