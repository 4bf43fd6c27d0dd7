import { JudgeRuntime } from './runtime';
import { SeenLines } from './seenLines';

/**
 * Call verify: did a call's coordinates come from what this session was shown (a read,
 * skim_find_symbol, a search hit)? Shown: nothing to say. Otherwise the judge is asked, and when
 * it says they did not, advisory adds a note and enforcing refuses with what to do first.
 */
export interface CallToVerify {
  tool: string;
  path: string;
  line: number;
  symbol: string;
}

/** Below this P the judge does not vouch for the coordinates. */
const VOUCH = 0.5;

export async function verifyCall(runtime: JudgeRuntime, seen: SeenLines, call: CallToVerify): Promise<{ note?: string; refusal?: string }> {
  const mode = runtime.mode('verify');
  if (mode === 'off' || seen.covers(call.path, call.line)) return {};
  const started = performance.now();
  const state = `Lines this session was shown by reads, symbol lookups and searches:\n${seen.recent().join('\n') || '(none)'}\n\nThe call: ${call.tool} on ${call.path} line ${call.line}, symbol ${call.symbol}.`;
  const { value: p, cacheHit } = await runtime.yesNo('verify', state, 'Did the coordinates of this call come from lines this session was shown?');
  // No answer changes nothing; an answer that vouches for them neither.
  const unverified = p !== undefined && p < VOUCH;
  runtime.record({ site: 'verify', signals: { coordinates_seen: p === undefined ? null : Math.round(p * 100) / 100 }, decision: unverified ? 'unverified' : p === undefined ? 'none' : 'vouched', enforced: unverified && mode === 'enforcing', latencyMs: Math.round(performance.now() - started), cacheHit });
  if (!unverified) return {};
  const what = `line ${call.line} of ${call.path} was not shown in this session by a read, skim_find_symbol or a search`;
  if (mode === 'enforcing') return { refusal: `${call.tool}: ${what}. Read that line first (skim_read_file, or skim_find_symbol for ${call.symbol}), then ask again.` };
  return { note: `[skim: ${what}; read it first to be sure the symbol is the one you mean.]` };
}
