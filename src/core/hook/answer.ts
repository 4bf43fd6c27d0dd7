import { GuardedRead } from '../guard/guard';
import { renderMap } from '../map/render';
import { mapBudget } from '../guard/mapBudget';
import { AnswerShape, HookHost, HookRead } from './payload';

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

/** What a PreToolUse answer says, in Skim's words; `hostAnswer` writes it in the host's shape. */
export interface PreToolAnswer {
  decision?: 'allow' | 'deny';
  /** The call's arguments, rewritten (with allow). */
  input?: Record<string, unknown>;
  /** Why the call is denied: the host shows it to the model. */
  reason?: string;
  /** Extra text the model sees with the call's result. */
  context?: string;
}

/**
 * Every answer Skim's hook gives, in the host's shape: the Copilot CLI's flat object, or the
 * hookSpecificOutput Claude Code and VS Code read. The one place the hosts' field names live.
 */
export function hostAnswer(shape: AnswerShape, said: PreToolAnswer): object {
  const fields = {
    ...(said.decision && { permissionDecision: said.decision }),
    ...(said.input && { [shape === 'flat' ? 'modifiedArgs' : 'updatedInput']: said.input }),
    ...(said.reason !== undefined && { permissionDecisionReason: said.reason }),
    ...(said.context !== undefined && { additionalContext: said.context }),
  };
  return shape === 'flat' ? fields : { hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } };
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
  const said: PreToolAnswer = input ? { decision: 'allow', input, context: additionalContext } : { context: additionalContext };
  return { answer: hostAnswer(call.shape, said), context: additionalContext };
}
