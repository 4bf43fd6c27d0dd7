import * as vscode from 'vscode';
import { ToolError } from '../../core/tools/result';
import { regionsAnswer, Route, routeRequest } from '../../core/route/judgedRoute';
import { SkimLog } from '../user/log';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { answerTurn, UnusableAnswerError } from './answerTurn';
import { gather, GatheredRegion } from './gather';
import { handOver, handOverReason } from './handOver';
import { earlierTurns } from './history';
import { ContributedTool, metaTurn } from './metaTurn';
import { TOOLS } from '../../core/tools/registry';
import { EarlierTurn, locateWords } from '../../core/route/followUp';
import { screenAnswer } from '../../core/screen/screenAnswer';

export const PARTICIPANT_ID = 'skim.chat';

/** What a turn of `@skim` did, in its result's metadata: the route, the words located, the references shown, the model calls, the hand-over. */
export interface SkimChatMetadata {
  route: Route;
  /** The words skim_locate searched: the request's, or a short follow-up's with the words of the turn before it (absent for a question about Skim). */
  located?: string;
  references: { path: string; start: number; end: number }[];
  modelCalls: number;
  handedOver: boolean;
}

const referencesOf = (regions: readonly GatheredRegion[]) =>
  regions.map((r) => ({ path: r.location.uri.fsPath, start: r.location.range.start.line + 1, end: r.location.range.end.line + 1 }));

/** One request to `@skim`: routed, then located and answered once, answered from Skim's own tables, or handed to agent mode. */
async function turn(
  workspace: WorkspaceMaps,
  tools: readonly ContributedTool[],
  request: vscode.ChatRequest,
  history: readonly EarlierTurn[],
  located: string,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<{ metadata: SkimChatMetadata; handOver?: vscode.Command }> {
  const folder = (vscode.workspace.workspaceFolders ?? []).find((f) => f.uri.scheme === 'file');
  const route = folder
    ? await routeRequest(request.prompt, workspace.context(folder).judge)
    : { intent: 'meta' as const, by: 'rules' as const, why: 'no folder is open' };
  if (route.intent === 'meta') {
    await metaTurn(workspace, tools, request.prompt, folder, stream);
    return { metadata: { route, references: [], modelCalls: 0, handedOver: false } };
  }
  stream.progress('Locating the code the request is about');
  const countTokens = request.model.countTokens.bind(request.model);
  const gathered = await gather(workspace, located, { name: "the chat model's own counter", count: async (text) => countTokens(text, token) }, token);
  if (route.intent === 'locate' && (await regionsAnswer(request.prompt, gathered.text, workspace.context(gathered.folder).judge))) {
    await answerTurn(workspace.context(gathered.folder), request, history, gathered, stream, token);
    return { metadata: { route, located, references: referencesOf(gathered.regions), modelCalls: 1, handedOver: false } };
  }
  const over = handOver(request, gathered.regions);
  for (const region of over.attached) stream.reference(region.location);
  stream.markdown(
    `${handOverReason(route.intent)}, so Skim hands it to agent mode${over.attached.length ? ` with the ${over.attached.length === 1 ? 'region' : `${over.attached.length} regions`} it located attached` : ''}.`,
  );
  stream.button(over.command);
  return { metadata: { route, located, references: referencesOf(over.attached), modelCalls: 0, handedOver: true }, handOver: over.command };
}

/** The one line a failed turn shows: what went wrong and what to do next. */
function failure(error: unknown, model: vscode.LanguageModelChat): string {
  if (error instanceof ToolError || error instanceof UnusableAnswerError) return error.message;
  if (error instanceof vscode.LanguageModelError)
    return `${model.name} could not answer (${error.code || 'error'}): ${error.message}. Pick another model in the chat's model picker, or ask again.`;
  return `Skim could not answer: ${(error as Error).message}. Ask again, or use agent mode.`;
}

/** A model's or a tool's words pass the screen before the chat shows them, as every text Skim shows does. */
async function screened(workspace: WorkspaceMaps, line: string): Promise<string> {
  const folder = (vscode.workspace.workspaceFolders ?? []).find((f) => f.uri.scheme === 'file');
  return folder ? (await screenAnswer(workspace.context(folder), line)).text : line;
}

/**
 * `@skim` in VS Code's chat, where Skim owns the loop. Cancelled, a turn stops at once, whether the
 * model stops or not (VS Code shows the response as stopped, with the references streamed before,
 * and drops anything written after); failed, it says why in one screened line. A hand-over runs once the turn
 * has ended, so that agent mode takes it as a request of its own rather than one queued behind this one.
 */
export function registerChatParticipant(workspace: WorkspaceMaps, extension: vscode.Extension<unknown>, log: SkimLog): vscode.Disposable {
  const tools: readonly ContributedTool[] = TOOLS;
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, async (request, context, stream, token): Promise<vscode.ChatResult> => {
    const history = earlierTurns(context);
    // Kept in a stopped or failed turn's metadata too, so that a follow-up reaches what this one asked about.
    const located = locateWords(request.prompt, history);
    try {
      const { metadata, handOver: next } = await turn(workspace, tools, request, history, located, stream, token);
      if (next)
        setTimeout(() => {
          vscode.commands
            .executeCommand(next.command, ...(next.arguments ?? []))
            .then(undefined, (error: Error) =>
              log.warnOnce('chat-hand-over', `@skim could not hand the request to agent mode: ${error.message}. Use the "Continue in agent mode" button.`),
            );
        }, 0);
      return { metadata };
    } catch (error) {
      if (token.isCancellationRequested || error instanceof vscode.CancellationError) return { metadata: { cancelled: true, located } };
      const message = await screened(workspace, failure(error, request.model));
      log.info(`@skim: ${message}`);
      return { errorDetails: { message }, metadata: { failed: message, located } };
    }
  });
  participant.iconPath = vscode.Uri.joinPath(extension.extensionUri, 'media', 'icon.png');
  return participant;
}
