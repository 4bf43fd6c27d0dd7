import { LanguageInfo, languageById } from './languages';

/**
 * The versions of the rules that turn a file into a structural map, and whether a stored map was made by today's: a
 * module of its own (no tree-sitter) so that a hook can judge a stored map's freshness without loading a parser.
 */

/**
 * The producer of a structural map of a file in `language` under today's rules: its language's own
 * version (its row's `version` in languages.json), so that raising one language's version remaps
 * that language's maps and leaves every other's cached.
 */
export const structuralRules = (language: LanguageInfo): string => `tree-sitter:${language.id}@${language.version}`;

/** The version of how an editor's own symbol outline becomes a map (`editor-symbols:<language>@N`). */
export const EDITOR_SYMBOLS_VERSION = 1;

/** A structural producer's language and version: `tree-sitter:python@13`. */
const TREE_SITTER = /^tree-sitter:([a-z]+)@(\d+)$/;

/**
 * Whether a stored structural entry was made by today's rules: tree-sitter's for its language
 * (whichever grammar its content chose), at that language's version, or an editor's symbols.
 * A producer of another shape (an older Skim's, or another language's) was not.
 */
export function madeByCurrentRules(producer: string): boolean {
  const tree = TREE_SITTER.exec(producer);
  if (tree) return languageById(tree[1])?.version === Number(tree[2]);
  return producer.startsWith('editor-symbols:') && producer.endsWith(`@${EDITOR_SYMBOLS_VERSION}`);
}
