import { hashBytes } from '../files/scan';
import { Region } from '../map/types';
import { MapSource } from '../maps/source';
import { readSource } from '../files/source';
import { ProjectFile } from '../files/project';
import { structuralMap } from '../structural/mapper';

/**
 * The regions a search hit is placed in: the file's cached map while it is fresh for the bytes on
 * disk, else the structural outline, never a model call. Null when the file has neither (no
 * grammar, binary, too large): its hits are shown without a place.
 */
export type RegionLookup = (file: ProjectFile) => Promise<Region[] | null>;

export function regionsForSearch(maps: MapSource | undefined): RegionLookup {
  return async (file) => {
    let source: Awaited<ReturnType<typeof readSource>>;
    try {
      source = await readSource(file);
    } catch {
      return null;
    }
    const cached = await maps?.cached(file, hashBytes(source.bytes), source.bytes.length).catch(() => undefined);
    if (cached && cached.status !== 'prose-only') return cached.regions;
    try {
      return (await structuralMap(file.absolute, source.text, source.lines.length)).regions;
    } catch {
      return null;
    }
  };
}
