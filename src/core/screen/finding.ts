/**
 * One credential found in a text: UTF-16 offsets into that very text, `end` exclusive, covering
 * every character of the secret, and what it is ("Stripe secret key").
 */
export interface SecretFinding {
  start: number;
  end: number;
  kind: string;
}

/**
 * Sorted by start, overlaps merged: two detectors that see the same secret (or one that sees a
 * part of another's) leave one range over both, named by the wider of them (the earlier in
 * `found` when they are as wide).
 */
export function mergeFindings(found: SecretFinding[]): SecretFinding[] {
  const sorted = found.filter((f) => f.end > f.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretFinding[] = [];
  for (const f of sorted) {
    const last = merged[merged.length - 1];
    if (!last || f.start >= last.end) {
      merged.push({ ...f });
      continue;
    }
    if (f.end - f.start > last.end - last.start) last.kind = f.kind;
    last.end = Math.max(last.end, f.end);
  }
  return merged;
}
