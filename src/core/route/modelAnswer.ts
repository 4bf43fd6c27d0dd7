/**
 * What is wrong with a chat model's answer that cannot be shown as one: nothing in it, or nothing
 * a person can read (control characters, replacement characters, invisible marks). Undefined
 * where it reads as an answer.
 */
export type AnswerProblem = 'empty' | 'unreadable';

/** Letters, digits, punctuation and symbols a person reads; U+FFFD, a decoder's replacement, is none of them. */
const READABLE = /[\p{L}\p{N}\p{P}\p{S}]/gu;
const REPLACEMENT = /\uFFFD/g;

export function answerProblem(text: string): AnswerProblem | undefined {
  const visible = text.replace(/[\s\p{Cf}]/gu, '');
  if (!visible) return 'empty';
  const readable = (visible.replace(REPLACEMENT, '').match(READABLE) ?? []).length;
  // Mostly unreadable: a stream decoded wrongly or a model emitting noise, not an answer.
  return readable * 2 < [...visible].length ? 'unreadable' : undefined;
}
