import { statSync } from 'node:fs';
import * as path from 'node:path';
import { lastPart } from '../facts/facts';
import { readRegularFile } from '../files/open';
import { Sha256 } from '../files/sha256';
import { BinaryFileError } from '../files/readSource';
import { fileKindByName } from '../files/kind';
import { Project, ProjectFile } from '../files/project';
import { listFiles } from '../search/files';
import { NamesUsed, StoredOutline } from '../cache/outlineStore';
import { Region } from '../map/types';
import { Outlines, OutlineSource, readOutlineSource } from '../outlines/projectOutlines';
import { SearchProgram } from '../search/program';
import { scopeOf, SearchRequestError } from '../search/searchHits';
import { groupOf, LanguageInfo, languageFor } from '../structural/languages';
import { builtinMember } from './builtins';
import { rankFiles } from './rank';
import { cleanText } from '../map/controls';
import { sentenceEnd, withoutEntities, withoutMarkup } from '../map/markup';
import { clipAtWord } from '../map/normalize';

/**
 * The ladder's first rung: the files under a folder, each with its most referred-to declarations,
 * ranked by how much the rest of the code names them (overview/rank), from tree-sitter outlines
 * stored by content hash (a fresh cached map lends its prose when the file is shown:
 * overview/renderOverview): never a model call. Bounded in time (said when reached, with what was
 * covered), in files and in what one file may add.
 */

export const OVERVIEW_TIMEOUT_MS = 10_000;
/** The most files ranked: past it, the shallowest are. */
export const MAX_RANKED_FILES = 20_000;
/** The most paths listed at all. */
const MAX_LISTED = 200_000;
/** Larger files are listed but not outlined: one generated table must not take the time of hundreds of files. */
export const OUTLINE_MAX_BYTES = 1024 * 1024;
/** The shares of the time cap by which outlines are made, stored ones read, and the ranking settled; the rest fits the answer. */
const OUTLINING_SHARE = 0.75;
const READING_SHARE = 0.85;
const RANKING_SHARE = 0.93;
/**
 * The most declarations of one file that take part (its first, in line order): a generated file
 * of 20,000 functions must not cost the time and memory of a hundred files.
 */
export const MAX_DECLARATIONS_PER_FILE = 2_000;
/** The most declarations, and names used, one overview keeps in all: past either, the files left (the deepest) are not ranked. */
export const MAX_DECLARATIONS = 300_000;
export const MAX_NAMES_USED = 2_000_000;
const PROSE_CHARS = 120;
/** Files read and looked up at once. */
const CONCURRENT_FILES = 16;
const README = /^readme(\.(md|markdown|rst|txt|adoc|org))?$/i;

export class OverviewRequestError extends Error {}

/** A path that names a file, not a folder: the host says how to look at one file. */
export class OverviewFileError extends OverviewRequestError {
  constructor(readonly file: string) {
    super(`${file} is a file, not a folder`);
  }
}

export interface OverviewRequest {
  /** A folder to survey, relative to the project root or absolute inside it; default the whole project. */
  path?: string;
  timeoutMs?: number;
  maxFiles?: number;
  /** The most declarations kept in all (MAX_DECLARATIONS). */
  maxDeclarations?: number;
  /**
   * Whether an answer is kept for this survey: given, every file is read and hashed first, and the
   * hash of all of them with `answerParts` (the budget, the format) is the key asked about; when
   * one is kept, nothing is ranked (no files come back) and the caller serves it.
   */
  kept?: (key: string) => Promise<boolean>;
  answerParts?: string;
  signal?: AbortSignal;
  /**
   * How much each file has changed (history/changes: recent changes most, the most changed 1),
   * where the project's history is read: the second signal, beside how much the code depends on
   * a file, so that what both changes and is depended on leads.
   */
  changes?: ReadonlyMap<string, number>;
}

export interface OverviewDeclaration {
  name: string;
  kind: string;
  start: number;
  end: number;
  /** How many times the other files' code names it. */
  references: number;
  /** How many other declarations of the ranked files have its name (click's twelve `to_info_dict`): shown once, they are counted here. */
  more?: number;
}

export interface OverviewFile {
  path: string;
  lines: number;
  /** The first sentence of a fresh map's prose, else of the file's leading doc comment; null without either. */
  prose: string | null;
  /** Its rank against the top file's (1 for the top). */
  rank: number;
  declarations: OverviewDeclaration[];
}

/**
 * A ranked file with every declaration, most referred-to first, and the rank flowing to each:
 * what a token budget chooses from; with the hash and size its map's prose is looked up by.
 */
export interface RankedFile extends OverviewFile {
  scores: number[];
  hash: string;
  size: number;
}

export interface RankedOverview {
  root: string;
  /** The folder surveyed, relative to the root ('.' for all of it). */
  scope: string;
  /** The first line of the folder's README. */
  description: string | null;
  /** Every ranked file, the most referred-to first. */
  files: RankedFile[];
  /** Files listed under the folder (what .gitignore and the skipped folders leave). */
  listed: number;
  /** Files the read guard declines (prose, binary, generated, extensionless), and source files tree-sitter cannot outline: counted, not ranked. */
  declined: number;
  unoutlinable: number;
  /** Source files not ranked: past the files cap, not reached in time, too large or unreadable, or binary (a `.ts` of bytes). */
  overCap: number;
  notReached: number;
  tooLarge: number;
  binary: number;
  /** Outlines made now, and read from the store. */
  outlinedNow: number;
  fromStore: number;
  /** Source files not ranked because the files before them held the most declarations or names one overview keeps. */
  pastTotals: number;
  /** The most declarations kept in all (MAX_DECLARATIONS unless the request said). */
  maxDeclarations: number;
  /** Files with more declarations than take part (MAX_DECLARATIONS_PER_FILE, or what the total left), and how many were left out. */
  declarationsCut: { files: number; declarations: number };
  /** Whether the ranking settled before the time cap; when not, the ranks are those of its last round. */
  settled: boolean;
  /** The time cap, when it was reached before every file was outlined or the ranking settled. */
  stoppedAfterMs?: number;
  /** What the answer is made from, hashed (when the request asked whether one is kept), and whether one is: then `files` is empty. */
  key?: string;
  kept: boolean;
  /** When the time cap ends (performance.now()): fitting the answer stops refining then. */
  until: number;
  /** The listing was cut at MAX_LISTED paths, or by its deadline. */
  listingCut: boolean;
}

/**
 * The first sentence of a text, on one line, clipped between words (a word cut in two may be a
 * credential the screen no longer knows); none where the text holds a private key's marker, since
 * a key's first line is no description and its body would be clipped past recognition.
 */
export function firstSentence(text: string): string | null {
  const flat = cleanText(text).replace(/\s+/g, ' ').trim();
  if (!flat || /PRIVATE KEY/.test(flat)) return null;
  const end = sentenceEnd(flat);
  const sentence = end === -1 ? flat : flat.slice(0, end);
  return clipAtWord(sentence, PROSE_CHARS);
}

/** Headings of a README's sections that say what the section holds, not what the project is (@types' `# Installation`). */
const SECTION_HEADING =
  /^(about|api|contents|description|documentation|examples?|features|getting started|install(ation)?|introduction|overview|prerequisites|quick ?start|requirements|setup|summary|table of contents|usage)$/i;

/**
 * A README line as plain words: HTML tags, images and badges, links (their text kept), emphasis
 * and code marks gone, a heading's or quote's or list's marks too.
 */
const readmeWords = (line: string) =>
  withoutEntities(withoutMarkup(line.replace(/<[^>]*>/g, '')))
    .replace(/(^|[^\w`])(`+)(?=\S)(.*?\S)\2(?![\w`])/g, '$1$3')
    .replace(/^\s*(>+\s*)?(#+|=+|-+|\*+|\.\.)?\s*/, '')
    .trim();

const hasWords = (line: string) => /[\p{L}\p{N}]{2}/u.test(line);

/**
 * A README's first paragraph that says something, its first sentence: markup, badges, rules,
 * multi-line HTML tags (react-query's `<source` … `/>`), tables, link definitions, code (fenced,
 * indented, a quoted `npm install`) and the headings of sections passed over; a paragraph's lines joined
 * (underscore's sentence runs on to its second line), a heading its own paragraph.
 */
async function readmeLine(file: string): Promise<string | null> {
  const { bytes } = await readRegularFile(file, 1024 * 1024).catch(() => ({ bytes: undefined }));
  const paragraph: string[] = [];
  let inTag = false;
  let fenced = false;
  let table = false;
  for (const raw of bytes
    ?.subarray(0, 64 * 1024)
    .toString('utf8')
    .split('\n') ?? []) {
    if (inTag) {
      inTag = !raw.includes('>');
      continue;
    }
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    if (/<table\b/i.test(raw)) table = true;
    if (/<\/table>/i.test(raw)) table = false;
    // Code (fenced, or indented where no paragraph runs on) and a table's cells (ignore's badge table) are no description.
    if (fenced || table || /^\s*(```|~~~)|<\/table>/i.test(raw) || (!paragraph.length && /^( {4}|\t)/.test(raw))) continue;
    const unclosed = /<[a-z][^>]*$/i.exec(raw.replace(/<[^>]*>/g, ''));
    inTag = unclosed !== null;
    const source = unclosed ? raw.slice(0, raw.length - unclosed[0].length) : raw;
    const line = /^\s*\[[^\]]+\]:\s/.test(source) || /^\s*(>\s*)?`[^`]*`\s*$/.test(source) ? '' : readmeWords(source);
    const heading = /^\s*#/.test(source);
    if (paragraph.length && (!hasWords(line) || heading)) break;
    if (!hasWords(line) || /^(title|layout):/i.test(line) || (heading && SECTION_HEADING.test(line))) continue;
    paragraph.push(line);
    if (heading) break;
  }
  return paragraph.length ? firstSentence(paragraph.join(' ')) : null;
}

/** Kinds of a property and its accessors (Python's `@property` and `@x.setter`, JavaScript's `Object.defineProperty`). */
const ACCESSOR_KINDS = new Set(['property', 'setter', 'deleter']);

/**
 * Which uses of its name refer to a declaration: a method's are member uses (`x.len`, not the
 * builtin `len(` nor a variable `len`), a function's are calls (`parse(`, `pkg.Parse(`), and
 * anything else's (types, classes, constants) every use. An object literal's plain name (`obj`,
 * `options`) is any variable's too, so only a telling one (`Config`, `defaultOptions`) is counted.
 */
function useKey(kind: string, qualified: string, name: string, language: LanguageInfo | undefined): 'member' | 'call' | 'use' | undefined {
  // A property and its accessors are read as members (`x.path`), as a method is called.
  if (kind === 'method' || ACCESSOR_KINDS.has(kind) || (kind === 'function' && /\.|::|#/.test(qualified))) return 'member';
  // Where calls need no parentheses (the row's parenlessCalls: `foo bar`), a function is named by any use of its name.
  if ((kind === 'function' || kind === 'macro') && !language?.parenlessCalls) return 'call';
  if (kind === 'object' && !/^[A-Z]/.test(name) && !(name.length >= 8 && /[a-z][A-Z]|_/.test(name))) return undefined;
  return 'use';
}

/** The name code uses for a declaration (`ServeHTTP` for `Server.ServeHTTP`), or '' for one it cannot name. */
function nameInCode(name: string): string {
  const part = lastPart(name)
    .replace(/\(.*\)$/, '')
    .replace(/<.*>$/, '');
  return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(part) ? part : '';
}

/**
 * A file as the survey keeps it: its outline's declarations (at most MAX_DECLARATIONS_PER_FILE,
 * imports left out) and the names its code uses, not the whole outline, so that a tree of huge
 * generated files holds no more than the caps allow.
 */
interface Surveyed {
  file: ProjectFile;
  hash: string;
  size: number;
  lines: number;
  doc: string;
  regions: Region[];
  refs: NamesUsed;
  /** What its imports name and bind, where its language names modules so (its row's moduleNamed). */
  imports?: { named: Set<string>; bound: Set<string> };
}

/** A file's bytes read for outlining, or why it has none: binary whatever its name says, or too large or unreadable. */
async function readSource(file: ProjectFile): Promise<OutlineSource | 'binary' | 'too large'> {
  try {
    const source = await readOutlineSource(file);
    return source.bytes.length > OUTLINE_MAX_BYTES ? 'too large' : source;
  } catch (error) {
    return error instanceof BinaryFileError ? 'binary' : 'too large';
  }
}

/** One file's whole outline with the names its code uses: stored, or made now while it is before `until`; or why it has none. */
async function outlineOf(
  source: OutlineSource,
  outlines: Outlines,
  until: number,
): Promise<{ outline: StoredOutline; made: boolean } | 'not reached' | 'no outline'> {
  const stored = outlines.storedWhole(source, true);
  if (stored) return { outline: stored, made: false };
  if (performance.now() > until) return 'not reached';
  return (await outlines.whole(source, true)) ?? 'no outline';
}

/**
 * Tests use what they test, and say little of what the rest of the code relies on: a test file's
 * uses weigh a tenth of its size (Go's runtime otherwise ranks export_test.go second).
 */
const TEST_FILE = /(^|\/)(tests?|testdata|__tests__|spec)\/|_test\.|\.test\.|\.spec\.|(^|\/)test_[^/]*$/;
const TEST_WEIGHT = 0.1;

/** How much a member use of a builtin type's method name (overview/builtins) weighs for a method in the tree of that name. */
const BUILTIN_MEMBER_WEIGHT = 0.1;
/**
 * How much a member use weighs for a name only properties declare: `x.name` reads any object's
 * attribute of that name (click's every `param.name`, `ctx.info_name`), which no outline lists, so
 * the name is one declared in many places (rank's nameWeight) whatever the outline shows.
 */
const ATTRIBUTE_WEIGHT = 0.1;

/** Kinds whose bodies are code: a declaration inside one is local to it. */
const CODE_KINDS = new Set(['function', 'method', 'macro', 'constructor']);
const DESCRIPTOR_ACCESSORS = new Set(['get', 'set']);

/**
 * The declarations no other file can name, inside a function's body under a bare name: a helper
 * function local to it, and a property descriptor's accessor (express's `Object.defineProperty(this,
 * 'router', { get: … })`), which code reads as the property, never calls as `x.get(`. An object's
 * other methods there can leave it in what the function returns, and one assigned to a member
 * (`this.read = function`) is named as a member: both still count.
 */
function localDeclarations(regions: readonly Region[]): Set<number> {
  const local = new Set<number>();
  // Outermost first; the bodies still open at a declaration's start are the ones around it.
  const order = regions.map((_, k) => k).sort((a, b) => regions[a].start - regions[b].start || regions[b].end - regions[a].end);
  const open: Region[] = [];
  for (const k of order) {
    const r = regions[k];
    while (open.length && (open[open.length - 1].end < r.start || open[open.length - 1].end < r.end)) open.pop();
    const bare = !/\.|::|#/.test(r.name) && (r.kind !== 'method' || DESCRIPTOR_ACCESSORS.has(r.name));
    if (bare && open.some((b) => b.start < r.start || r.end < b.end)) local.add(k);
    if (CODE_KINDS.has(r.kind)) open.push(r);
  }
  return local;
}

/**
 * What a Python file's imports say, read from its text (its names used are capped, and a module
 * named once can fall past the cap): the modules it names (each part of `import os.path` and `from
 * .models import …`, and what `from . import json` takes), and the names `import re`, `import
 * os.path` and `import numpy as np` bind to modules (re, os, np).
 */
function pythonImports(text: string): { named: Set<string>; bound: Set<string> } {
  const named = new Set<string>();
  const bound = new Set<string>();
  for (const [, list] of text.matchAll(/^[ \t]*import[ \t]+([\w., \t]+)/gm))
    for (const item of list.split(',')) {
      const parts = item.trim().split(/\s+as\s+/);
      for (const part of parts[0].split('.')) if (part) named.add(part);
      const name = parts[1] ?? parts[0].split('.')[0];
      if (name) bound.add(name);
    }
  for (const [, from, list] of text.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w, \t]*)/gm)) {
    for (const part of from.split('.')) if (part) named.add(part);
    if (/^\.+$/.test(from)) for (const item of list.split(',')) named.add(item.trim().split(/\s+/)[0]);
  }
  return { named, bound };
}

/** The names another file's code reaches a module of this path by: its folders and its own name (`flask/json/tag.py`: flask, json, tag). */
function moduleNames(key: string): string[] {
  return key
    .replace(/\.[^./]+$/, '')
    .split('/')
    .filter((part) => part && part !== '__init__');
}

/**
 * The surveyed files ranked (overview/rank), with their declarations most named first. A name is
 * a key of its language group, the uses that count for it (useKey) and itself: a Go file's
 * `uint32` is not a C header's typedef, and a method `len` is not the builtin. Only names some
 * file declares are kept, so a large tree costs its declarations, not every identifier it uses.
 */
/** How much a file that changes most gains on its rank (and its declarations on theirs): one that never changed keeps its own. */
const CHANGE_SHARE = 0.5;

function rankSurveyed(surveyed: readonly Surveyed[], until: number, changes?: ReadonlyMap<string, number>): { files: RankedFile[]; settled: boolean } {
  // A test file's declarations are named only by test files (no library code calls into its tests): they are kept apart.
  const groups = surveyed.map(({ file }) => {
    // Files of one group (the rows' `group`: a header and its C or C++, JavaScript and TypeScript) name each other's declarations; any other only its own.
    const language = languageFor(file.absolute);
    const base = language && groupOf(language);
    const group = base?.id ?? '';
    const test = TEST_FILE.test(file.key);
    return { language, base, group: test ? `${group} tests` : group, sees: test ? [group, `${group} tests`] : [group], test };
  });
  // Per language group, per name, the id of each way of using it that some declaration counts.
  const declared = new Map<string, Map<string, Partial<Record<'use' | 'call' | 'member', number>>>>();
  const nameList: string[] = [];
  // A member use of a name the language's own types have (`x.split(`) most likely calls the builtin: it credits a method of that name a tenth.
  const factors: number[] = [];
  // Per name and way of use, whether only properties and their accessors declare it (ATTRIBUTE_WEIGHT).
  const onlyAccessors: boolean[] = [];
  // Per name reached only through its module's name (the row's moduleNamed), the names of the modules that declare it: `typing.py`'s `class re` is not the `re` of `import re`.
  const modulesOf = new Map<number, Set<string>>();
  const declarations = surveyed.map(({ file, regions }, i) => {
    const { language, base, group } = groups[i];
    let names = declared.get(group);
    if (!names) declared.set(group, (names = new Map()));
    const local = localDeclarations(regions);
    return regions.map(({ name, kind, start, end }, k) => {
      const inCode = local.has(k) ? '' : nameInCode(name);
      const use = inCode ? useKey(kind, name, inCode, language) : undefined;
      if (!use) return { name, kind, start, end, id: -1 };
      let ways = names.get(inCode);
      if (!ways) names.set(inCode, (ways = {}));
      if (ways[use] === undefined) {
        ways[use] = nameList.push(inCode) - 1;
        factors.push(use !== 'use' && builtinMember(base, inCode) ? BUILTIN_MEMBER_WEIGHT : 1);
        onlyAccessors.push(true);
      }
      if (!ACCESSOR_KINDS.has(kind)) onlyAccessors[ways[use]] = false;
      if (use !== 'member' && language?.moduleNamed) {
        let modules = modulesOf.get(ways[use]);
        if (!modules) modulesOf.set(ways[use], (modules = new Set()));
        for (const module of moduleNames(file.key)) modules.add(module);
      }
      return { name, kind, start, end, id: ways[use] };
    });
  });
  const entries = surveyed.map(({ refs: used, lines }, i) => {
    const uses: number[] = [];
    const imports = surveyed[i].imports;
    const reachable = (way: number, name: string) => {
      const modules = imports && modulesOf.get(way);
      return !modules || (!imports.bound.has(name) && [...modules].some((module) => imports.named.has(module)));
    };
    for (const space of groups[i].sees) {
      const names = declared.get(space);
      used.names.forEach((name, k) => {
        const ways = names?.get(name);
        if (!ways) return;
        const [all, calls, members] = [used.counts[3 * k], used.counts[3 * k + 1], used.counts[3 * k + 2]];
        if (ways.use !== undefined && reachable(ways.use, name)) uses.push(ways.use, all);
        if (ways.call !== undefined && calls && reachable(ways.call, name)) uses.push(ways.call, calls);
        if (ways.member !== undefined && members) uses.push(ways.member, members);
      });
    }
    return {
      weight: lines * (groups[i].test ? TEST_WEIGHT : 1),
      declares: Int32Array.from(declarations[i], (d) => d.id),
      uses: Uint32Array.from(uses),
    };
  });
  const ranked = rankFiles(entries, (id) => nameList[id], { until, factor: (id) => factors[id] * (onlyAccessors[id] ? ATTRIBUTE_WEIGHT : 1) });
  const lift = surveyed.map(({ file }) => 1 + CHANGE_SHARE * (changes?.get(file.key) ?? 0));
  const top = ranked.rank.reduce((a, b, i) => Math.max(a, b * lift[i]), 0);
  const files = surveyed
    .map(({ file, lines, doc, hash, size }, i) => {
      const order = declarations[i]
        .map((_, k) => k)
        .sort((a, b) => ranked.score[i][b] - ranked.score[i][a] || ranked.references[i][b] - ranked.references[i][a] || a - b);
      return {
        path: file.key,
        lines,
        prose: firstSentence(doc),
        rank: top > 0 ? Math.round(((ranked.rank[i] * lift[i]) / top) * 1000) / 1000 : 0,
        declarations: order.map((k) => {
          const { name, kind, start, end } = declarations[i][k];
          return { name, kind, start, end, references: ranked.references[i][k] };
        }),
        scores: order.map((k) => ranked.score[i][k] * lift[i]),
        hash,
        size,
      };
    })
    .sort((a, b) => b.rank - a.rank || (a.path < b.path ? -1 : 1));
  return { files, settled: ranked.settled };
}

/** Bumped when what an overview answers for the same files changes (how it ranks, fits or says what it left out). */
const ANSWER_RULES = 3;

/**
 * The hash of what an answer is made from: `parts`, and each chosen file's path with its content
 * hash and outline rules (or why it has none), read before `until`; undefined past it.
 */
async function contentKey(chosen: readonly string[], fileOf: (key: string) => ProjectFile, parts: string, until: number): Promise<string | undefined> {
  const hash = new Sha256().update(parts);
  for (let i = 0; i < chosen.length; i += CONCURRENT_FILES) {
    if (performance.now() > until) return undefined;
    const batch = await Promise.all(chosen.slice(i, i + CONCURRENT_FILES).map((key) => readSource(fileOf(key))));
    batch.forEach((source, k) =>
      hash.update(typeof source === 'string' ? `${chosen[i + k]}\0${source}\0` : `${chosen[i + k]}\0${source.hash}\0${Outlines.rulesOf(source) ?? ''}\0`),
    );
  }
  return hash.digest();
}

/** The folder's files as listed: what the survey may rank (the shallowest first, up to the cap) and what is only counted. */
interface Listing {
  description: string | null;
  listed: number;
  declined: number;
  unoutlinable: number;
  overCap: number;
  chosen: string[];
  /** The listing was cut at MAX_LISTED paths, or by its deadline. */
  cut: boolean;
  timedOut: boolean;
}

async function listCandidates(project: Project, program: SearchProgram, scope: string, request: OverviewRequest, timeoutMs: number): Promise<Listing> {
  const listed = await listFiles(program, project.root, scope, { max: MAX_LISTED, timeoutMs, signal: request.signal });
  if (listed.error) throw new OverviewRequestError(`listing the files failed: ${listed.error}`);
  let description: string | null = null;
  let declined = 0;
  let unoutlinable = 0;
  const candidates: string[] = [];
  for (const file of listed.files) {
    const kind = fileKindByName(file);
    if (kind !== 'source') {
      declined++;
      // Prose is declined, but the folder's own README may say in a line what the folder is.
      if (description === null && path.posix.dirname(file) === scope && README.test(path.posix.basename(file)))
        description = await readmeLine(project.file(file).real);
      continue;
    }
    if (!languageFor(file)) unoutlinable++;
    else candidates.push(file);
  }
  // The shallowest first: a capped overview still covers the top of the tree.
  const depth = new Map(candidates.map((file) => [file, file.split('/').length]));
  candidates.sort((a, b) => (depth.get(a) as number) - (depth.get(b) as number) || (a < b ? -1 : 1));
  const maxFiles = request.maxFiles ?? MAX_RANKED_FILES;
  return {
    description,
    listed: listed.total,
    declined,
    unoutlinable,
    overCap: Math.max(0, candidates.length - maxFiles),
    chosen: candidates.slice(0, maxFiles),
    cut: listed.truncated || listed.timedOut,
    timedOut: listed.timedOut,
  };
}

/** What a survey of the chosen files counted besides the files it kept. */
type SurveyCounts = Pick<RankedOverview, 'notReached' | 'tooLarge' | 'binary' | 'outlinedNow' | 'fromStore' | 'pastTotals' | 'declarationsCut'>;

const nothingSurveyed = (): SurveyCounts => ({
  notReached: 0,
  tooLarge: 0,
  binary: 0,
  outlinedNow: 0,
  fromStore: 0,
  pastTotals: 0,
  declarationsCut: { files: 0, declarations: 0 },
});

interface SurveyLimits {
  /** New outlines are made until then, stored ones read until `readUntil` (performance.now()). */
  outlineUntil: number;
  readUntil: number;
  maxDeclarations: number;
  signal?: AbortSignal;
}

/**
 * The chosen files' declarations and names used, from their outlines, within the limits; `timedOut`
 * when a file was not reached in time. Files are read and looked up a few at a time, so that one's
 * wait for the disk is another's turn; outlining itself is serial, each file's only while there is
 * time for it.
 */
async function surveyFiles(
  chosen: readonly string[],
  fileOf: (key: string) => ProjectFile,
  outlines: Outlines,
  limits: SurveyLimits,
): Promise<{ surveyed: Surveyed[]; counts: SurveyCounts; timedOut: boolean }> {
  const surveyed: Surveyed[] = [];
  const counts = nothingSurveyed();
  const cut = counts.declarationsCut;
  const totals = { declarations: 0, names: 0 };
  let timedOut = false;
  const survey = async () => {
    for (let i = 0; i < chosen.length; i += CONCURRENT_FILES) {
      limits.signal?.throwIfAborted();
      if (performance.now() > limits.readUntil) {
        counts.notReached += chosen.length - i;
        timedOut = true;
        break;
      }
      const batch = await Promise.all(chosen.slice(i, i + CONCURRENT_FILES).map((key) => readSource(fileOf(key))));
      for (const [k, source] of batch.entries()) {
        if (totals.declarations >= limits.maxDeclarations || totals.names >= MAX_NAMES_USED) {
          counts.pastTotals += chosen.length - i - k;
          return;
        }
        // A turn of the event loop before each file: a signal's handler (the process ending) runs between files, not after the run.
        await new Promise(setImmediate);
        limits.signal?.throwIfAborted();
        const one = typeof source === 'string' ? source : await outlineOf(source, outlines, limits.outlineUntil);
        if (one === 'not reached') {
          counts.notReached++;
          timedOut = true;
        } else if (one === 'too large') counts.tooLarge++;
        else if (one === 'binary') counts.binary++;
        else if (one !== 'no outline' && typeof source !== 'string') {
          if (one.made) counts.outlinedNow++;
          else counts.fromStore++;
          const all = one.outline.regions.filter((r) => r.kind !== 'imports');
          const regions = all.slice(0, Math.min(MAX_DECLARATIONS_PER_FILE, limits.maxDeclarations - totals.declarations));
          if (regions.length < all.length) {
            cut.files++;
            cut.declarations += all.length - regions.length;
          }
          const refs = one.outline.refs ?? { names: [], counts: [] };
          totals.declarations += regions.length;
          totals.names += refs.names.length;
          const { lines, doc } = one.outline;
          const imports = languageFor(source.file.absolute)?.moduleNamed ? pythonImports(source.text) : undefined;
          surveyed.push({ file: source.file, hash: source.hash, size: source.bytes.length, lines, doc, regions, refs, imports });
        }
      }
    }
  };
  await (outlines.store ? outlines.store.whileAll(survey) : survey());
  return { surveyed, counts, timedOut };
}

interface Ranked {
  counts: SurveyCounts;
  files: RankedFile[];
  settled: boolean;
  /** A file was not reached, or the ranking did not settle, before its share of the time cap. */
  timedOut: boolean;
}

const nothingRanked = (): Ranked => ({ counts: nothingSurveyed(), files: [], settled: true, timedOut: false });

/** The chosen files surveyed and ranked, each by its share of the time cap (OUTLINING_SHARE, READING_SHARE, RANKING_SHARE). */
async function surveyAndRank(
  chosen: readonly string[],
  fileOf: (key: string) => ProjectFile,
  sources: { outlines: Outlines | (() => Promise<Outlines>) },
  request: OverviewRequest,
  time: { started: number; timeoutMs: number; maxDeclarations: number },
): Promise<Ranked> {
  const { started, timeoutMs, maxDeclarations } = time;
  const outlines = typeof sources.outlines === 'function' ? await sources.outlines() : sources.outlines;
  const { surveyed, counts, timedOut } = await surveyFiles(chosen, fileOf, outlines, {
    outlineUntil: started + timeoutMs * OUTLINING_SHARE,
    readUntil: started + timeoutMs * READING_SHARE,
    maxDeclarations,
    signal: request.signal,
  });
  request.signal?.throwIfAborted();
  const { files, settled } = rankSurveyed(surveyed, started + timeoutMs * RANKING_SHARE, request.changes);
  return { counts, files, settled, timedOut: timedOut || !settled };
}

/** The folder a request names, relative to the root ('.' for all of it); refused when outside the project or a file. */
function scopeOfRequest(project: Project, request: OverviewRequest): string {
  let scope: string;
  try {
    scope = scopeOf(project, request.path, 'look');
  } catch (error) {
    throw error instanceof SearchRequestError ? new OverviewRequestError(error.message) : error;
  }
  if (scope !== '.' && !statSync(project.file(scope).real).isDirectory()) throw new OverviewFileError(scope);
  return scope;
}

/**
 * The overview of a folder: listed, then (unless the request's kept answer stands) surveyed and
 * ranked, each step by its share of the time cap; the rest of the time fits the answer.
 */
export async function rankOverview(
  project: Project,
  program: SearchProgram,
  request: OverviewRequest,
  /** The outlines, or how to open them: opened only when files are to be ranked, not for an answer kept. */
  sources: { outlines: Outlines | (() => Promise<Outlines>) },
): Promise<RankedOverview> {
  const started = performance.now();
  const timeoutMs = request.timeoutMs ?? OVERVIEW_TIMEOUT_MS;
  const scope = scopeOfRequest(project, request);
  const listing = await listCandidates(project, program, scope, request, timeoutMs);
  // ripgrep lists no link, nor anything under one, so a path it lists lies at the same place below the real root; git may list
  // links (and paths through them), which project.file resolves.
  const fileOf = (key: string): ProjectFile =>
    program.kind === 'rg' ? { absolute: path.join(project.root, key), real: path.join(project.realRoot, key), key, inside: true } : project.file(key);
  const facts = {
    root: project.root,
    scope,
    description: listing.description,
    listed: listing.listed,
    declined: listing.declined,
    unoutlinable: listing.unoutlinable,
    overCap: listing.overCap,
    maxDeclarations: request.maxDeclarations ?? MAX_DECLARATIONS,
  };
  const parts = () => JSON.stringify({ rules: ANSWER_RULES, ...facts, parts: request.answerParts });
  const key = request.kept && !listing.cut ? await contentKey(listing.chosen, fileOf, parts(), started + timeoutMs * READING_SHARE) : undefined;
  const kept = key !== undefined && (await request.kept?.(key)) === true;

  const ranked = kept
    ? nothingRanked()
    : await surveyAndRank(listing.chosen, fileOf, sources, request, { started, timeoutMs, maxDeclarations: facts.maxDeclarations });
  return {
    ...facts,
    ...ranked.counts,
    files: ranked.files,
    settled: ranked.settled,
    stoppedAfterMs: listing.timedOut || ranked.timedOut ? timeoutMs : undefined,
    key,
    kept,
    until: started + timeoutMs,
    listingCut: listing.cut,
  };
}
