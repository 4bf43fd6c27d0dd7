import { hashBytes } from '../files/scan';
import { readSource } from '../files/readSource';
import type { SlowFiles } from '../mapping/slowFiles';
import { ProjectFile } from '../files/project';
import { LanguageInfo, languageFor } from '../structural/languages';
import { NoGrammarError } from '../structural/mapper';
import { Parse, SlowParseError, withParse } from '../structural/parser';
import { slowRules } from '../structural/slowTexts';

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

/**
 * Parses the file for `use`. With `slow` (the markers beside the project's cache), bytes any
 * process found too slow to parse are not parsed again, and bytes found so now are marked.
 */
export async function withParsedFile<T>(file: ProjectFile, use: (parsed: ParsedFile) => T | Promise<T>, slow?: SlowFiles): Promise<T> {
  const { bytes, text, lines } = await readSource(file);
  const language = languageOf(file, text);
  const marker = slow && { hash: hashBytes(bytes), rules: slowRules(language) };
  if (marker && slow.has(marker.hash, marker.rules)) throw new SlowParseError();
  try {
    return await withParse(language, text, file.key, (parse) => use({ ...parse, language, lines }));
  } catch (error) {
    if (marker && error instanceof SlowParseError) slow.add(marker.hash, marker.rules);
    throw error;
  }
}
