import { MapEntry, MapOrigin } from '../map/types';
import { ProjectFile } from '../files/project';

/**
 * What the guard asks of whoever holds the maps: this process's cache and model (mapping/service.ts), or a
 * running extension's (hook/remoteMaps.ts). Kept apart from both so that a reader which only
 * decides (the hook) loads neither until it needs a map.
 */
export interface MapOutcome {
  entry: MapEntry;
  /** Model calls this request spent: 0 on a fresh hit. */
  modelCalls: number;
  fromCache: boolean;
  /** Where the map came from: this project's cache, the team cache, a model call now, or tree-sitter now. */
  source: MapOrigin;
  /** Set when the model failed and the structural outline stands in (such entries are not stored). */
  fallback?: string;
  /** For a map from the team cache: the database role that published it (null: a row from before Skim recorded it). */
  publisher?: string | null;
}

/** No map could be had for the file; says why, for the user and the model alike. */
export class MapUnavailableError extends Error {
  constructor(
    message: string,
    readonly modelCalls: number,
  ) {
    super(message);
  }
}

export interface EnsureOptions {
  signal?: AbortSignal;
  /** The most model calls this request may spend (default and ceiling: three). Zero: the structural outline only. */
  maxModelCalls?: number;
}

/** Where the guard gets maps: this process's cache and models, or a running extension's (see hook/remoteMaps). */
export interface MapSource {
  /** The stored entry if it is fresh for content with this hash and size, else undefined. */
  cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined>;
  /** The file's map: from the cache when fresh, otherwise made now. */
  ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome>;
}
