import { MapEntry } from '../map/types';
import { madeByCurrentRules } from '../structural/rules';

/** How long a prose-only entry keeps the same model from being asked again about the same bytes. */
const PROSE_ONLY_RETRY_MS = 60 * 60 * 1000;

/**
 * Whether a stored entry no longer stands for its content. A structural map is outdated once a
 * model is configured or the outline rules change. A prose-only entry stands only while the same
 * model and prompt are configured and for PROSE_ONLY_RETRY_MS: it saves asking again a model that
 * just failed, never for good. `model` is the producer name the configured model's maps carry.
 */
export function outdated(entry: MapEntry, model: string | undefined, now: number): boolean {
  if (entry.status === 'structural') return model !== undefined || !madeByCurrentRules(entry.producer);
  if (entry.status === 'prose-only') return model === undefined || entry.producer !== model || now - entry.created >= PROSE_ONLY_RETRY_MS;
  return false;
}

/** A stored entry that is the map of content with this hash and size, and not outdated; else undefined. Only the hash concludes fresh. */
export function freshFor(entry: MapEntry | undefined, hash: string, size: number, model: string | undefined, now: number): MapEntry | undefined {
  return entry && entry.size === size && entry.hash === hash && !outdated(entry, model, now) ? entry : undefined;
}
