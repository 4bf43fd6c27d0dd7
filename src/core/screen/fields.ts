import type { SkimContext } from '../context';
import { ScreenFindings, screenLines } from './screen';

/**
 * Texts that are not a file's lines (a map's prose, names and notes; an overview's paths and
 * descriptions), one per line, screened as any text Skim returns: credentials redacted, and a
 * field the screen flags as addressed to the agent emptied, since such fields are never judged or
 * wrapped and so are not shown at all. Findings count fields (`line` is the field's index, 1-based).
 */
export async function screenFields(ctx: SkimContext, fields: readonly string[]): Promise<{ shown: string[]; flagged: Set<number>; findings: ScreenFindings }> {
  const { lines, findings } = await screenLines(ctx, fields, 1, false);
  const flagged = new Set(findings.flags.map((f) => f.line - 1));
  return { shown: lines.map((text, i) => (flagged.has(i) ? '' : text)), flagged, findings };
}
