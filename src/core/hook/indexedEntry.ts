import { readEntryFile, entryFolderBeside } from '../cache/entryFiles';
import { Options } from '../config/options';
import { freshFor } from '../mapping/freshness';
import { MapEntry } from '../map/types';
import { openAiProducer } from '../model/openai';
import { vetMap } from '../screen/vet';
import { modelProducer } from '../summarizer/prompt';

/**
 * A hook's fresh hit without SQLite: the map stored for `key` in the entry files beside the
 * project's database, when it is the map of exactly these bytes (hash and size) under the same
 * rules the cache applies with these options (a structural map is outdated once a model is
 * configured or the outline rules change) and the screen does not refuse it. Anything else is
 * undefined, and the hook asks the database, which says why where there is something to say.
 */
export async function indexedEntry(options: Options, databaseFile: string, key: string, hash: string, size: number): Promise<MapEntry | undefined> {
  const model = options.modelUrl ? modelProducer(openAiProducer(options.modelName)) : undefined;
  const entry = freshFor(await readEntryFile(entryFolderBeside(databaseFile), key), hash, size, model, Date.now());
  if (!entry || entry.status === 'prose-only') return undefined;
  // As the cache does: a map from outside the file (a model's) is vetted; tree-sitter's is the file's own words.
  return entry.status === 'structural' || vetMap(entry) === undefined ? entry : undefined;
}
