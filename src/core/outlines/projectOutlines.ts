import * as path from 'node:path';
import { isWhole, OutlineStore, StoredOutline } from '../cache/outlineStore';
import { hashBytes } from '../files/scan';
import { compareRegions } from '../map/normalize';
import { innermost } from '../map/tree';
import { Region } from '../map/types';
import type { SlowFiles } from '../mapping/slowFiles';
import { readForMapping, STRUCTURAL_MAX_BYTES } from '../files/readSource';
import { ProjectFile } from '../files/project';
import { LanguageInfo, languageFor, parseableText } from '../structural/languages';
import { outliningOffThread } from '../structural/mapper';
import { structuralRules } from '../structural/rules';
import { SlowParseError } from '../structural/parser';
import { Block, blocks } from '../structural/recover';
import { slowRules } from '../structural/slowTexts';
import { blockOutlines, wholeOutline } from './outlineParse';

/**
 * Tree-sitter outlines as search and the overview use them: read from the outline store when
 * made from the same bytes by the same rules, else made now and stored. Never a model call.
 *
 * To place a few search hits, a large file need not be parsed whole: the top-level blocks that
 * hold the hits (cut where a line at column 0 follows a blank line, as every language Skim parses
 * lays out its top-level declarations) are parsed on their own, and only their outline is
 * stored, marked as covering those lines. A block is trusted only where it stands alone: it
 * parses without an error, each of its statements starts at column 0, it does not start inside
 * a multi-line string, and it places no hit in
 * an import run (a run may go on in the next block) nor, in a language whose containers may hold
 * members at column 0, outside every region. Anything else, and any file small enough, is
 * outlined whole.
 */

/** Bumped when what this module stores changes (how blocks are cut and trusted, which names count as used). */
const OUTLINE_RULES = 1;

/** Files up to this many lines are outlined whole: it costs little and the whole outline is stored for good. */
const WHOLE_UNDER_LINES = 120;

/** Past this share of a file's lines in blocks, the file is outlined whole instead. */
const WHOLE_OVER_SHARE = 0.4;

/** A source file read for outlining: its bytes and hash, and its text and line count (worked out when first asked: a stored outline needs neither). */
export interface OutlineSource {
  file: ProjectFile;
  bytes: Buffer;
  hash: string;
  readonly text: string;
  readonly lines: number;
}

/** Lines as editors number them (as splitLines counts them), counted without splitting. */
export function lineCount(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? count + 1 : count;
}

/** A file read for outlining: no more than tree-sitter outlines (throws for a file it cannot read, a binary or one too large). */
export async function readOutlineSource(file: ProjectFile): Promise<OutlineSource> {
  const bytes = await readForMapping(file.real, STRUCTURAL_MAX_BYTES);
  let text: string | undefined;
  let lines: number | undefined;
  return {
    file,
    bytes,
    hash: hashBytes(bytes),
    get text() {
      return (text ??= bytes.toString('utf8'));
    },
    get lines() {
      return (lines ??= lineCount(bytes));
    },
  };
}

export class Outlines {
  /**
   * `slow`: the markers beside the project's cache (maps/slowFiles), so that bytes any process
   * found too slow are not outlined again; `inWorker`: made in the outline worker (by default where
   * the process makes its structural maps).
   */
  constructor(
    readonly store?: OutlineStore,
    private readonly slow?: SlowFiles,
    readonly inWorker = outliningOffThread(),
  ) {}

  /** The rules a stored outline of a file in `language` must have been made by. */
  static rules(language: LanguageInfo): string {
    return `${structuralRules(language)}/outline@${OUTLINE_RULES}`;
  }

  /** The rules a whole outline of this source is made by; undefined without a grammar for it. */
  static rulesOf(source: OutlineSource): string | undefined {
    const language = Outlines.language(source);
    return language && Outlines.rules(language);
  }

  private static language(source: OutlineSource): LanguageInfo | undefined {
    if (source.bytes.length > STRUCTURAL_MAX_BYTES) return undefined;
    // Only a header's content (C, C++ or Objective-C) or an extensionless script's shebang decides its language; no other file's text need be decoded for it.
    const byContent = /\.h$/i.test(source.file.absolute) || path.extname(source.file.absolute) === '';
    return languageFor(source.file.absolute, byContent ? source.text : undefined);
  }

  private stored(source: OutlineSource, language: LanguageInfo): StoredOutline | undefined {
    return this.store?.get(source.file.key, source.hash, source.bytes.length, Outlines.rules(language));
  }

  /** Regions enough to place each of `lines` (1-based) by its innermost region; null without a grammar. */
  async forLines(source: OutlineSource, lines: readonly number[]): Promise<Region[] | null> {
    const language = Outlines.language(source);
    if (!language) return null;
    const row = this.stored(source, language);
    if (row && isWhole(row)) return row.regions;
    // Covered ranges are whole blocks: a line inside one was placed by its block before.
    if (
      row &&
      lines.every((line) => row.covered.some(([start, end]) => start <= line && line <= end)) &&
      lines.every((line) => this.alone(row.regions, line, language))
    )
      return row.regions;
    const whole = async () => (await this.whole(source, false))?.outline.regions ?? null;
    if (source.lines <= WHOLE_UNDER_LINES || language.outlinedWholeOnly) return whole();

    const parseable = parseableText(language, source.text);
    const all = topLevelBlocks(parseable);
    const blockOf = (line: number) => all[lastAtOrBefore(all, line - 1)];
    // A block's lines (1-based, inclusive), within the file: the last block may count a line after the final newline.
    const range = (b: Block): [number, number] => [b.firstRow + 1, Math.min(b.lastRow + 1, source.lines)];
    const covered = row?.covered ?? [];
    const missing = [...new Set(lines.map(blockOf))].filter((b) => {
      const [first, last] = range(b);
      return !covered.some(([start, end]) => start <= first && last <= end);
    });
    const size = ([start, end]: [number, number]) => end - start + 1;
    const coveredLines = [...covered, ...missing.map(range)].reduce((sum, r) => sum + size(r), 0);
    if (coveredLines > WHOLE_OVER_SHARE * source.lines) return whole();

    let regions = row?.regions ?? [];
    if (missing.length) {
      const found = await blockOutlines(language, source.file.absolute, parseable, source.text, missing, this.inWorker);
      if (!found) return whole();
      regions = [...regions, ...found].sort(compareRegions);
    }
    if (!lines.every((line) => this.alone(regions, line, language))) return whole();
    if (missing.length) {
      this.store?.put({
        path: source.file.key,
        size: source.bytes.length,
        hash: source.hash,
        rules: Outlines.rules(language),
        lines: source.lines,
        covered: [...covered, ...missing.map(range)].sort((a, b) => a[0] - b[0]),
        doc: '',
        regions,
      });
    }
    return regions;
  }

  /** Whether blocks place `line` as the whole outline would: an import run may go on across blocks, over a line between its imports; a container may hold a line its block leaves outside. */
  private alone(regions: readonly Region[], line: number, language: LanguageInfo): boolean {
    const region = innermost(regions, line);
    if (region) return region.kind !== 'imports';
    // A container may hold members at column 0 (the row's containersMaySpan); elsewhere outside every region of its block is outside every region of the file.
    if (language.containersMaySpan) return false;
    const before = regions.filter((r) => r.end < line).at(-1);
    const after = regions.find((r) => r.start > line);
    return before?.kind !== 'imports' && after?.kind !== 'imports';
  }

  /** The stored whole outline of the file (with the names its code uses, when `withNames`), if there is one for these bytes and rules. */
  storedWhole(source: OutlineSource, withNames: boolean): StoredOutline | undefined {
    const language = Outlines.language(source);
    const row = language && this.stored(source, language);
    return row && isWhole(row) && (row.refs || !withNames) ? row : undefined;
  }

  /**
   * The whole file's outline (with the names its code uses, when `withNames`): the stored one when
   * made from these bytes by these rules, else made now (`made`) and stored. Null without a
   * grammar, when the grammar fails on it, or for bytes found too slow to parse (now, or by any
   * process of the project when `slow` holds the markers).
   */
  async whole(source: OutlineSource, withNames: boolean): Promise<{ outline: StoredOutline; made: boolean } | null> {
    const language = Outlines.language(source);
    if (!language) return null;
    const row = this.storedWhole(source, withNames);
    if (row) return { outline: row, made: false };
    const marker = { hash: source.hash, rules: slowRules(language) };
    if (this.slow?.has(marker.hash, marker.rules)) return null;
    try {
      const made = await wholeOutline(language, source.file.absolute, source.text, source.lines, withNames, this.inWorker);
      const outline: StoredOutline = {
        path: source.file.key,
        size: source.bytes.length,
        hash: source.hash,
        rules: Outlines.rules(language),
        lines: source.lines,
        covered: [[1, Math.max(1, source.lines)]],
        ...made,
      };
      this.store?.put(outline);
      return { outline, made: true };
    } catch (error) {
      if (error instanceof SlowParseError) this.slow?.add(marker.hash, marker.rules, error.late);
      return null;
    }
  }
}

/** A line that closes what an earlier line opened (`}`, `end`, `fi`…). */
const CLOSES = /^\s*([)}\]]|(end|fi|done|esac)\b)/;

/** A line of comment (or of preprocessor, or an attribute): a block is judged by its first line after such lines. */
const COMMENT_LIKE = /^\s*(#|\/\/|\/\*|\*|--|\(\*|;)/;

/**
 * Whether a block goes on with the one before rather than starting a declaration: its first line
 * of code closes something, or is indented (after a comment at column 0 inside a body).
 */
function continues(text: string, block: Block): boolean {
  for (let at = block.from; at < block.to;) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? block.to : Math.min(newline, block.to);
    const line = text.slice(at, end);
    if (line.trim() && !COMMENT_LIKE.test(line)) return /^\s/.test(line) || CLOSES.test(line);
    at = end + 1;
  }
  return false;
}

/** The text's top-level blocks, each block that goes on with the one before joined to it. */
function topLevelBlocks(text: string): Block[] {
  const joined: Block[] = [];
  for (const block of blocks(text, false)) {
    const last = joined[joined.length - 1];
    if (last && continues(text, block)) joined[joined.length - 1] = { ...last, lastRow: block.lastRow, to: block.to };
    else joined.push(block);
  }
  return joined;
}

/** The index of the last block starting at or before `row` (0-based). */
function lastAtOrBefore(all: readonly Block[], row: number): number {
  let low = 0;
  let high = all.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (all[mid].firstRow <= row) low = mid;
    else high = mid - 1;
  }
  return low;
}
