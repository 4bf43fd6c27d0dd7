import { GuardedRead } from '../guard/guard';
import { renderMap } from '../map/render';
import { mapBudget } from '../guard/mapBudget';
import { HookHost, HookRead } from './payload';

/**
 * The most bytes of extra text each host passes on inline. VS Code moves a text part over 8,192
 * bytes to a file behind a pointer; Claude Code cuts additionalContext over 10,000 characters to
 * a 2 KB preview; the Copilot CLI was seen passing 200,000 characters whole. Each keeps a margin.
 */
export const CONTEXT_LIMITS: Record<HookHost, number> = { vscode: 8000, claude: 9800, 'copilot-cli': 60000 };

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

function rewritten(call: HookRead, read: GuardedRead): Record<string, unknown> {
  const count = read.end - read.start + 1;
  switch (call.args) {
    case 'range':
      return { ...call.input, startLine: read.start, endLine: read.end };
    case 'offset-limit':
      return { ...call.input, offset: read.start, limit: count };
    case 'view-range':
      return { ...call.input, view_range: [read.start, read.end] };
  }
}

/**
 * The host's answer: for a capped read, the same call shortened plus the notice and map; for an
 * oversized read that could not be mapped, the call untouched plus the reason. Undefined when
 * there is nothing to say (the host then proceeds exactly as if there were no hook). `context`
 * is the extra text the answer carries, made once.
 */
export function hookAnswer(call: HookRead, read: GuardedRead, wholeMap?: string): { answer: object; context: string } | undefined {
  if (read.outcome !== 'capped' && read.outcome !== 'unmapped') return undefined;
  const additionalContext = hookContext(read, CONTEXT_LIMITS[call.host], wholeMap);
  const input = read.outcome === 'capped' ? rewritten(call, read) : undefined;
  if (call.shape === 'flat')
    return { answer: input ? { permissionDecision: 'allow', modifiedArgs: input, additionalContext } : { additionalContext }, context: additionalContext };
  return {
    answer: {
      hookSpecificOutput: input
        ? { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: input, additionalContext }
        : { hookEventName: 'PreToolUse', additionalContext },
    },
    context: additionalContext,
  };
}
