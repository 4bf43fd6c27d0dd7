import { hashBytes } from '../files/scan';
import { MapEntry, Region } from '../map/types';
import { readSource } from '../files/readSource';
import { ProjectFile } from '../files/project';
import { structuralMap } from './mapper';

/**
 * The navigation ladder's middle rungs: a file's outline and one declaration's body, both from
 * one tree-sitter parse. No model call and no cache: a parse costs less than a lookup would save.
 */

/** The structural outline of a file, as an entry the map renderer can draw (it is not stored). */
export async function listSymbols(file: ProjectFile): Promise<MapEntry> {
  return (await parse(file)).outline;
}

async function parse(file: ProjectFile): Promise<{ outline: MapEntry; lines: string[] }> {
  const { bytes, text, lines } = await readSource(file);
  const map = await structuralMap(file.absolute, text, lines.length);
  const outline: MapEntry = {
    path: file.key,
    size: bytes.length,
    hash: hashBytes(bytes),
    lines: lines.length,
    status: 'structural',
    producer: map.producer,
    prose: map.prose,
    regions: map.regions,
    created: Date.now(),
  };
  return { outline, lines };
}

export interface FoundSymbol {
  region: Region;
  /** The declaration's lines, at most `maxLines` of them from its start. */
  lines: string[];
  /** The declaration is longer than the lines returned. */
  truncated: boolean;
}

/**
 * The names one region goes by: a function assigned under several names (express's `res.set =
 * header`, from `res.set = res.header = function header`) by each, a later name without a
 * qualifier under the first one's (`res.header`).
 */
function namesOf(region: Region): string[] {
  const [first, ...more] = region.name.split(' = ');
  const qualifier = /^(.*[.:])[^.:]+$/.exec(first)?.[1] ?? '';
  return [first, ...more.flatMap((name) => (qualifier && !/[.:]/.test(name) ? [name, `${qualifier}${name}`] : [name]))];
}

/**
 * Declarations named `name` in the file, by any of the names each goes by: exact matches first,
 * else those whose qualified name ends with it (`Runner.prototype.run` for `run`), else a
 * case-insensitive match.
 */
export async function findSymbol(file: ProjectFile, name: string, maxLines: number): Promise<{ found: FoundSymbol[]; outline: MapEntry; lines: string[] }> {
  const { outline, lines } = await parse(file);
  const wanted = name.trim();
  const tiers: ((name: string) => boolean)[] = [
    (n) => n === wanted,
    (n) => n.endsWith(`.${wanted}`) || n.endsWith(`::${wanted}`),
    (n) => n.toLowerCase() === wanted.toLowerCase(),
  ];
  const matches = tiers.map((test) => outline.regions.filter((r) => r.kind !== 'imports' && namesOf(r).some(test))).find((m) => m.length > 0) ?? [];
  const found = matches.map((region) => {
    const length = region.end - region.start + 1;
    const shown = Math.min(length, maxLines);
    return { region, lines: lines.slice(region.start - 1, region.start - 1 + shown), truncated: shown < length };
  });
  return { found, outline, lines };
}
