import type { SkimContext } from '../context';
import { flagLines, ScreenSignal } from './flags';
import { redactLines } from './screen';
import { findSecrets } from './secrets';

/**
 * A whole file screened once, for answers that show pieces of it (search hits, tree captures,
 * one declaration's lines): a credential is found in the file's own text, so that a piece which
 * holds only part of it (one line of a private key) is redacted all the same.
 */
export interface SourceScreen {
  /** Line `n` (1-based) as it may be shown. */
  line(n: number): string;
  /** Lines `a` to `b` as they may be shown. */
  lines(a: number, b: number): string[];
  /** The kinds of credential taken out of lines `a` to `b`; empty when none. */
  redactedIn(a: number, b?: number): string[];
  /** Whether each of `spans` (offsets into line `n` as the file holds it) touches characters the screen takes out. */
  withholds(n: number, spans: readonly { start: number; end: number }[]): boolean;
  /** The signals flagged on line `n`. */
  flagsAt(n: number): ScreenSignal[];
}

export async function screenSource(ctx: SkimContext, lines: readonly string[]): Promise<SourceScreen> {
  const text = lines.join('\n');
  const redacted = redactLines(lines, ctx.options.redactSecrets ? await findSecrets(text) : []);
  const kinds = new Map<number, string[]>();
  const taken = new Map<number, { from: number; to: number }[]>();
  for (const r of redacted.redacted) {
    kinds.set(r.index + 1, [...(kinds.get(r.index + 1) ?? []), r.kind]);
    taken.set(r.index + 1, [...(taken.get(r.index + 1) ?? []), r]);
  }
  const flags = new Map<number, ScreenSignal[]>();
  for (const f of flagLines(text)) flags.set(f.line, [...(flags.get(f.line) ?? []), f.signal]);
  return {
    line: (n) => redacted.lines[n - 1] ?? '',
    lines: (a, b) => redacted.lines.slice(a - 1, b),
    redactedIn: (a, b = a) => [...kinds].filter(([n]) => a <= n && n <= b).flatMap(([, k]) => k),
    withholds: (n, spans) => spans.every((s) => (taken.get(n) ?? []).some((r) => s.start < r.to && r.from < s.end)),
    flagsAt: (n) => flags.get(n) ?? [],
  };
}
