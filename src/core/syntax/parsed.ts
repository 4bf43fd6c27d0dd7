import { hashBytes } from '../files/scan';
import { readSource, splitLines } from '../files/readSource';
import type { SlowFiles } from '../mapping/slowFiles';
import { ProjectFile } from '../files/project';
import { LanguageInfo, languageFor } from '../structural/languages';
import { fromWorker, NoGrammarError, outliningOffThread } from '../structural/mapper';
import { runInWorker } from '../structural/outlineWorker';
import type { QueryResult } from './captures';
import type { NodeAtResult } from './chain';
import { Parse, SlowParseError, throwIfSlowBefore, withParse } from '../structural/parser';
import { slowRules } from '../structural/slowTexts';

/** One file parsed by the grammar its outline uses, for the tree tools; freed when `use` returns. */
export interface ParsedFile extends Parse {
  language: LanguageInfo;
  lines: string[];
}

/** The grammar of a file, or NoGrammarError saying there is none. */
export function languageOf(file: Pick<ProjectFile, 'absolute' | 'key'>, text: string): LanguageInfo {
  const language = languageFor(file.absolute, text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file.key}'s file type`);
  return language;
}

/** The outline worker's jobs for the tree tools: skim_node_at's chain, or a named query of skim_query_tree. */
export type TreeToolJob =
  | { kind: 'nodeAt'; absolute: string; key: string; text: string; line: number; column?: number }
  | { kind: 'named'; absolute: string; key: string; text: string; query: string; max: number };

/** What each tree tool's job answers. */
interface TreeToolValues {
  nodeAt: NodeAtResult;
  named: QueryResult;
}

/** A file's text as its caller read it, parsed in this thread for `use`; `signal` stops the parse. */
export async function withParsedText<T>(
  file: Pick<ProjectFile, 'absolute' | 'key'>,
  text: string,
  use: (parsed: ParsedFile) => T | Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const language = languageOf(file, text);
  const lines = splitLines(text);
  return withParse(language, text, file.key, (parse) => use({ ...parse, language, lines }), undefined, signal);
}

/** A tree tool's work on one file: done here by `use`, or as `job` in the outline worker, whose refusal is thrown as a `refusal`. */
export interface TreeWork<K extends TreeToolJob['kind'], T> {
  use: (parsed: ParsedFile) => T | Promise<T>;
  job: (text: string) => Extract<TreeToolJob, { kind: K }>;
  refusal: new (message: string) => Error;
}

/**
 * Parses the file for a tree tool, in the outline worker where the process makes its outlines
 * there (the extension host, whose thread a parse must not hold). With `slow` (the markers beside
 * the project's cache), bytes any process found too slow to parse are not parsed again, and bytes
 * found so now are marked.
 */
export async function withParsedFile<K extends TreeToolJob['kind'], T extends TreeToolValues[K]>(
  file: ProjectFile,
  work: TreeWork<K, T>,
  slow?: SlowFiles,
): Promise<T> {
  const { bytes, text } = await readSource(file);
  const language = languageOf(file, text);
  const marker = slow && { hash: hashBytes(bytes), rules: slowRules(language) };
  const marked = marker && slow.has(marker.hash, marker.rules);
  if (marked) throw marked;
  try {
    if (!outliningOffThread()) return await withParsedText(file, text, work.use);
    throwIfSlowBefore(language, text);
    const answer = await runInWorker<T>(work.job(text));
    if ('failed' in answer && answer.failed === 'refused') throw new work.refusal(answer.message);
    return fromWorker(answer, file.key, { language, text });
  } catch (error) {
    if (marker && error instanceof SlowParseError) slow.add(marker.hash, marker.rules, error.late);
    throw error;
  }
}
