import type { SkimContext } from '../context';
import { MapEntry } from '../map/types';
import { screenFields } from './fields';
import { screenedName, shownName, UNSHOWN_NAME } from './names';
import { FieldFinding } from './placed';
import { ScreenFindings } from './screen';

/** What a map shows for a producer or a kind the screen took out. */
const UNSHOWN_PRODUCER = 'a producer Skim does not show';
const UNSHOWN_KIND = 'region';

/**
 * A map's own text (its prose, its producer, each region's kind, name and note) screened before
 * any of it is shown: a credential a doc comment or a model's note carried is redacted in the row
 * handed to the renderer, and a field the screen flags (a file's own comment that addresses the
 * agent, say) is left out: a map's fields are never judged or wrapped, so a flagged one is not
 * shown at all. A region's kind and name are also screened as the one line a map draws them on,
 * so that words split between the two are read together. The file's own name (the map's header)
 * is screened as a name (screen/names). Names and notes are one line each; prose keeps its lines.
 * Findings count fields, not file lines (`line` is the field's index, 1-based).
 */
export interface ScreenedEntry {
  entry: MapEntry;
  /** What the screen found, counted by field (the editor says how many). */
  findings: ScreenFindings;
  /** The same, each with the text it was in and the lines of the region it shows in: placeFindings puts them on the file's lines. */
  fields: FieldFinding[];
}

export async function screenEntry(ctx: SkimContext, entry: MapEntry): Promise<ScreenedEntry> {
  const prose = entry.prose === '' ? [] : entry.prose.split('\n');
  const own = [...prose, ...entry.regions.flatMap((r) => [r.name, r.note]), entry.producer, screenedName(entry.path)];
  const drawn = entry.regions.map((r) => `${r.kind} ${r.name}`);
  const { shown: out, flagged, findings: all } = await screenFields(ctx, [...own, ...drawn]);
  const nameAt = (i: number) => prose.length + 2 * i;
  const drawnAt = (i: number) => own.length + i;
  // A drawn line adds only what its own fields did not show: the flag of words split between kind and name.
  const drawnFlagged = (i: number) => flagged.has(drawnAt(i)) && !flagged.has(nameAt(i));
  const findings: ScreenFindings = {
    ...all,
    redactions: all.redactions.filter((r) => r.line <= own.length),
    flags: all.flags.filter((f) => f.line <= own.length || drawnFlagged(f.line - 1 - own.length)),
  };
  const fields = fieldFindings(entry, prose.length, [...own, ...drawn], findings);
  const path = flagged.has(own.length - 1) ? UNSHOWN_NAME : shownName(out[own.length - 1]);
  if (!findings.redactions.length && !findings.flags.length) return { entry: { ...entry, path }, findings, fields };
  const regions = entry.regions.map((r, i) =>
    drawnFlagged(i) ? { ...r, kind: UNSHOWN_KIND, name: '', note: out[nameAt(i) + 1] } : { ...r, name: out[nameAt(i)], note: out[nameAt(i) + 1] },
  );
  const producer = flagged.has(own.length - 2) ? UNSHOWN_PRODUCER : out[own.length - 2];
  const shownProse = out.slice(0, prose.length).filter((_, i) => !flagged.has(i));
  return { entry: { ...entry, path, prose: shownProse.join('\n').trim(), producer, regions }, findings, fields };
}

/**
 * Each finding with its field's text and the region it shows in: prose describes the file from its
 * top, a name or note (or the line a region is drawn on) its region. The producer and the file's
 * name are no text of the file: not placed.
 */
function fieldFindings(entry: MapEntry, proseLines: number, texts: readonly string[], findings: ScreenFindings): FieldFinding[] {
  const regions = entry.regions.length;
  const near = (index: number) => {
    if (index < proseLines) return { start: 1, end: 1 };
    const own = proseLines + 2 * regions;
    if (index < own) return entry.regions[Math.floor((index - proseLines) / 2)];
    return index >= own + 2 ? entry.regions[index - own - 2] : undefined;
  };
  const placed = (index: number) => {
    const region = near(index);
    return region && { field: texts[index], near: { start: region.start, end: region.end } };
  };
  return [
    ...findings.redactions.flatMap((r) => {
      const at = placed(r.line - 1);
      return at ? [{ ...at, kind: r.kind }] : [];
    }),
    ...findings.flags.flatMap((f) => {
      const at = placed(f.line - 1);
      return at ? [{ ...at, signal: f.signal }] : [];
    }),
  ];
}
