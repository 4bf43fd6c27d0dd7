import { Choice } from './judge';

/**
 * What is done with the judge's probabilities: pure functions, one place. A judge without token
 * probabilities (vscode.lm) answers 0 or 1, so its thresholds are stricter.
 */
export const THRESHOLDS = {
  calibrated: { hazard: 0.8, ordinary: 0.3 },
  uncalibrated: { hazard: 0.99, ordinary: 0.01 },
} as const;

export interface ScreenSignals {
  contains_instruction_to_agent?: number;
  attempts_override?: number;
  requests_secret_disclosure?: number;
  is_ordinary_source_code?: number;
}

/** `wrap` when the passage is a hazard (any hazard signal high) and not ordinary code (that signal low); `keep` otherwise, or with no answer. */
export function screenDecision(p: ScreenSignals, calibrated: boolean): 'wrap' | 'keep' {
  const t = calibrated ? THRESHOLDS.calibrated : THRESHOLDS.uncalibrated;
  const hazard = Math.max(p.contains_instruction_to_agent ?? 0, p.attempts_override ?? 0, p.requests_secret_disclosure ?? 0);
  if (p.is_ordinary_source_code === undefined) return 'keep';
  return hazard >= t.hazard && p.is_ordinary_source_code <= t.ordinary ? 'wrap' : 'keep';
}

/** How many search hits a judged order keeps. */
export const RERANKED_HITS = 15;

/** The judged order of the first candidates (indexes, most likely first, at most RERANKED_HITS), or undefined to keep the program's order. */
export function rerankOrder(choice: Choice | undefined, candidates: number): number[] | undefined {
  if (!choice || choice.index === -1) return undefined;
  const shown = Math.min(candidates, choice.probabilities.length - 1);
  return Array.from({ length: shown }, (_, i) => i)
    .sort((a, b) => choice.probabilities[b] - choice.probabilities[a] || a - b)
    .slice(0, RERANKED_HITS);
}

/** Below this P the judge does not vouch that a call's coordinates came from what the session was shown. */
export const VOUCH = 0.5;

/** Call verify's verdict: `unverified` only when the judge answered and does not vouch; no answer is `none`. */
export function verifyDecision(p: number | undefined): 'unverified' | 'vouched' | 'none' {
  if (p === undefined) return 'none';
  return p < VOUCH ? 'unverified' : 'vouched';
}

/** The intent a judged choice names (its most likely option), or undefined for none of these or no answer: the rules route then. */
export function routeChoice(choice: Choice | undefined, intents: number): number | undefined {
  if (!choice || choice.index === -1) return undefined;
  const best = choice.probabilities.slice(0, intents).reduce((at, p, i, all) => (p > all[at] ? i : at), 0);
  return choice.probabilities[best] > (choice.probabilities[intents] ?? 0) ? best : undefined;
}

/** Below this P the judge does not find that the regions located answer the question. */
export const SUPPORTED = 0.5;

/** Whether the gathered regions answer the question: `unsupported` only when the judge answered and finds they do not; no answer is `none`. */
export function supportDecision(p: number | undefined): 'unsupported' | 'supported' | 'none' {
  if (p === undefined) return 'none';
  return p < SUPPORTED ? 'unsupported' : 'supported';
}
