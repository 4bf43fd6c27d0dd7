import { STRUCTURAL_MAX_BYTES } from '../files/source';
import { normalizeRegions } from '../map/normalize';
import { Region } from '../map/types';
import type { Query } from 'web-tree-sitter';
import { LanguageInfo, languageFor } from './languages';
import { outline } from './outline';
import { isWasmFailure, Parse, withParse } from './parser';
import { structuralProse } from './prose';
import { outlineQuery } from './queries';
import { STRUCTURAL_RULES_VERSION } from './rules';
import { LinedRegion, recoverBlocks } from './recover';

/** The producer name of the structural map of `file` under the current rules, or undefined without a grammar. */
export function structuralProducer(file: string, text?: string): string | undefined {
  const language = languageFor(file, text);
  return language ? `tree-sitter:${language.id}@${STRUCTURAL_RULES_VERSION}` : undefined;
}

/**
 * Another outliner for languages tree-sitter has no grammar for: in VS Code, the user's own
 * language extensions. Under the same rules: exact lines of exactly these bytes, or NoGrammarError.
 */
export type FallbackOutliner = (file: string, text: string, lines: number) => Promise<StructuralMap>;

/** Larger files are not parsed: the tree would cost more memory than the map is worth. */

/** How long outlining one file may take (the query, and parsing blocks again after errors); a pathological file gets what was found by then. */
export const QUERY_TIMEOUT_MICROS = 3_000_000;

export interface StructuralMap {
  producer: string;
  prose: string;
  regions: Region[];
}

export class NoGrammarError extends Error {}

/**
 * The embedded default: an exact outline from one tree-sitter parse and one query, never a model
 * call. Throws NoGrammarError for languages it has no grammar (or no working query) for; it
 * never invents regions.
 */
export async function structuralMap(file: string, text: string, lines: number): Promise<StructuralMap> {
  const language = languageFor(file, text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file}'s file type, so it cannot outline it without a model`);
  if (Buffer.byteLength(text) > STRUCTURAL_MAX_BYTES) {
    throw new NoGrammarError(`${file} is over ${STRUCTURAL_MAX_BYTES / 1024 / 1024} MB, too large to outline`);
  }
  return withParse(language, text, file, (parse) => {
    let query;
    try {
      query = outlineQuery(language, parse);
    } catch (error) {
      if (isWasmFailure(error)) throw error;
      throw new NoGrammarError((error as Error).message);
    }
    const regions = outlineRegions(parse, query, language, lines);
    return { producer: `tree-sitter:${language.id}@${STRUCTURAL_RULES_VERSION}`, prose: structuralProse(parse.tree.rootNode, regions), regions };
  });
}

/**
 * The regions of one parse: the outline query's matches, where the parse has errors with each
 * top-level block an error touched parsed again alone (structural/recover), normalized for a
 * file of `lines` lines. One time limit covers the query and every block.
 */
export function outlineRegions({ parser, tree, source }: Parse, query: Query, language: LanguageInfo, lines: number): Region[] {
  const deadline = performance.now() + QUERY_TIMEOUT_MICROS / 1000;
  const remaining = () => Math.floor((deadline - performance.now()) * 1000);
  // A block parsed on its own, within what is left of the one time limit; one still broken is cut once more.
  const outlineBlock = (blockText: string, nested: boolean): LinedRegion[] | undefined => {
    if (remaining() <= 0) return undefined;
    const blockTree = parser.parse(blockText);
    if (!blockTree) return undefined;
    try {
      const found = outline(blockTree.rootNode, blockText, query, language, Math.max(1, remaining()));
      return blockTree.rootNode.hasError && !nested ? recoverBlocks(found, blockTree.rootNode, blockText, true, (inner) => outlineBlock(inner, true)) : found;
    } finally {
      blockTree.delete();
    }
  };
  const found = outline(tree.rootNode, source, query, language, QUERY_TIMEOUT_MICROS);
  return normalizeRegions(tree.rootNode.hasError ? recoverBlocks(found, tree.rootNode, source, false, (block) => outlineBlock(block, false)) : found, lines);
}
