import type { Language, Tree } from 'web-tree-sitter';
import { readForMapping, splitLines } from '../maps';
import { ProjectFile } from '../project';
import { LanguageInfo, languageFor, parseableText } from '../structural/languages';
import { NoGrammarError, STRUCTURAL_MAX_BYTES } from '../structural/mapper';
import { grammarFor, parserFor } from '../structural/parser';

/** One file parsed by the grammar its outline uses, for the tree tools; freed when `use` returns. */
export interface ParsedFile {
  language: LanguageInfo;
  grammar: Language;
  tree: Tree;
  /** The parsed text (C-family lone macros blanked in place: every offset is the file's). */
  source: string;
  lines: string[];
}

export async function withParsedFile<T>(file: ProjectFile, use: (parsed: ParsedFile) => T | Promise<T>): Promise<T> {
  const text = (await readForMapping(file.real, STRUCTURAL_MAX_BYTES)).toString('utf8');
  const language = languageFor(file.absolute, text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file.key}'s file type`);
  const grammar = await grammarFor(language);
  const parser = await parserFor(language);
  const source = parseableText(language, text);
  const tree = parser.parse(source);
  parser.delete();
  if (!tree) throw new Error(`tree-sitter could not parse ${file.key}`);
  try {
    return await use({ language, grammar, tree, source, lines: splitLines(text) });
  } finally {
    tree.delete();
  }
}
