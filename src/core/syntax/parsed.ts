import type { Language } from 'web-tree-sitter';
import { readSource } from '../files/source';
import { ProjectFile } from '../files/project';
import { LanguageInfo, languageFor } from '../structural/languages';
import { NoGrammarError } from '../structural/mapper';
import { grammarFor, Parse, withParse } from '../structural/parser';

/** One file parsed by the grammar its outline uses, for the tree tools; freed when `use` returns. */
export interface ParsedFile extends Parse {
  language: LanguageInfo;
  grammar: Language;
  lines: string[];
}

export async function withParsedFile<T>(file: ProjectFile, use: (parsed: ParsedFile) => T | Promise<T>): Promise<T> {
  const { text, lines } = await readSource(file);
  const language = languageFor(file.absolute, text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file.key}'s file type`);
  const grammar = await grammarFor(language);
  return withParse(language, text, file.key, (parse) => use({ ...parse, language, grammar, lines }));
}
