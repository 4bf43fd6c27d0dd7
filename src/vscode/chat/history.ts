import * as vscode from 'vscode';
import { EarlierTurn } from '../../core/route/followUp';

/** What a turn of `@skim` keeps in its result's metadata for the turns after it. */
interface KeptMetadata {
  located?: unknown;
}

/** The markdown a response showed, as the person read it (references and buttons are not text). */
const shownText = (turn: vscode.ChatResponseTurn) =>
  turn.response
    .filter((part): part is vscode.ChatResponseMarkdownPart => part instanceof vscode.ChatResponseMarkdownPart)
    .map((part) => part.value.value)
    .join('');

/**
 * The conversation's earlier turns with `@skim` (VS Code gives a participant only its own), each
 * request paired with the response after it; a request with no response yet (the one cancelled
 * before it answered) keeps an empty answer.
 */
export function earlierTurns(context: vscode.ChatContext): EarlierTurn[] {
  const turns: EarlierTurn[] = [];
  for (const entry of context.history) {
    if (entry instanceof vscode.ChatRequestTurn) turns.push({ question: entry.prompt, answer: '' });
    else if (entry instanceof vscode.ChatResponseTurn && turns.length) {
      const last = turns[turns.length - 1];
      last.answer = shownText(entry);
      const located = (entry.result.metadata as KeptMetadata | undefined)?.located;
      if (typeof located === 'string') last.located = located;
    }
  }
  return turns;
}
