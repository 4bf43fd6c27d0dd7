import { Project } from '../files/project';
import { SearchProgram } from '../search/program';
import { RegionLookup } from '../search/regions';
import { search, SearchHit } from '../search/search';
import { FactOp, lastPart } from './facts';

/**
 * What stands in for a language server: declarations of that name in the outlines of the files
 * that mention it (definition, implementations, type), or its occurrences as a word (references;
 * callers: where it is called), each placed in its region. Text, not resolution: said so.
 */
const MAX = 50;

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
  if (op === 'references' || op === 'callers') {
    const pattern = op === 'callers' ? `${word}\\s*\\(` : word;
    const found = await search(project, program, regionsOf, { pattern, max: MAX });
    // A call inside its own declaration's first line is the declaration, not a caller.
    const hits = op === 'callers' ? found.hits.filter((h) => !(h.region && h.region.start === h.line && sameName(h.region.name, name))) : found.hits;
    return { locations: hits, total: found.total - (found.hits.length - hits.length) };
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
