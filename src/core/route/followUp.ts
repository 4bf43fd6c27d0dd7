import { readQuestion } from '../locate/question';

/** A turn of the chat before this one: what the person asked, and the answer they read. */
export interface EarlierTurn {
  question: string;
  answer: string;
  /** The words that turn located (its question, or its question with an earlier one's words borrowed); absent where it located nothing (a question about Skim). */
  located?: string;
}

/** A follow-up with fewer telling words than this, and no identifier named, is about what the turn before it was. */
export const FOLLOW_UP_TERMS = 3;

/**
 * The words locate searches for a request in a conversation: its own, or, where it is a follow-up
 * too short to say what it is about ("and where is it called?"), its own followed by the words the
 * last turn that located anything located, so that "it" reaches what the earlier question reached.
 */
export function locateWords(question: string, earlier: readonly EarlierTurn[]): string {
  const previous = [...earlier].reverse().find((turn) => turn.located !== undefined);
  if (!previous) return question;
  const read = readQuestion(question);
  if (read.identifiers.size || read.terms.length >= FOLLOW_UP_TERMS) return question;
  return `${question}\n${previous.located}`;
}
