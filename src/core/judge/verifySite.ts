import { verifyDecision } from './decide';
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

/**
 * Asks the judge (site `verify`) one question about where a call's input came from, records the
 * judgement, and returns the site's mode when the judge says it did not come from what the
 * session was shown; undefined otherwise (no judge, no answer, or the judge vouches).
 */
export async function judgedUnverified(runtime: JudgeRuntime, signal: string, state: string, question: string): Promise<'advisory' | 'enforcing' | undefined> {
  const mode = runtime.mode('verify');
  if (mode === 'off') return undefined;
  const started = performance.now();
  const { value: p, cacheHit, error } = await runtime.yesNo('verify', state, question);
  const decision = verifyDecision(p);
  const unverified = decision === 'unverified';
  runtime.record({
    site: 'verify',
    signals: { [signal]: p === undefined ? null : Math.round(p * 100) / 100 },
    decision,
    enforced: unverified && mode === 'enforcing',
    latencyMs: Math.round(performance.now() - started),
    cacheHit,
    ...(error ? { error } : {}),
  });
  return unverified ? mode : undefined;
}

export async function verifyCall(
  runtime: JudgeRuntime,
  seen: SeenLines,
  call: CallToVerify,
): Promise<{ note?: string; refusal?: { reason: string; advice: string } }> {
  if (runtime.mode('verify') === 'off' || seen.covers(call.path, call.line)) return {};
  const state = `Lines this session was shown by reads, symbol lookups and searches:\n${seen.recent().join('\n') || '(none)'}\n\nThe call: ${call.tool} on ${call.path} line ${call.line}, symbol ${call.symbol}.`;
  const mode = await judgedUnverified(runtime, 'coordinates_seen', state, 'Did the coordinates of this call come from lines this session was shown?');
  if (!mode) return {};
  const what = `line ${call.line} of ${call.path} was not shown in this session by a read, skim_find_symbol or a search`;
  if (mode === 'enforcing')
    return { refusal: { reason: what, advice: `Read that line first (skim_read_file, or skim_find_symbol for ${call.symbol}), then ask again.` } };
  return { note: `[skim: ${what}; read it first to be sure the symbol is the one you mean.]` };
}
