import type { SkimContext } from '../context';
import { MapEntry, Region } from '../map/types';
import { screenEntry } from './entry';
import { screenFields } from './fields';

/** How many times the regions drawn are screened again before the whole map is screened instead. */
const ROUNDS = 3;

/**
 * A map as one answer draws it, screened where it is drawn: the regions the answer's own layout
 * draws (`drawnOf`) are screened (screenEntry, with the map's prose, producer and name), and each
 * kind once (a fold counts the regions it leaves out by kind), not the thousands of regions a
 * folded map leaves out, whose screen was most of a cached hook's time on a large file. A screened
 * name may lay the map out otherwise (a redaction is longer than what it replaced): the regions the
 * screened map then draws are screened too, until it draws none that were not (else, after
 * ROUNDS, or where a kind is redacted or flagged, the whole map is screened).
 *
 * The regions it does not draw keep their raw names, since the layout reads them (how many runs
 * fit, which members group): the entry returned is for that one answer's drawing (`drawnOf`) only.
 */
export async function screenShownEntry(ctx: SkimContext, entry: MapEntry, drawnOf: (entry: MapEntry) => ReadonlySet<Region>): Promise<MapEntry> {
  const whole = async () => (await screenEntry(ctx, entry)).entry;
  const kinds = await screenFields(ctx, [...new Set(entry.regions.map((region) => region.kind))]);
  if (kinds.findings.redactions.length || kinds.findings.flags.length) return whole();
  const drawnAt = (drawn: ReadonlySet<Region>, regions: readonly Region[]) => regions.flatMap((region, i) => (drawn.has(region) ? [i] : []));
  const chosen = new Set(drawnAt(drawnOf(entry), entry.regions));
  for (let round = 0; round < ROUNDS && chosen.size < entry.regions.length; round++) {
    const at = [...chosen].sort((a, b) => a - b);
    const part = await screenEntry(ctx, { ...entry, regions: at.map((i) => entry.regions[i]) });
    const screened = new Map(at.map((i, j) => [i, part.entry.regions[j]]));
    const shown = { ...part.entry, regions: entry.regions.map((region, i) => screened.get(i) ?? region) };
    const unscreened = drawnAt(drawnOf(shown), shown.regions).filter((i) => !chosen.has(i));
    if (!unscreened.length) return shown;
    for (const i of unscreened) chosen.add(i);
  }
  return whole();
}
