import { MapCache } from './cache/store';
import { TeamCache } from './cache/teamCache';
import { readRegularFile } from './files/open';
import { hashBytes, looksBinary } from './files/scan';
import { capProse } from './map/normalize';
import { MapEntry, Region } from './map/types';
import { Model } from './model/model';
import { MapOutcome, MapSource, MapUnavailableError } from './mapSource';
import { ProjectFile } from './project';
import { FallbackOutliner, madeByCurrentRules, NoGrammarError, StructuralMap, structuralMap, STRUCTURAL_MAX_BYTES } from './structural/mapper';
import { snapToDeclarations } from './structural/snap';
import { modelProducer } from './summarizer/prompt';
import { SummaryFailedError, summarizeWithModel } from './summarizer/summarize';

/** How long a prose-only entry keeps the same model from being asked again about the same bytes. */
const PROSE_ONLY_RETRY_MS = 60 * 60 * 1000;

/** Files larger than this are not read whole for mapping by any producer. */
export const MAP_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Looks maps up by content hash and makes them on a miss: one model call when a model is
 * configured (at most three with repairs), otherwise the tree-sitter outline. Only files the
 * caller named are ever mapped.
 */
export class MapService implements MapSource {
  constructor(
    readonly cache: MapCache,
    readonly model?: Model,
    /** Asked where tree-sitter has no grammar (in VS Code: the editor's own symbol providers). */
    private readonly fallbackOutliner?: FallbackOutliner,
    /** The team's shared maps, asked before the model and told of every map the model writes. */
    private readonly team?: TeamCache,
  ) {}

  /** The structural outline: tree-sitter's, else the fallback outliner's where there is one. */
  private async outline(file: ProjectFile, text: string, lines: number): Promise<StructuralMap> {
    try {
      return await structuralMap(file.absolute, text, lines);
    } catch (error) {
      if (!(error instanceof NoGrammarError) || !this.fallbackOutliner) throw error;
      return this.fallbackOutliner(file.absolute, text, lines);
    }
  }

  /**
   * The stored map if it is fresh for content with this hash and size, else undefined. Size can
   * only conclude stale; only the hash concludes fresh. A prose-only entry is no map: the guard
   * then asks `ensure`, which says what stands in for it.
   */
  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const entry = await this.fresh(file, hash, size);
    return entry?.status === 'prose-only' ? undefined : entry;
  }

  private async fresh(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    if (!file.inside) return undefined;
    const usable = (entry: MapEntry | undefined) => (entry && entry.size === size && entry.hash === hash && !this.outdated(entry) ? entry : undefined);
    return usable(this.cache.get(file.key)) ?? ((await this.cache.reloadIfChanged()) ? usable(this.cache.get(file.key)) : undefined);
  }

  /**
   * A structural map is outdated once a model is configured or the outline rules change. A
   * prose-only entry stands only while the same model and prompt are configured and for
   * PROSE_ONLY_RETRY_MS: it saves asking again a model that just failed, never for good.
   */
  private outdated(entry: MapEntry): boolean {
    if (entry.status === 'structural') return !!this.model || !madeByCurrentRules(entry.producer);
    if (entry.status === 'prose-only')
      return !this.model || entry.producer !== modelProducer(this.model.producer) || Date.now() - entry.created >= PROSE_ONLY_RETRY_MS;
    return false;
  }

  /** The file's map: from the cache when fresh, otherwise made now (and stored when inside the project). */
  async ensure(file: ProjectFile, signal?: AbortSignal): Promise<MapOutcome> {
    const bytes = await readForMapping(file.real);
    const hash = hashBytes(bytes);
    const hit = await this.fresh(file, hash, bytes.length);
    if (hit && hit.status !== 'prose-only') return { entry: hit, modelCalls: 0, fromCache: true, source: 'local' };

    const text = bytes.toString('utf8');
    const lines = splitLines(text);
    const base = { path: file.key, size: bytes.length, hash, lines: lines.length, created: Date.now() };
    if (hit) return this.standIn(file, hit, text, lines.length, 0, true);
    let modelCalls = 0;
    let modelFailure: string | undefined;
    if (this.model) {
      const producer = modelProducer(this.model.producer);
      const shared = await this.team?.lookup(hash, bytes.length, producer, lines.length);
      if (shared) {
        const entry: MapEntry = { ...base, status: 'model', producer, prose: shared.prose, regions: shared.regions };
        if (file.inside) this.cache.put(entry);
        return { entry, modelCalls: 0, fromCache: false, source: 'team' };
      }
      try {
        const summary = await summarizeWithModel(this.model, file.key, lines, signal);
        if (summary.status === 'model') summary.regions = await crossChecked(file.absolute, text, lines.length, summary.regions);
        const prose = summary.prose || `The model gave no usable answer (${summary.problem ?? 'empty'}).`;
        const entry: MapEntry = { ...base, status: summary.status, producer: summary.producer, prose: capProse(prose), regions: summary.regions };
        if (file.inside) this.cache.put(entry);
        if (entry.status === 'prose-only') return this.standIn(file, entry, text, lines.length, summary.modelCalls, false);
        this.team?.publish(entry);
        return { entry, modelCalls: summary.modelCalls, fromCache: false, source: 'model' };
      } catch (error) {
        if (!(error instanceof SummaryFailedError)) throw error;
        modelCalls = error.modelCalls;
        modelFailure = error.message;
      }
    }
    let outline;
    try {
      outline = await this.outline(file, text, lines.length);
    } catch (error) {
      const why = (error as Error).message;
      throw new MapUnavailableError(modelFailure ? `the model failed (${modelFailure}) and ${why}` : why, modelCalls);
    }
    const entry: MapEntry = { ...base, status: 'structural', producer: outline.producer, prose: outline.prose, regions: outline.regions };
    if (!modelFailure) {
      if (file.inside) this.cache.put(entry);
      return { entry, modelCalls, fromCache: false, source: 'structural' };
    }
    return { entry, modelCalls, fromCache: false, source: 'structural', fallback: `the model failed (${modelFailure}), so this is the structural outline` };
  }

  /**
   * What a prose-only entry offers a reader: the structural outline where the language has a
   * grammar (said, and not stored: the prose-only entry keeps the model from being asked again
   * too soon), else the prose-only entry itself.
   */
  private async standIn(file: ProjectFile, proseOnly: MapEntry, text: string, lines: number, modelCalls: number, fromCache: boolean): Promise<MapOutcome> {
    try {
      const outline = await this.outline(file, text, lines);
      const entry: MapEntry = { ...proseOnly, status: 'structural', producer: outline.producer, prose: outline.prose, regions: outline.regions };
      return {
        entry,
        modelCalls,
        fromCache,
        source: 'structural',
        fallback: 'the model gave no usable map of this file, only prose, so this is the structural outline',
      };
    } catch {
      return { entry: proseOnly, modelCalls, fromCache, source: fromCache ? 'local' : 'model' };
    }
  }
}

/** The model's regions snapped to tree-sitter's declarations where the language has a grammar. */
async function crossChecked(file: string, text: string, lines: number, regions: Region[]): Promise<Region[]> {
  try {
    return snapToDeclarations(regions, (await structuralMap(file, text, lines)).regions, lines);
  } catch {
    return regions;
  }
}

/**
 * A source file's bytes, read whole for a producer: refused when it is not a regular file (a
 * FIFO would never end), larger than `maxBytes`, or binary. Reads no more than the file held
 * when it was opened.
 */
export async function readForMapping(file: string, maxBytes = MAP_MAX_BYTES): Promise<Buffer> {
  const { bytes, size } = await readRegularFile(file, maxBytes);
  if (!bytes) throw new MapUnavailableError(`the file is ${(size / 1048576).toFixed(0)} MB, over Skim's ${maxBytes / 1048576} MB limit for mapping`, 0);
  if (looksBinary(bytes)) throw new MapUnavailableError('it is a binary file', 0);
  return bytes;
}

/** A source file for the structural tools: its bytes (at most what tree-sitter outlines), its text and its lines. */
export async function readSource(file: ProjectFile): Promise<{ bytes: Buffer; text: string; lines: string[] }> {
  const bytes = await readForMapping(file.real, STRUCTURAL_MAX_BYTES);
  const text = bytes.toString('utf8');
  return { bytes, text, lines: splitLines(text) };
}

/** Splits text into lines as editors number them (CRLF and LF alike; no phantom last line). */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}
