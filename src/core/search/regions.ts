import { hashBytes } from '../files/scan';
import { Region } from '../map/types';
import { MapSource } from '../mapSource';
import { readForMapping, splitLines } from '../maps';
import { ProjectFile } from '../project';
import { structuralMap, STRUCTURAL_MAX_BYTES } from '../structural/mapper';

/**
 * The regions a search hit is placed in: the file's cached map while it is fresh for the bytes on
 * disk, else the structural outline, never a model call. Null when the file has neither (no
 * grammar, binary, too large): its hits are shown without a place.
 */
export type RegionLookup = (file: ProjectFile) => Promise<Region[] | null>;

export function regionsForSearch(maps: MapSource | undefined): RegionLookup {
  return async (file) => {
    let bytes: Buffer;
    try {
      bytes = await readForMapping(file.real, STRUCTURAL_MAX_BYTES);
    } catch {
      return null;
    }
    const cached = await maps?.cached(file, hashBytes(bytes), bytes.length).catch(() => undefined);
    if (cached && cached.status !== 'prose-only') return cached.regions;
    const text = bytes.toString('utf8');
    try {
      return (await structuralMap(file.absolute, text, splitLines(text).length)).regions;
    } catch {
      return null;
    }
  };
}
