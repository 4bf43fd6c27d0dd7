import { normalizeRegions } from '../map/normalize';
import { Region } from '../map/types';
import { languageFor } from './languages';
import { outline } from './outline';
import { parserFor } from './parser';
import { structuralProse } from './prose';
import { RULES } from './rules';

/**
 * Bumped whenever the outline rules change, so that maps made by older rules count as stale:
 * it is part of every structural producer's name.
 */
export const STRUCTURAL_RULES_VERSION = 2;

/** The producer name of the structural map of `file` under the current rules, or undefined without a grammar. */
export function structuralProducer(file: string): string | undefined {
  const language = languageFor(file);
  return language ? `tree-sitter:${language.id}@${STRUCTURAL_RULES_VERSION}` : undefined;
}

/** Larger files are not parsed: the tree would cost more memory than the map is worth. */
export const STRUCTURAL_MAX_BYTES = 8 * 1024 * 1024;

export interface StructuralMap {
  producer: string;
  prose: string;
  regions: Region[];
}

export class NoGrammarError extends Error {}

/**
 * The embedded default: an exact outline from one tree-sitter parse, never a model call.
 * Throws NoGrammarError for languages it has no grammar for; it never invents regions.
 */
export async function structuralMap(file: string, text: string, lines: number): Promise<StructuralMap> {
  const language = languageFor(file);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file}'s file type, so it cannot outline it without a model`);
  if (Buffer.byteLength(text) > STRUCTURAL_MAX_BYTES) {
    throw new NoGrammarError(`${file} is over ${STRUCTURAL_MAX_BYTES / 1024 / 1024} MB, too large to outline`);
  }
  const parser = await parserFor(language);
  const tree = parser.parse(text);
  parser.delete();
  if (!tree) throw new Error(`tree-sitter could not parse ${file}`);
  try {
    const regions = normalizeRegions(outline(tree.rootNode, RULES[language.id]), lines);
    return { producer: structuralProducer(file) as string, prose: structuralProse(tree.rootNode, regions, language.id), regions };
  } finally {
    tree.delete();
  }
}
