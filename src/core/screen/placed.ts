import type { SkimContext } from '../context';
import { flagLines, ScreenSignal } from './flags';
import { NO_FINDINGS, redactLines, ScreenFindings } from './screen';
import { findSecrets } from './secrets';

/**
 * A finding in a text that is not a file's lines but was taken from them (a map's prose, a
 * declaration's name, a doc comment as its note): the field's own text, and the lines of the file
 * it describes (a region's), where its source is looked for.
 */
export interface FieldFinding {
  field: string;
  near: { start: number; end: number };
  kind?: string;
  signal?: ScreenSignal;
}

/** How far a line is from a region: 0 inside it; a doc comment just above it is near. */
const distance = (line: number, near: FieldFinding['near']) => (line < near.start ? near.start - line : line > near.end ? line - near.end : 0);

/** The candidate line nearest the region (the earlier of two as near), or the region's first line when there is none. */
function nearest(candidates: number[], near: FieldFinding['near']): number {
  let best: number | undefined;
  for (const line of candidates) if (best === undefined || distance(line, near) < distance(best, near)) best = line;
  return best ?? near.start;
}

/**
 * Findings in a map's fields as the file's own lines (`--json`'s `screen`): a credential is placed
 * on the file's line that holds it (the one nearest the region whose field showed it, where the
 * file holds it more than once), an order to the agent on the file's line the screen flags for the
 * same signal; what the file does not hold (a model's own words) is counted on the region's first
 * line. Each finding once, in the file's order.
 */
export async function placeFindings(ctx: SkimContext, found: readonly FieldFinding[], lines: readonly string[]): Promise<ScreenFindings> {
  if (!found.length) return NO_FINDINGS;
  // The file's own screen, once: which lines it redacts (and for what), and which it flags.
  const text = lines.join('\n');
  const kinds = new Map<number, string[]>();
  for (const r of redactLines(lines, ctx.options.redactSecrets ? await findSecrets(text) : []).redacted)
    kinds.set(r.index + 1, [...(kinds.get(r.index + 1) ?? []), r.kind]);
  const signals = flagLines(text);
  const redactions = new Map<string, { line: number; kind: string }>();
  const flags = new Map<string, { line: number; signal: ScreenSignal }>();
  for (const f of found) {
    if (f.signal) {
      const line = nearest(
        signals.filter((s) => s.signal === f.signal).map((s) => s.line),
        f.near,
      );
      flags.set(`${line}\0${f.signal}`, { line, signal: f.signal });
      continue;
    }
    const kind = f.kind as string;
    // The value itself where the field held one the detectors name: the file's line that holds it; else a line redacted for the same kind.
    const values = (await findSecrets(f.field)).map((s) => f.field.slice(s.start, s.end).split(/\s/)[0]).filter((v) => v.length >= 8);
    const redacted = [...kinds.keys()];
    const holding = redacted.filter((n) => values.some((v) => lines[n - 1].includes(v)));
    const line = nearest(holding.length ? holding : redacted.filter((n) => kinds.get(n)?.includes(kind)), f.near);
    redactions.set(`${line}\0${kind}`, { line, kind });
  }
  const byLine = <T extends { line: number }>(list: Iterable<T>) => [...list].sort((a, b) => a.line - b.line);
  return { redactions: byLine(redactions.values()), flags: byLine(flags.values()), wrapped: [] };
}
