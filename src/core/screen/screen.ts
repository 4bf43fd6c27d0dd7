import type { SkimContext } from '../context';
import { judgePassages, WrappedPassage } from './wrapPassages';
import { flagLines, ScreenFlag, ScreenSignal } from './flags';
import { redactionMarker } from './marker';
import { findSecrets, SecretFinding } from './secrets';

/**
 * The result screen. Every text Skim returns to an agent passes here before it is numbered, cut,
 * wrapped or serialized: a file's lines, a map's prose and notes, search hits, tree captures, the
 * hook's context. Credentials are redacted (unless the redactSecrets option is off), text
 * addressed to an AI agent is flagged over the whole text, and where a judge is configured the
 * flagged passages are judged and, when enforcing, wrapped as data. Every finding is mapped back
 * to the line it came from; lines are never joined or split, so numbers stay true.
 */
export interface ScreenFindings {
  /** Lines that had a credential taken out, in the caller's numbering; `path` names the file (as shown) where an answer holds several files' lines. */
  redactions: { line: number; kind: string; path?: string }[];
  flags: (ScreenFlag & { path?: string })[];
  /** Passages the judge found to be addressed to an agent, to be drawn as data (enforcing only). */
  wrapped: WrappedPassage[];
}

export const NO_FINDINGS: ScreenFindings = { redactions: [], flags: [], wrapped: [] };

/**
 * `lines` with each finding's characters replaced by its marker, line by line: a credential that
 * spans lines leaves a marker on each line it touched, so that every redacted line says so and no
 * line moves. `findings` are offsets into `lines.join('\n')`.
 */
export function redactLines(
  lines: readonly string[],
  findings: readonly SecretFinding[],
): { lines: string[]; redacted: { index: number; kind: string; from: number; to: number }[] } {
  const out = [...lines];
  // `from` and `to`: the characters of line `index` that were taken out.
  const redacted: { index: number; kind: string; from: number; to: number }[] = [];
  let lineStart = 0;
  let first = 0;
  for (let i = 0; i < lines.length && first < findings.length; i++) {
    const lineEnd = lineStart + lines[i].length;
    while (first < findings.length && findings[first].end <= lineStart) first++;
    let text = '';
    let at = 0;
    for (let g = first; g < findings.length && findings[g].start < lineEnd; g++) {
      const from = Math.max(findings[g].start, lineStart) - lineStart;
      const to = Math.min(findings[g].end, lineEnd) - lineStart;
      if (to <= from) continue;
      text += `${lines[i].slice(at, from)}${redactionMarker(findings[g].kind)}`;
      at = to;
      redacted.push({ index: i, kind: findings[g].kind, from, to });
    }
    if (at > 0) out[i] = text + lines[i].slice(at);
    lineStart = lineEnd + 1;
  }
  return { lines: out, redacted };
}

/** The secrets of a text, unless redaction is off. */
const secretsOf = (ctx: SkimContext, text: string) => (ctx.options.redactSecrets ? findSecrets(text) : Promise.resolve([]));

/**
 * Lines of a file (line `first` first), screened as the one raw text they are: redacted, flagged,
 * and judged (`judge`: false for texts that are not shown as a file's lines). Findings use the
 * file's line numbers.
 */
export async function screenLines(
  ctx: SkimContext,
  lines: readonly string[],
  first: number,
  judge = true,
): Promise<{ lines: string[]; findings: ScreenFindings }> {
  const text = lines.join('\n');
  const redacted = redactLines(lines, await secretsOf(ctx, text));
  const flags = flagLines(text);
  const wrapped = judge ? await judgePassages(redacted.lines, flags, ctx.judge) : [];
  const shift = first - 1;
  return {
    lines: redacted.lines,
    findings: {
      redactions: redacted.redacted.map((r) => ({ line: r.index + first, kind: r.kind })),
      flags: flags.map((f) => ({ signal: f.signal, line: f.line + shift })),
      wrapped: wrapped.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })),
    },
  };
}

/** Findings of one screen and another, as one. */
export function mergeFindings(...all: ScreenFindings[]): ScreenFindings {
  return {
    redactions: all.flatMap((f) => f.redactions),
    flags: all.flatMap((f) => f.flags),
    wrapped: all.flatMap((f) => f.wrapped),
  };
}

/** Findings of one file's lines, each naming the file as it is shown: for an answer that holds several files' lines (locate). */
export function inFile(findings: ScreenFindings, path: string): ScreenFindings {
  return {
    redactions: findings.redactions.map((r) => ({ path, ...r })),
    flags: findings.flags.map((f) => ({ path, ...f })),
    wrapped: findings.wrapped,
  };
}

/** Findings as one list each, in line order, each once: the same credential seen in a line and in a map's field of it is one. */
export function distinctFindings(findings: ScreenFindings): ScreenFindings {
  const once = <T extends { line: number }>(list: readonly T[], key: (item: T) => string) =>
    [...new Map(list.map((item) => [key(item), item])).values()].sort((a, b) => a.line - b.line);
  return {
    redactions: once(findings.redactions, (r) => `${r.path ?? ''}\0${r.line}\0${r.kind}`),
    flags: once(findings.flags, (f) => `${f.path ?? ''}\0${f.line}\0${f.signal}`),
    wrapped: findings.wrapped,
  };
}

/** The signals flagged anywhere in `findings`. */
export const flaggedSignals = (findings: ScreenFindings): ScreenSignal[] => [...new Set(findings.flags.map((f) => f.signal))];

/** The findings as `--json` prints them. */
export function findingsJson(findings: ScreenFindings) {
  return {
    redacted: findings.redactions.length,
    redactions: findings.redactions,
    flags: findings.flags,
    wrapped: findings.wrapped.map(({ start, end }) => ({ start, end })),
  };
}
