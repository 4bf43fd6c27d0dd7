/**
 * The versions of the rules that turn a file into a structural map, and whether a stored map was made by today's: a
 * module of its own (no tree-sitter) so that a hook can judge a stored map's freshness without loading a parser.
 */

/**
 * Bumped whenever the outline rules change, so that maps made by older rules count as stale:
 * it is part of every structural producer's name.
 */
export const STRUCTURAL_RULES_VERSION = 12;

/** The version of how an editor's own symbol outline becomes a map (`editor-symbols:<language>@N`). */
export const EDITOR_SYMBOLS_VERSION = 1;

/** Whether a stored structural entry was made by today's rules: tree-sitter's (whichever grammar its content chose) or an editor's symbols. */
export function madeByCurrentRules(producer: string): boolean {
  return (
    (producer.startsWith('tree-sitter:') && producer.endsWith(`@${STRUCTURAL_RULES_VERSION}`)) ||
    (producer.startsWith('editor-symbols:') && producer.endsWith(`@${EDITOR_SYMBOLS_VERSION}`))
  );
}
