import { statSync } from 'node:fs';
import * as path from 'node:path';
import { Region } from '../map/types';
import { Project } from '../files/project';
import { SearchProgram } from './program';
import { innermost } from '../map/tree';
import { RegionLookup } from './regions';
import { RawHit, REGEX_SYNTAX, runSearch } from './run';

/**
 * The ladder's first rung: where a pattern occurs in the project, each hit placed in the region
 * of the file's map that holds it, so that the next step is a read of exactly that region.
 */

export interface SearchRequest {
  pattern: string;
  /** A file or folder to search in, relative to the project root or absolute inside it. */
  path?: string;
  glob?: string;
  literal?: boolean;
  max?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SearchHit extends RawHit {
  /** The innermost region of the file's map holding the line; null outside every region or for a file without a map. */
  region: Region | null;
}

export interface SearchResult {
  pattern: string;
  /** Whether the pattern was searched as literal text (asked for, or after a regex found nothing). */
  literal: boolean;
  /** The regex found nothing (or did not compile), so it was searched again as literal text. */
  retriedAsLiteral: boolean;
  /** Why the regex did not compile, when it did not. */
  regexError?: string;
  /** The folder or file searched, relative to the root ('.' for all of it). */
  scope: string;
  hits: SearchHit[];
  total: number;
  totalIsLowerBound: boolean;
  /** Matches counted past the hits whose lines may hold a credential (search/run): the screen decides whether they count. */
  suspect: RawHit[];
  /** More matches than hits shown. */
  capped: boolean;
  timedOut: boolean;
  timeoutMs: number;
  program: SearchProgram['kind'];
  /** The hits shown are the judge's choice, in its order (see search/rerankHits). */
  judged?: boolean;
  /** The hits found that the judge did not choose, in the program's order: their places only. */
  setAside?: { path: string; line: number }[];
  /** How many hits a search may find and never be re-ranked. */
  rerankedOver?: number;
}

export const DEFAULT_MAX_HITS = 50;
/** The most hits one search shows (skim_search's `max` is declared at most this). */
export const MAX_HITS = 500;
/** Hits found past the max shown, to take the place of hits the screen leaves out (tools/search). */
export const WITHHELD_ROOM = 20;
export const SEARCH_TIMEOUT_MS = 10_000;

/** A request Skim cannot run: said to the model or the user as it is. */
export class SearchRequestError extends Error {}

export { REGEX_SYNTAX };

/**
 * The scope to work in, relative to the root: the root itself, or a path whose real location lies
 * inside the project, a regular file or a folder. Throws SearchRequestError saying what is wrong (`verb` says what to do inside it).
 */
export function scopeOf(project: Project, input: string | undefined, verb = 'search'): string {
  if (!input || input === '.' || path.resolve(project.root, input) === project.root) return '.';
  const file = project.file(input);
  if (!file.inside) throw new SearchRequestError(`${input} is outside the project (${project.root}); ${verb} inside it`);
  let stat;
  try {
    stat = statSync(file.real);
  } catch {
    throw new SearchRequestError(`${input} does not exist in ${project.root}`);
  }
  // A FIFO, device or socket would hold the program until its deadline: refused at once, on every host.
  if (!stat.isFile() && !stat.isDirectory()) throw new SearchRequestError(`${input} is not a regular file or folder; ${verb} a file or folder`);
  return file.key;
}

export async function search(project: Project, program: SearchProgram, regionsOf: RegionLookup, request: SearchRequest): Promise<SearchResult> {
  const pattern = request.pattern;
  if (!pattern || !pattern.trim()) throw new SearchRequestError('the pattern is empty; give the text or regex to search for');
  if (pattern.includes('\n')) throw new SearchRequestError('the pattern spans lines; search for one line of it');
  const scope = scopeOf(project, request.path);
  const max = Math.max(1, Math.min(request.max ?? DEFAULT_MAX_HITS, MAX_HITS + WITHHELD_ROOM));
  const timeoutMs = request.timeoutMs ?? SEARCH_TIMEOUT_MS;
  const base = { pattern, paths: [scope], glob: request.glob || undefined, max, timeoutMs, signal: request.signal };

  // Files are placed as the program reports them (in path order): a file's hits are all in once the next file's first one comes.
  const placing = new Map<string, Promise<Region[] | null>>();
  const pending = new Map<string, number[]>();
  let current: string | undefined;
  const place = () => {
    if (current !== undefined) placing.set(current, regionsOf(project.file(current), pending.get(current) ?? []));
  };
  const onHit = (hit: RawHit) => {
    if (hit.path !== current) place();
    current = hit.path;
    pending.set(hit.path, [...(pending.get(hit.path) ?? []), hit.line]);
  };

  let literal = !!request.literal;
  let run = await runSearch(program, project.root, { ...base, literal, onHit });
  let retriedAsLiteral = false;
  let regexError: string | undefined;
  if (!literal && !run.timedOut && run.total === 0 && REGEX_SYNTAX.test(pattern)) {
    regexError = run.error;
    literal = true;
    retriedAsLiteral = true;
    run = await runSearch(program, project.root, { ...base, literal, onHit });
  }
  place();
  if (run.error && run.total === 0) throw new SearchRequestError(`the search failed: ${run.error}`);

  const byFile = new Map<string, Region[] | null>();
  for (const [file, regions] of placing) byFile.set(file, await regions);
  const hits = run.hits.map((hit) => {
    const regions = byFile.get(hit.path);
    return { ...hit, region: regions ? innermost(regions, hit.line) : null };
  });
  return {
    pattern,
    literal,
    retriedAsLiteral,
    regexError,
    scope,
    hits,
    total: run.total,
    totalIsLowerBound: run.totalIsLowerBound,
    suspect: run.suspect,
    capped: run.total > hits.length,
    timedOut: run.timedOut,
    timeoutMs,
    program: program.kind,
  };
}
