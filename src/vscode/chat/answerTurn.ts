import { renderPrompt } from '@vscode/prompt-tsx';
import * as vscode from 'vscode';
import { SkimContext } from '../../core/context';
import { screenAnswer } from '../../core/screen/answer';
import { AnswerPrompt } from './answerPrompt';
import { Gathered } from './gather';

/**
 * A locate answered: the regions shown as references the person can click, then the chat's own
 * model (the one the person chose, `request.model`) asked once over them, its answer screened
 * as every text Skim shows before it is shown.
 */
export async function answerTurn(
  ctx: SkimContext,
  request: vscode.ChatRequest,
  gathered: Gathered,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<void> {
  for (const region of gathered.regions) stream.reference(region.location);
  stream.progress(`Answering from ${gathered.regions.length} located region${gathered.regions.length === 1 ? '' : 's'} with ${request.model.name}`);
  const { messages } = await renderPrompt(
    AnswerPrompt,
    { question: request.prompt, regions: gathered.text },
    { modelMaxPromptTokens: request.model.maxInputTokens },
    request.model,
    undefined,
    token,
  );
  const response = await request.model.sendRequest(messages, { justification: 'Skim answers your question from the code it located for it.' }, token);
  let text = '';
  for await (const chunk of response.text) text += chunk;
  if (token.isCancellationRequested) throw new vscode.CancellationError();
  const screened = await screenAnswer(ctx, text);
  stream.markdown(screened.text);
  if (screened.notice) stream.markdown(`\n\n> ${screened.notice}`);
}
