import { readSource } from '../files/source';
import { ProjectFile } from '../files/project';
import { LanguageInfo, languageFor } from '../structural/languages';
import { NoGrammarError } from '../structural/mapper';
import { Parse, withParse } from '../structural/parser';

/** One file parsed by the grammar its outline uses, for the tree tools; freed when `use` returns. */
export interface ParsedFile extends Parse {
  language: LanguageInfo;
  lines: string[];
}

/** The grammar of a file, or NoGrammarError saying there is none. */
export function languageOf(file: ProjectFile, text: string): LanguageInfo {
  const language = languageFor(file.absolute, text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file.key}'s file type`);
  return language;
}

export async function withParsedFile<T>(file: ProjectFile, use: (parsed: ParsedFile) => T | Promise<T>): Promise<T> {
  const { text, lines } = await readSource(file);
  const language = languageOf(file, text);
  return withParse(language, text, file.key, (parse) => use({ ...parse, language, lines }));
}
