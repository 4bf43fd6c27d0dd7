import { renderPrompt } from '@vscode/prompt-tsx';
import * as vscode from 'vscode';
import { ChatMessage, Model, ModelUnavailableError } from '../../core/model/model';
import { SummaryPrompt } from './summaryPrompt';

/** Cheap, capable families tried in order when the user names none. */
const PREFERRED_FAMILIES = ['gpt-4o-mini', 'gpt-5-mini', 'gpt-4.1', 'claude-haiku-4.5', 'gemini-2.0-flash'];

export interface ModelChoice {
  vendor: string;
  family: string;
  id: string;
}

/** The model the settings name, or the cheapest preferred one of the vendor; undefined when there is none. */
export async function selectModel(choice: ModelChoice): Promise<vscode.LanguageModelChat | undefined> {
  const selector: vscode.LanguageModelChatSelector = {};
  if (choice.vendor) selector.vendor = choice.vendor;
  if (choice.family) selector.family = choice.family;
  if (choice.id) selector.id = choice.id;
  const models = await vscode.lm.selectChatModels(selector);
  if (choice.family || choice.id) return models[0];
  for (const family of PREFERRED_FAMILIES) {
    const match = models.find((m) => m.family === family);
    if (match) return match;
  }
  return models[0];
}

/** A summarizer backend on vscode.lm: the prompt composed with prompt-tsx and sized by the model's own tokenizer. */
export class LmModel implements Model {
  readonly producer: string;
  readonly maxInputTokens: number;
  /** Prompt tokens sent so far, for the log. */
  tokensSent = 0;

  constructor(
    private readonly chat: vscode.LanguageModelChat,
    private readonly timeoutMs: number,
    private readonly token?: vscode.CancellationToken,
  ) {
    this.producer = `vscode.lm:${chat.vendor}/${chat.id}`;
    this.maxInputTokens = chat.maxInputTokens;
  }

  countTokens(text: string): Promise<number> {
    return Promise.resolve(this.chat.countTokens(text, this.token));
  }

  async complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal?.addEventListener('abort', onAbort);
    const parent = this.token?.onCancellationRequested(onAbort);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      cancel.cancel();
    }, this.timeoutMs);
    try {
      const rendered = await renderPrompt(SummaryPrompt, { messages }, { modelMaxPromptTokens: this.maxInputTokens }, this.chat, undefined, cancel.token);
      this.tokensSent += rendered.tokenCount;
      const response = await this.chat.sendRequest(
        rendered.messages,
        { justification: 'Skim maps a file you asked it to read so that your agent can read only the lines it needs.' },
        cancel.token,
      );
      let text = '';
      for await (const chunk of response.text) {
        if (cancel.token.isCancellationRequested) break;
        text += chunk;
      }
      if (cancel.token.isCancellationRequested) throw new vscode.CancellationError();
      return text;
    } catch (error) {
      if (timedOut) throw new ModelUnavailableError(`${this.producer} did not answer within ${this.timeoutMs / 1000} s`);
      if (cancel.token.isCancellationRequested) throw new ModelUnavailableError('the summary was cancelled');
      if (error instanceof vscode.LanguageModelError)
        throw new ModelUnavailableError(`${this.producer} refused the request (${error.code || 'error'}): ${error.message}`);
      throw new ModelUnavailableError(`${this.producer} failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      parent?.dispose();
      cancel.dispose();
    }
  }
}
