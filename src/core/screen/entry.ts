import type { SkimContext } from '../context';
import { MapEntry } from '../map/types';
import { ScreenFindings, screenLines } from './screen';

/**
 * A map's own text (its prose, each region's name and note) screened before any of it is shown:
 * a credential a doc comment or a model's note carried is redacted in the row handed to the
 * renderer. Names and notes are one line each; prose keeps its lines. Findings count fields, not
 * file lines (`line` is the field's index, 1-based).
 */
export async function screenEntry(ctx: SkimContext, entry: MapEntry): Promise<{ entry: MapEntry; findings: ScreenFindings }> {
  const prose = entry.prose === '' ? [] : entry.prose.split('\n');
  const fields = [...prose, ...entry.regions.flatMap((r) => [r.name, r.note])];
  if (!fields.length) return { entry, findings: { redactions: [], flags: [], wrapped: [] } };
  const screened = await screenLines(ctx, fields, 1, false);
  if (!screened.findings.redactions.length) return { entry, findings: screened.findings };
  const out = screened.lines;
  const regions = entry.regions.map((r, i) => ({ ...r, name: out[prose.length + 2 * i], note: out[prose.length + 2 * i + 1] }));
  return { entry: { ...entry, prose: out.slice(0, prose.length).join('\n'), regions }, findings: screened.findings };
}
