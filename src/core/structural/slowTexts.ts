import { sha256Hex } from '../files/sha256';
import { OUTLINE_MS } from './bounds';
import { LanguageInfo } from './languages';
import { STRUCTURAL_RULES_VERSION } from './rules';

/**
 * Texts tree-sitter could not parse within OUTLINE_MS, remembered for as long as the process
 * lives: the same bytes under the same grammar, rules and bound would only run out of time again.
 * Like the tree-sitter runtime itself, this is the process's, not a session's: it is a fact about
 * a grammar and some bytes. Only a text of the same length as one remembered is hashed, so a
 * process where nothing ran out of time pays nothing. (The map service also keeps them on disk
 * beside the project's cache: mapping/slowFiles.)
 */

const byLength = new Map<number, Set<string>>();

/** The rules a text was found slow under: the grammar, the outline rules and the bound. */
export const slowRules = (language: LanguageInfo) => `tree-sitter:${language.id}@${STRUCTURAL_RULES_VERSION}/${OUTLINE_MS}ms`;

const slowKey = (language: LanguageInfo, text: string) => `${slowRules(language)}:${sha256Hex(text)}`;

/** Whether this text ran out of time before, in this process. */
export function knownSlow(language: LanguageInfo, text: string): boolean {
  const keys = byLength.get(text.length);
  return !!keys && keys.has(slowKey(language, text));
}

export function rememberSlow(language: LanguageInfo, text: string): void {
  const keys = byLength.get(text.length) ?? new Set<string>();
  keys.add(slowKey(language, text));
  byLength.set(text.length, keys);
}
