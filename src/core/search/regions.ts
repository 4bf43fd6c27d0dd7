import { Region } from '../map/types';
import { MapSource } from '../mapping/mapSource';
import { ProjectFile } from '../files/project';
import { OutlineSource, Outlines, readOutlineSource } from '../outlines/projectOutlines';

/**
 * The regions search hits are placed in: the file's cached map while it is fresh for the bytes on
 * disk, else the tree-sitter outline (stored by content hash, or made now for the blocks that
 * hold `lines`), never a model call. Null when the file has neither (no grammar, binary, too
 * large): its hits are shown without a place.
 */
export type RegionLookup = (file: ProjectFile, lines: readonly number[]) => Promise<Region[] | null>;

export function regionsForSearch(maps: MapSource | undefined, outlines = new Outlines()): RegionLookup {
  return async (file, lines) => {
    let source: OutlineSource;
    try {
      source = await readOutlineSource(file);
    } catch {
      return null;
    }
    const cached = await maps?.cached(file, source.hash, source.bytes.length).catch(() => undefined);
    if (cached && cached.status !== 'prose-only') return cached.regions;
    return outlines.forLines(source, lines).catch(() => null);
  };
}
