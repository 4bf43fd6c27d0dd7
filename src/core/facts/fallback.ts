import { fileKindByName } from '../files/kind';
import { Project, ProjectFile } from '../files/project';
import { languageFor } from '../structural/languages';
import { MAX_SHOWN } from '../syntax/bounds';
import { queryTree } from '../syntax/queryTree';
import { SearchProgram } from '../search/program';
import { RegionLookup } from '../search/regions';
import { search, SearchHit } from '../search/searchHits';
import { FactOp, lastPart } from './facts';

/**
 * What stands in for a language server: declarations of that name in the outlines of the files
 * that mention it (definition, implementations, type), or its occurrences as a word (references;
 * callers: where it is called in code), each placed in its region. Text, not resolution: said so.
 */
const MAX = 50;

/** How many text matches a search for callers may find for each caller shown: most of a name's mentions in prose and comments are set aside. */
const CALLER_ROOM = 4;

/**
 * The hits that are calls in code: none in prose (README.md, a doc folder's .rst), nor, in a file
 * with a grammar, on a line no call of `name` spans (a comment, a docstring's `>>> s.send(r)`, a
 * string). A file Skim cannot parse keeps its text matches, as the answer says it is text.
 */
async function inCode(project: Project, hits: readonly SearchHit[], name: string): Promise<SearchHit[]> {
  const calls = new Map<string, Promise<((line: number) => boolean) | undefined>>();
  const callsIn = (key: string) => {
    let known = calls.get(key);
    if (!known) {
      known = callLines(project.file(key), name);
      calls.set(key, known);
    }
    return known;
  };
  const kept: SearchHit[] = [];
  for (const hit of hits) {
    if (fileKindByName(hit.path) !== 'source') continue;
    const isCall = await callsIn(hit.path);
    if (!isCall || isCall(hit.line)) kept.push(hit);
  }
  return kept;
}

/** Whether a line is spanned by a call of `name` in the file's syntax tree; undefined where the file cannot be parsed. */
async function callLines(file: ProjectFile, name: string): Promise<((line: number) => boolean) | undefined> {
  if (!languageFor(file.absolute)) return undefined;
  try {
    const { captures } = await queryTree(file, `calls:${name}`, MAX_SHOWN);
    return (line) => captures.some((c) => c.start.line <= line && line <= c.end.line);
  } catch {
    return undefined;
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sameName = (regionName: string, name: string) => lastPart(regionName.replace(/\(.*$/, '')) === name;

export async function fallbackFacts(
  project: Project,
  program: SearchProgram,
  regionsOf: RegionLookup,
  symbol: string,
  op: FactOp,
): Promise<{ locations: SearchHit[]; total: number }> {
  const name = lastPart(symbol);
  const word = `\\b${escape(name)}\\b`;
  if (op === 'references') {
    const found = await search(project, program, regionsOf, { pattern: word, max: MAX });
    return { locations: found.hits, total: found.total };
  }
  if (op === 'callers') {
    // Room for the text matches that are no call (prose, comments), so that MAX callers can still be shown.
    const found = await search(project, program, regionsOf, { pattern: `${word}\\s*\\(`, max: MAX * CALLER_ROOM });
    // A call inside its own declaration's first line is the declaration, not a caller.
    const calls = await inCode(
      project,
      found.hits.filter((h) => !(h.region && h.region.start === h.line && sameName(h.region.name, name))),
      name,
    );
    return { locations: calls.slice(0, MAX), total: found.total - (found.hits.length - calls.length) };
  }
  const mentions = await search(project, program, regionsOf, { pattern: word, max: 500 });
  const declarations: SearchHit[] = [];
  const seen = new Set<string>();
  for (const hit of mentions.hits) {
    const region = hit.region;
    if (!region || region.start !== hit.line || !sameName(region.name, name)) continue;
    const key = `${hit.path}:${region.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    declarations.push(hit);
  }
  return { locations: declarations.slice(0, MAX), total: declarations.length };
}
