import * as vscode from 'vscode';
import { choicePrompt, Choice, Judge, judgeMessages, LABELS, MAX_OPTIONS, Scale, scalePrompt, yesNoQuestion } from '../../core/judge/judge';

/**
 * A judge on a vscode.lm model. It gives no token probabilities, so its answers are 0 or 1,
 * marked uncalibrated, and the decisions ask it to be surer (decide.ts).
 */
export class LmJudge implements Judge {
  readonly name: string;
  readonly calibrated = false;

  constructor(private readonly chat: vscode.LanguageModelChat) {
    this.name = `vscode.lm:${chat.vendor}/${chat.id}`;
  }

  private async answer(state: string, question: string, signal: AbortSignal): Promise<string | undefined> {
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal.addEventListener('abort', onAbort);
    try {
      // vscode.lm has no system role: the judge's role goes first in the one user message.
      const message = vscode.LanguageModelChatMessage.User(
        judgeMessages(state, question)
          .map((m) => m.content)
          .join('\n\n'),
      );
      const response = await this.chat.sendRequest(
        [message],
        { justification: 'Skim asks a short closed question about text it returns to an agent.' },
        cancel.token,
      );
      let text = '';
      for await (const part of response.text) text += part;
      return text.trim();
    } catch {
      return undefined;
    } finally {
      signal.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  }

  async yesNo(state: string, question: string, signal: AbortSignal): Promise<number | undefined> {
    const text = (await this.answer(state, yesNoQuestion(question), signal))?.toLowerCase();
    if (!text) return undefined;
    if (/^yes\b/.test(text)) return 1;
    if (/^no\b/.test(text)) return 0;
    return undefined;
  }

  async score(state: string, scale: Scale, signal: AbortSignal): Promise<number | undefined> {
    const { question, digits } = scalePrompt(scale);
    const grade = digits.indexOf((await this.answer(state, question, signal))?.charAt(0) ?? '');
    return grade === -1 ? undefined : grade / (digits.length - 1);
  }

  async choose(state: string, options: readonly string[], signal: AbortSignal): Promise<Choice | undefined> {
    const shown = options.slice(0, MAX_OPTIONS);
    const letter = (await this.answer(state, choicePrompt(shown), signal))?.charAt(0).toUpperCase();
    const index = letter ? LABELS.indexOf(letter) : -1;
    if (index < 0 || index > shown.length) return undefined;
    const probabilities = Array.from({ length: shown.length + 1 }, (_, i) => (i === index ? 1 : 0));
    return { index: index === shown.length ? -1 : index, probabilities };
  }
}
