import type { Node } from 'web-tree-sitter';
import type { StoredOutline } from '../cache/outlineStore';
import { Region } from '../map/types';
import { LanguageInfo } from '../structural/languages';
import { fromWorker, outlineRegions } from '../structural/mapper';
import { runInWorker } from '../structural/outlineWorker';
import { throwIfSlowBefore, withParse } from '../structural/parser';
import { fileDescription } from '../structural/prose';
import { outlineQuery } from '../structural/queries';
import { Block } from '../structural/recover';
import { namesUsed } from './namesUsed';

/**
 * The parses search and the overview make their outlines from (search/outlines decides which):
 * a whole file's, or some of its top-level blocks' each on its own. Made in this thread, or in
 * the outline worker (structural/outlineWorker) for a process whose thread a parse must not hold:
 * there the outline query, which runs in one piece, cannot keep a signal or the editor waiting.
 */

/** What a whole file's parse gives an outline: its regions, its doc comment, and the names its code uses when asked for. */
export type MadeOutline = Pick<StoredOutline, 'regions' | 'doc' | 'refs'>;

/** The outline worker's jobs for search/outlines: a whole file's outline, or its blocks' regions (`text` already parseable). */
export type OutlineParseJob =
  | { kind: 'whole'; file: string; text: string; lines: number; withNames: boolean }
  | { kind: 'blocks'; file: string; text: string; own: string; blocks: Block[] };

/** Delimiters of multi-line strings: a block that starts after an odd number of one of them starts inside a string. */
const STRING_FENCES = ['`', '"""', "'''"];

/** The whole file's outline made in this thread (`file` names it in a failure); a SlowParseError past the parse's time. */
export async function wholeOutlineHere(
  language: LanguageInfo,
  file: string,
  text: string,
  lines: number,
  withNames: boolean,
  signal?: AbortSignal,
): Promise<MadeOutline> {
  return withParse(
    language,
    text,
    file,
    async (parse) => ({
      regions: await outlineRegions(parse, outlineQuery(language, parse), language, lines),
      doc: fileDescription(parse.tree.rootNode),
      refs: withNames ? namesUsed(parse.tree.rootNode, parse.source, parse) : undefined,
    }),
    undefined,
    signal,
  );
}

/** The whole file's outline, made in the outline worker when `inWorker`. */
export async function wholeOutline(
  language: LanguageInfo,
  file: string,
  text: string,
  lines: number,
  withNames: boolean,
  inWorker: boolean,
): Promise<MadeOutline> {
  if (!inWorker) return wholeOutlineHere(language, file, text, lines, withNames);
  throwIfSlowBefore(language, text);
  const job: OutlineParseJob = { kind: 'whole', file, text, lines, withNames };
  return fromWorker(await runInWorker<MadeOutline>(job), file, { language, text });
}

/** Where each fence occurs in `text`, in order. */
function fencePositions(text: string): number[][] {
  return STRING_FENCES.map((fence) => {
    const at: number[] = [];
    for (let i = text.indexOf(fence); i !== -1; i = text.indexOf(fence, i + fence.length)) at.push(i);
    return at;
  });
}

/** Whether every statement of a block parsed alone starts at column 0: an indented one (after a comment at column 0 in a class body) lies inside something. */
function startsAtTopLevel(root: Node): boolean {
  return root.namedChildren.every((child) => !child || child.startPosition.column === 0 || /comment/.test(child.type));
}

/** The regions of each block of `text` (already parseable; `own`, the file's own text) parsed on its own in this thread, lines counted in the file; null when one of them does not stand alone. */
export async function blockOutlinesHere(
  language: LanguageInfo,
  text: string,
  own: string,
  missing: readonly Block[],
  signal?: AbortSignal,
): Promise<Region[] | null> {
  const fences = fencePositions(text);
  // The parse of no text lends its parser and grammar; each block is parsed by that parser on its own.
  return withParse(
    language,
    '',
    'blocks',
    async (parse) => {
      const query = outlineQuery(language, parse);
      const found: Region[] = [];
      for (const block of missing) {
        if (fences.some((at) => at.filter((i) => i < block.from).length % 2 === 1)) return null;
        const blockText = text.slice(block.from, block.to);
        const tree = await parse.parseMore(blockText);
        if (!tree) return null;
        try {
          if (tree.rootNode.hasError || !startsAtTopLevel(tree.rootNode)) return null;
          const lines = block.lastRow - block.firstRow + 1;
          for (const r of await outlineRegions({ ...parse, tree, source: blockText, text: own.slice(block.from, block.to) }, query, language, lines))
            found.push({ ...r, start: r.start + block.firstRow, end: r.end + block.firstRow });
        } finally {
          tree.delete();
        }
      }
      return found;
    },
    undefined,
    signal,
  );
}

/** The blocks' regions, made in the outline worker when `inWorker` (`file` names the file, for its grammar). */
export async function blockOutlines(
  language: LanguageInfo,
  file: string,
  text: string,
  own: string,
  missing: readonly Block[],
  inWorker: boolean,
): Promise<Region[] | null> {
  if (!inWorker) return blockOutlinesHere(language, text, own, missing);
  const job: OutlineParseJob = { kind: 'blocks', file, text, own, blocks: [...missing] };
  return fromWorker(await runInWorker<Region[] | null>(job), file);
}
