import { GuardedRead } from '../guard/guard';
import { renderMap } from '../map/render';
import { mapBudget } from '../guard/mapBudget';
import { AGENT_HOSTS, HookHost } from './hosts';
import { HookEvent, HookFormat, PreToolAnswer } from './hosts/host';
import { HookRead } from './payload';

/** The most bytes of extra text each host passes on inline. */
export const CONTEXT_LIMITS = Object.fromEntries(AGENT_HOSTS.map((host) => [host.id, host.contextLimit])) as Record<HookHost, number>;

/**
 * The notice first (nothing else tells the model its read was shortened), then the map, fitted to
 * `maxBytes` and to the read's own budget, saying how to get the whole map (`wholeMap`).
 */
export function hookContext(read: GuardedRead, maxBytes: number, wholeMap?: string): string {
  const notice = read.notice;
  if (!read.entry) return notice;
  let budget = Math.min(maxBytes - Buffer.byteLength(notice) - 2, mapBudget(read) ?? Infinity);
  for (;;) {
    const text = `${notice}\n\n${renderMap(read.entry, { maxChars: Math.max(0, budget), wholeMap })}`;
    const excess = Buffer.byteLength(text) - maxBytes;
    if (excess <= 0 || budget <= 0) return text;
    budget -= excess + 16;
  }
}

export type { PreToolAnswer } from './hosts/host';

/** Every answer Skim's hook gives, in the payload's format (`hosts/`: the Copilot CLI's flat object, the hookSpecificOutput Claude Code, VS Code and Codex read, Gemini's). */
export function hostAnswer(shape: HookFormat, said: PreToolAnswer, event: HookEvent = 'pre'): object {
  return shape.answer(said, event);
}

/**
 * What the hook says of a read: for a capped read, the same call shortened plus the notice and
 * map; for an oversized read that could not be mapped, the call untouched plus the reason.
 * Undefined when there is nothing to say (the host then proceeds exactly as if there were no
 * hook).
 */
export function readAnswer(call: HookRead, read: GuardedRead, wholeMap?: string): PreToolAnswer | undefined {
  if (read.outcome !== 'capped' && read.outcome !== 'unmapped') return undefined;
  const context = hookContext(read, CONTEXT_LIMITS[call.host], wholeMap);
  const input = read.outcome === 'capped' ? call.rewrite(read.start, read.end) : undefined;
  return input ? { decision: 'allow', input, context } : { context };
}
