import type { SkimContext } from '../context';
import { MapEntry } from '../map/types';
import { screenFields } from './fields';
import { ScreenFindings } from './screen';

/**
 * A map's own text (its prose, each region's name and note) screened before any of it is shown:
 * a credential a doc comment or a model's note carried is redacted in the row handed to the
 * renderer, and a field the screen flags (a file's own comment that addresses the agent, say) is
 * left out: a map's fields are never judged or wrapped, so a flagged one is not shown at all. Names
 * and notes are one line each; prose keeps its lines. Findings count fields, not file lines
 * (`line` is the field's index, 1-based).
 */
export async function screenEntry(ctx: SkimContext, entry: MapEntry): Promise<{ entry: MapEntry; findings: ScreenFindings }> {
  const prose = entry.prose === '' ? [] : entry.prose.split('\n');
  const fields = [...prose, ...entry.regions.flatMap((r) => [r.name, r.note])];
  if (!fields.length) return { entry, findings: { redactions: [], flags: [], wrapped: [] } };
  const { shown: out, flagged, findings } = await screenFields(ctx, fields);
  if (!findings.redactions.length && !findings.flags.length) return { entry, findings };
  const regions = entry.regions.map((r, i) => ({ ...r, name: out[prose.length + 2 * i], note: out[prose.length + 2 * i + 1] }));
  const shownProse = out.slice(0, prose.length).filter((_, i) => !flagged.has(i));
  return { entry: { ...entry, prose: shownProse.join('\n').trim(), regions }, findings };
}
