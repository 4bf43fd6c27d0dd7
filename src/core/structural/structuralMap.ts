import type { Region } from '../map/types';

/** A tree-sitter outline as the mapper makes it, in this thread or in the outline worker. */
export interface StructuralMap {
  producer: string;
  prose: string;
  regions: Region[];
}
