import { MapCache } from '../cache/store';
import { TeamCache } from '../cache/teamCache';
import type { Logger } from '../context';
import { hashBytes } from '../files/scan';
import { NotSourceError, readForMapping, splitLines } from '../files/readSource';
import { ProjectFile } from '../files/project';
import { capProse } from '../map/normalize';
import { MapEntry, Region } from '../map/types';
import { Model } from '../model/model';
import { vetMap } from '../screen/vet';
import { languageFor } from '../structural/languages';
import { FallbackOutliner, NoGrammarError, structuralMap } from '../structural/mapper';
import { StructuralMap } from '../structural/structuralMap';
import { SlowParseError } from '../structural/parser';
import { slowRules } from '../structural/slowTexts';
import { snapToDeclarations } from '../structural/snap';
import { modelProducer } from '../summarizer/prompt';
import { MAX_MODEL_CALLS, SummaryFailedError, summarizeWithModel } from '../summarizer/summarize';
import { freshFor } from './freshness';
import { SlowFiles } from './slowFiles';
import { EnsureOptions, MapOutcome, MapSource, MapUnavailableError } from './mapSource';

/**
 * Looks maps up by content hash and makes them on a miss: one model call when a model is
 * configured (at most three with repairs), otherwise the tree-sitter outline. Only files the
 * caller named are ever mapped.
 */
export class MapService implements MapSource {
  /** The bytes tree-sitter ran out of time on, beside the cache: never outlined again by any process (late ones, not till their next try). */
  readonly slow: SlowFiles;

  constructor(
    /** Where refusals are said, and the clock prose-only entries age by. */
    private readonly session: { log: Logger; now: () => number },
    readonly cache: MapCache,
    readonly model?: Model,
    /** Asked where tree-sitter has no grammar (in VS Code: the editor's own symbol providers). */
    private readonly fallbackOutliner?: FallbackOutliner,
    /** The team's shared maps, asked before the model and told of every map the model writes. */
    private readonly team?: TeamCache,
  ) {
    this.slow = SlowFiles.beside(cache.file);
  }

  /** The structural outline of the bytes with `hash`: tree-sitter's, else the fallback outliner's where there is one. */
  private async outline(file: ProjectFile, text: string, lines: number, hash: string): Promise<StructuralMap> {
    const language = languageFor(file.absolute, text);
    const rules = language && slowRules(language);
    const before = rules && this.slow.has(hash, rules, this.session.now());
    if (before) throw before;
    try {
      return await structuralMap(file.absolute, text, lines);
    } catch (error) {
      if (error instanceof SlowParseError && rules) this.slow.add(hash, rules, error.late, this.session.now());
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
    const model = this.model && modelProducer(this.model.producer);
    const usable = (entry: MapEntry | undefined) => freshFor(entry, hash, size, model, this.session.now());
    const entry = usable(this.cache.get(file.key)) ?? ((await this.cache.reloadIfChanged()) ? usable(this.cache.get(file.key)) : undefined);
    return entry && this.vetted(file, entry);
  }

  /**
   * A model's map as it may be used: itself, or, when the screen finds that it addresses the
   * agent (a map stored before this check, or written by a model told to), a prose-only entry in
   * Skim's own words that keeps the same model from being asked again at once. Said once.
   */
  private vetted(file: ProjectFile, entry: MapEntry): MapEntry {
    if (entry.status === 'structural') return entry;
    const reason = vetMap(entry);
    if (!reason) return entry;
    this.session.log.warn(`refused:${file.key}:${entry.hash}`, `Skim did not use the map ${entry.producer} wrote of ${file.key}: ${reason}.`);
    const refused: MapEntry = { ...entry, status: 'prose-only', prose: `The map ${entry.producer} wrote was not used: ${reason}.`, regions: [] };
    if (file.inside) this.cache.put(refused);
    return refused;
  }

  /** The file's map: from the cache when fresh, otherwise made now (and stored when inside the project). */
  async ensure(file: ProjectFile, options: EnsureOptions = {}): Promise<MapOutcome> {
    let bytes: Buffer;
    try {
      bytes = await readForMapping(file.real);
    } catch (error) {
      if (error instanceof NotSourceError) throw new MapUnavailableError(error.message, 0);
      throw error;
    }
    const hash = hashBytes(bytes);
    const hit = await this.fresh(file, hash, bytes.length);
    if (hit && hit.status !== 'prose-only') return { entry: hit, modelCalls: 0, fromCache: true, source: 'local' };

    const text = bytes.toString('utf8');
    const lines = splitLines(text);
    const base = { path: file.key, size: bytes.length, hash, lines: lines.length, created: this.session.now() };
    if (hit) return this.standIn(file, hit, text, lines.length, hash, 0, true);
    let modelCalls = 0;
    let modelFailure: string | undefined;
    const maxCalls = Math.max(0, Math.min(MAX_MODEL_CALLS, options.maxModelCalls ?? MAX_MODEL_CALLS));
    if (this.model && maxCalls > 0) {
      const producer = modelProducer(this.model.producer);
      const shared = await this.team?.lookup(hash, bytes.length, producer, lines.length);
      const sharedEntry: MapEntry | undefined = shared && { ...base, status: 'model', producer, prose: shared.prose, regions: shared.regions };
      const refusal = sharedEntry && vetMap(sharedEntry);
      if (shared && refusal) {
        this.session.log.warn(
          `team-refused:${hash}`,
          `Skim did not use the team cache's map of ${file.key} (published by ${shared.publisher ?? 'a role Skim did not record'}): ${refusal}.`,
        );
        this.team?.refuse(shared, refusal);
      }
      if (sharedEntry && !refusal) {
        if (file.inside) this.cache.put(sharedEntry);
        return { entry: sharedEntry, modelCalls: 0, fromCache: false, source: 'team', publisher: shared?.publisher };
      }
      try {
        const summary = await summarizeWithModel(this.model, file.key, lines, options.signal, maxCalls);
        if (summary.status === 'model') summary.regions = await crossChecked(file.absolute, text, lines.length, summary.regions);
        const prose = summary.prose || `The model gave no usable answer (${summary.problem ?? 'empty'}).`;
        const answered: MapEntry = { ...base, status: summary.status, producer: summary.producer, prose: capProse(prose), regions: summary.regions };
        const entry = this.vetted(file, answered);
        if (file.inside && entry === answered) this.cache.put(entry);
        if (entry.status === 'prose-only') return this.standIn(file, entry, text, lines.length, hash, summary.modelCalls, false);
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
      outline = await this.outline(file, text, lines.length, hash);
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
  private async standIn(
    file: ProjectFile,
    proseOnly: MapEntry,
    text: string,
    lines: number,
    hash: string,
    modelCalls: number,
    fromCache: boolean,
  ): Promise<MapOutcome> {
    try {
      const outline = await this.outline(file, text, lines, hash);
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
