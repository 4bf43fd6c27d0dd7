import { hashBytes } from '../files/scan';
import { ownerKey, splitQualified } from '../map/names';
import { regionTree, RegionNode } from '../map/tree';
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

/** Each region's enclosing region (a method's class), by one walk of the nesting tree. */
function parents(regions: readonly Region[]): Map<Region, Region> {
  const parentOf = new Map<Region, Region>();
  const stack: RegionNode[] = [...regionTree(regions)];
  while (stack.length) {
    const node = stack.pop() as RegionNode;
    for (const child of node.children) {
      parentOf.set(child.region, node.region);
      stack.push(child);
    }
  }
  return parentOf;
}

/**
 * Whether a region is `member` of `owner` (the two parts of a qualified name the caller wrote:
 * `Session.send`, `Runner.run`): named `member` by one of its names, and owned by `owner`, either in its
 * own name (`Runner.prototype.run`, `Foo::bar`) or as the declaration it is nested in (`send` in
 * `class Session`). Owners are compared as their last bare part (`Runner.prototype` is `Runner`).
 */
function isMemberOf(region: Region, member: string, owner: string, parentOf: ReadonlyMap<Region, Region>): boolean {
  const wanted = ownerKey(owner);
  return namesOf(region).some((name) => {
    const parts = splitQualified(name);
    if (parts) return parts.member === member && ownerKey(parts.qualifier) === wanted;
    const parent = parentOf.get(region);
    return name === member && parent !== undefined && ownerKey(parent.name) === wanted;
  });
}

/**
 * Declarations named `name` in the file, by any of the names each goes by: exact matches first,
 * then, for a qualified name (`Session.send`), the member of that owner, whether the owner is in
 * the member's own name or the class it is declared in; else those whose qualified name ends
 * with it (`Runner.prototype.run` for `run`), else a case-insensitive match.
 */
export async function findSymbol(file: ProjectFile, name: string, maxLines: number): Promise<{ found: FoundSymbol[]; outline: MapEntry; lines: string[] }> {
  const { outline, lines } = await parse(file);
  const wanted = name.trim();
  const qualified = splitQualified(wanted);
  const candidates = outline.regions.filter((r) => r.kind !== 'imports');
  const parentOf = qualified ? parents(outline.regions) : new Map<Region, Region>();
  const tiers: ((region: Region) => boolean)[] = [
    (r) => namesOf(r).some((n) => n === wanted),
    (r) => qualified !== undefined && isMemberOf(r, qualified.member, qualified.qualifier, parentOf),
    (r) => namesOf(r).some((n) => n.endsWith(`.${wanted}`) || n.endsWith(`::${wanted}`)),
    (r) => namesOf(r).some((n) => n.toLowerCase() === wanted.toLowerCase()),
  ];
  const matches = tiers.map((test) => candidates.filter(test)).find((m) => m.length > 0) ?? [];
  const found = matches.map((region) => {
    const length = region.end - region.start + 1;
    const shown = Math.min(length, maxLines);
    return { region, lines: lines.slice(region.start - 1, region.start - 1 + shown), truncated: shown < length };
  });
  return { found, outline, lines };
}
