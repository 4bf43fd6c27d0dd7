import { renderPrompt } from '@vscode/prompt-tsx';
import * as vscode from 'vscode';
import { SkimContext } from '../../core/context';
import { EarlierTurn } from '../../core/route/followUp';
import { answerProblem } from '../../core/route/modelAnswer';
import { screenAnswer } from '../../core/screen/screenAnswer';
import { AnswerPrompt } from './answerPrompt';
import { Gathered } from './gather';

/** The chat's model answered with nothing a person can read: said in one line, as a refusal is. */
export class UnusableAnswerError extends Error {}

async function readWhole(response: vscode.LanguageModelChatResponse): Promise<string> {
  let text = '';
  for await (const chunk of response.text) text += chunk;
  return text;
}

/** The model's answer read whole, or a CancellationError the moment the request is cancelled, whether the model stops then or never. */
async function readAnswer(response: vscode.LanguageModelChatResponse, token: vscode.CancellationToken): Promise<string> {
  let listener: vscode.Disposable | undefined;
  const cancelled = new Promise<never>((_resolve, reject) => {
    listener = token.onCancellationRequested(() => reject(new vscode.CancellationError()));
  });
  try {
    return await Promise.race([readWhole(response), cancelled]);
  } finally {
    listener?.dispose();
  }
}

/**
 * A locate answered: the regions shown as references the person can click, then the chat's own
 * model (the one the person chose, `request.model`) asked once over them and the conversation's
 * earlier turns, its answer screened as every text Skim shows before it is shown. An answer with
 * nothing readable in it is an UnusableAnswerError; the references stay shown whatever happens.
 */
export async function answerTurn(
  ctx: SkimContext,
  request: vscode.ChatRequest,
  history: readonly EarlierTurn[],
  gathered: Gathered,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<void> {
  for (const region of gathered.regions) stream.reference(region.location);
  stream.progress(`Answering from ${gathered.regions.length} located region${gathered.regions.length === 1 ? '' : 's'} with ${request.model.name}`);
  const { messages } = await renderPrompt(
    AnswerPrompt,
    { question: request.prompt, regions: gathered.text, history },
    { modelMaxPromptTokens: request.model.maxInputTokens },
    request.model,
    undefined,
    token,
  );
  const response = await request.model.sendRequest(messages, { justification: 'Skim answers your question from the code it located for it.' }, token);
  const text = await readAnswer(response, token);
  if (token.isCancellationRequested) throw new vscode.CancellationError();
  const problem = answerProblem(text);
  if (problem)
    throw new UnusableAnswerError(
      `${request.model.name} returned ${problem === 'empty' ? 'no answer' : 'nothing readable'}; the regions Skim located are listed above. Ask again, or pick another model in the chat's model picker.`,
    );
  const screened = await screenAnswer(ctx, text);
  stream.markdown(screened.text);
  if (screened.notice) stream.markdown(`\n\n> ${screened.notice}`);
}
