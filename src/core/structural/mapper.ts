import { STRUCTURAL_MAX_BYTES } from '../files/readSource';
import { normalizeRegions } from '../map/normalize';
import { Region } from '../map/types';
import type { Node, Query } from 'web-tree-sitter';
import { LanguageInfo, languageFor } from './languages';
import { outline } from './queryRegions';
import { MapJob, runInWorker, WorkerAnswer } from './outlineWorker';
import { isWasmFailure, Parse, SlowParseError, throwIfSlowBefore, TreeSitterFailure, wholeWithin, withParse } from './parser';
import { fileDescription } from './prose';
import { outlineQuery } from './queries';
import { structuralRules } from './rules';
import { rememberSlow } from './slowTexts';
import { recoverBlocks } from './recover';
import type { StructuralMap } from './structuralMap';

/** The producer name of the structural map of `file` under the current rules, or undefined without a grammar. */
export function structuralProducer(file: string, text?: string): string | undefined {
  const language = languageFor(file, text);
  return language && structuralRules(language);
}

/**
 * Another outliner for languages tree-sitter has no grammar for: in VS Code, the user's own
 * language extensions. Under the same rules: exact lines of exactly these bytes, or NoGrammarError.
 */
export type FallbackOutliner = (file: string, text: string, lines: number) => Promise<StructuralMap>;

export class NoGrammarError extends Error {}

/** Set in a process whose own thread must never parse (the extension host): its structural maps are made in a worker. */
let offThread = false;

/** Makes this process's structural maps in a worker thread (structural/outlineWorker) from now on. */
export function outlineOffThread(): void {
  offThread = true;
}

/**
 * The embedded default: an exact outline from one tree-sitter parse and one query, never a model
 * call, within OUTLINE_MS (else a SlowParseError, and the same bytes are not parsed again, or not till later when it was late), made
 * in a worker where the process asked for it. Throws NoGrammarError for languages it has no
 * grammar (or no working query) for; it never invents regions. `signal` stops it.
 */
export async function structuralMap(file: string, text: string, lines: number, signal?: AbortSignal): Promise<StructuralMap> {
  const language = languageFor(file, text);
  if (!language) throw new NoGrammarError(`Skim has no tree-sitter grammar for ${file}'s file type, so it cannot outline it without a model`);
  if (Buffer.byteLength(text) > STRUCTURAL_MAX_BYTES) {
    throw new NoGrammarError(`${file} is over ${STRUCTURAL_MAX_BYTES / 1024 / 1024} MB, too large to outline`);
  }
  if (!offThread) return outlineHere(language, file, text, lines, signal);
  throwIfSlowBefore(language, text);
  const job: MapJob = { kind: 'map', file, text, lines };
  return fromWorker(await runInWorker<StructuralMap>(job, signal), file, { language, text });
}

/** Whether this process makes its structural maps and outlines in the outline worker (outlineOffThread). */
export function outliningOffThread(): boolean {
  return offThread;
}

/**
 * A worker's answer as the same job done here would have ended: its value, or its failure thrown
 * as the same error. A `whole` text found slow is remembered here too, so it is not sent again.
 */
export function fromWorker<T>(answer: WorkerAnswer<T>, file: string, whole?: { language: LanguageInfo; text: string }): T {
  if ('value' in answer) return answer.value;
  if (answer.failed === 'slow') {
    if (whole) rememberSlow(whole.language, whole.text, answer.late);
    throw new SlowParseError(answer.late);
  }
  if (answer.failed === 'no-grammar') throw new NoGrammarError(answer.message);
  if (answer.failed === 'tree-sitter') throw new TreeSitterFailure(file, answer.message);
  throw new Error(answer.message);
}

/**
 * The structural map made in this thread (in a worker, the worker's own). Its prose is the file's
 * own description, or nothing: its lines list every region and each fold counts what it folds, so
 * a count of the declarations would say again, at a line's tokens, what the lines below say.
 */
export async function outlineHere(language: LanguageInfo, file: string, text: string, lines: number, signal?: AbortSignal): Promise<StructuralMap> {
  try {
    return await outlineParsed(language, file, text, lines, signal);
  } catch (error) {
    // Cut after its parse (the query or the blocks parsed again ran out of time): as slow as a parse that did.
    if (error instanceof SlowParseError) rememberSlow(language, text, error.late);
    throw error;
  }
}

function outlineParsed(language: LanguageInfo, file: string, text: string, lines: number, signal?: AbortSignal): Promise<StructuralMap> {
  return withParse(
    language,
    text,
    file,
    async (parse) => {
      let query;
      try {
        query = outlineQuery(language, parse);
      } catch (error) {
        if (isWasmFailure(error)) throw error;
        throw new NoGrammarError((error as Error).message);
      }
      const regions = await outlineRegions(parse, query, language, lines);
      return { producer: structuralRules(language), prose: fileDescription(parse.tree.rootNode), regions };
    },
    undefined,
    signal,
  );
}

/**
 * The regions of one parse: the outline query's matches, where the parse has errors with each
 * top-level block an error touched parsed again alone (structural/recover), normalized for a
 * file of `lines` lines. The query and every block share the parse's budget, and an outline is
 * whole or none: once the budget is spent (a query stopped at its timeout returns only the
 * matches found by then; a block not parsed again keeps the broken parse's regions) it is a
 * SlowParseError, never regions stored and served as if complete.
 */
export async function outlineRegions({ tree, source, text, budget, parseMore }: Parse, query: Query, language: LanguageInfo, lines: number): Promise<Region[]> {
  const outlineWithin = (root: Node, from: number, to: number): Region[] =>
    wholeWithin(budget, () => outline(root, source.slice(from, to), query, language, budget.remainingMicros(), text.slice(from, to)));
  // The block at offsets `from`-`to` parsed on its own, within what is left of the budget; one still broken is cut once more.
  const outlineBlock = async (from: number, to: number, nested: boolean): Promise<Region[]> => {
    const blockText = source.slice(from, to);
    const blockTree = await parseMore(blockText);
    if (!blockTree) throw new SlowParseError(budget.late);
    try {
      const found = outlineWithin(blockTree.rootNode, from, to);
      return blockTree.rootNode.hasError && !nested
        ? await recoverBlocks(found, blockTree.rootNode, blockText, true, (innerFrom, innerTo) => outlineBlock(from + innerFrom, from + innerTo, true))
        : found;
    } finally {
      blockTree.delete();
    }
  };
  const found = outlineWithin(tree.rootNode, 0, source.length);
  return normalizeRegions(
    tree.rootNode.hasError ? await recoverBlocks(found, tree.rootNode, source, false, (from, to) => outlineBlock(from, to, false)) : found,
    lines,
  );
}
