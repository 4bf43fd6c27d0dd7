import { sha256Hex } from '../files/sha256';
import { OUTLINE_MS } from './bounds';
import { LanguageInfo } from './languages';
import { structuralRules } from './rules';

/**
 * Texts tree-sitter ran out of time on, remembered for as long as the process lives. Slow ones
 * (they had OUTLINE_MS of this thread's time, and used it) are a fact about a grammar and some
 * bytes, like the tree-sitter runtime itself the process's, not a session's: never parsed again.
 * Late ones ran out of time on a busy machine: that is a fact about a moment, so they are tried
 * again, after a wait that doubles each time they are late again (lateRetry). Only a text of the
 * same length as one remembered is hashed, so a process where nothing ran out of time pays
 * nothing. (The map service also keeps them on disk beside the project's cache: mapping/slowFiles.)
 */

/** How long a text found late waits before it is tried again: a minute, doubling each time it is late again, at most an hour. */
export const lateRetryMs = (times: number) => Math.min(3_600_000, 60_000 * 2 ** Math.max(0, times - 1));

const byLength = new Map<number, Map<string, { late: number; retryAt: number }>>();

/**
 * The rules a text was found slow under: the grammar, the outline rules and the bound, counted in
 * the parsing thread's CPU time. (A marker an earlier Skim wrote counted the wall's time, so a busy
 * moment made it; it is not one of these, and its bytes are parsed again.)
 */
export const slowRules = (language: LanguageInfo) => `${structuralRules(language)}/${OUTLINE_MS}ms-cpu`;

const slowKey = (language: LanguageInfo, text: string) => `${slowRules(language)}:${sha256Hex(text)}`;

/** Whether this text is not to be parsed now: found `slow` in this process, or `late` and its next try still to come. */
export function slowBefore(language: LanguageInfo, text: string, now = Date.now()): 'slow' | 'late' | undefined {
  const found = byLength.get(text.length)?.get(slowKey(language, text));
  if (!found) return undefined;
  if (found.late === 0) return 'slow';
  return now < found.retryAt ? 'late' : undefined;
}

/** Remembers a text that ran out of time: for good when slow, until its next try when `late`. */
export function rememberSlow(language: LanguageInfo, text: string, late = false, now = Date.now()): void {
  const key = slowKey(language, text);
  const known = byLength.get(text.length) ?? new Map<string, { late: number; retryAt: number }>();
  const before = known.get(key);
  if (before?.late === 0) return;
  const times = late ? (before?.late ?? 0) + 1 : 0;
  known.set(key, { late: times, retryAt: late ? now + lateRetryMs(times) : Infinity });
  byLength.set(text.length, known);
}
