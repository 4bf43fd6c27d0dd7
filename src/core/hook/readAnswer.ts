import { GuardedRead } from '../guard/guard';
import { MAP_BYTE_WEIGHT } from '../guard/mapBudget';
import { laidOutMap } from '../map/render';
import { Region } from '../map/types';
import { AGENT_HOSTS, HookHost, hostOf } from './hosts';
import { bytesThrough, HookEvent, HookFormat, OutputCut, PreToolAnswer } from './hosts/host';
import { HookRead } from './payload';

/** The most bytes of extra text each host passes on inline. */
export const CONTEXT_LIMITS = Object.fromEntries(AGENT_HOSTS.map((host) => [host.id, host.contextLimit])) as Record<HookHost, number>;

/** What a read's extra text may take, in bytes. */
export interface ContextBudget {
  /** The most the host passes on inline. */
  maxBytes: number;
  /** What the host alone would have shown of the read: the lines Skim shows, the notice and the map stay within it. */
  hostBytes?: number;
  /** The lines Skim shows, as the host shows them. */
  linesBytes?: number;
}

/** What a host does with a read: the extra text it passes on inline, and its own cut of the read's output. */
export interface ReadLimits {
  contextLimit: number;
  cut?: OutputCut;
}

/** The bytes of lines as a tool returns them, each with its newline. */
export const linesBytes = (lines: readonly string[]): number => lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);

/**
 * A read's budget in its host: the host's inline limit and, for a capped read, what the host alone
 * would have shown of the lines it asked for (its own cut applied), against the lines Skim shows.
 */
export function readBudget(limits: ReadLimits, read: GuardedRead): ContextBudget {
  if (!read.capped || read.askedBytes === undefined || read.askedEnd === undefined) return { maxBytes: limits.contextLimit };
  return {
    maxBytes: limits.contextLimit,
    hostBytes: bytesThrough(limits.cut, read.askedBytes, read.askedEnd - read.start + 1),
    linesBytes: linesBytes(read.lines),
  };
}

/** The bytes a map may take after `notice` (and the blank line between) within the budget, each of its bytes counted as MAP_BYTE_WEIGHT against the host's cut. */
export function mapRoom(notice: string, budget: ContextBudget): number {
  const noticeBytes = Buffer.byteLength(notice) + 2;
  const beside = budget.hostBytes === undefined ? Infinity : (budget.hostBytes - (budget.linesBytes ?? 0) - noticeBytes) / MAP_BYTE_WEIGHT;
  return Math.min(budget.maxBytes - noticeBytes, beside);
}

/**
 * The notice first (nothing else tells the model its read was shortened), then the map, fitted to
 * the budget and saying how to get the whole map (`wholeMap`). A capped read never shows more than
 * the host alone would have: its map folds to fit beside the lines and the notice, and where even
 * its fewest folds do not fit there is no context (undefined): the read is better left as asked.
 * An unmapped read's notice comes with what prose there is, cut to fit.
 */
export function hookContext(read: GuardedRead, budget: ContextBudget, wholeMap?: string): string | undefined {
  return laidContext(read, budget, wholeMap).context;
}

/** hookContext, with the regions its map draws. */
function laidContext(read: GuardedRead, budget: ContextBudget, wholeMap?: string): { context?: string; drawn: ReadonlySet<Region> } {
  const notice = read.notice;
  const entry = read.entry;
  if (!entry) return { context: notice, drawn: new Set() };
  const room = mapRoom(notice, budget);
  const draw = (chars: number) => {
    const laid = laidOutMap(entry, { maxChars: Math.max(0, chars), wholeMap });
    return read.capped && laid.cut ? undefined : laid;
  };
  for (let chars = Math.floor(room); ;) {
    const map = draw(chars);
    if (map === undefined) return { drawn: new Set() };
    const excess = Buffer.byteLength(map.text) - room;
    if (excess <= 0 || chars <= 0) return { context: `${notice}\n\n${map.text}`, drawn: map.drawn };
    chars -= Math.ceil(excess) + 16;
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
 * hook), and when the host alone would show less of the read than its 200 lines, the notice and
 * the fewest folds of its map.
 */
export function readAnswer(call: HookRead, read: GuardedRead, wholeMap?: string): PreToolAnswer | undefined {
  if (read.outcome !== 'capped' && read.outcome !== 'unmapped') return undefined;
  const host = hostOf(call.host);
  const context = hookContext(read, readBudget({ contextLimit: host.contextLimit, cut: host.cuts?.read }, read), wholeMap);
  if (context === undefined) return undefined;
  const input = read.outcome === 'capped' ? call.rewrite(read.start, read.end) : undefined;
  return input ? { decision: 'allow', input, context } : { context };
}

/** The regions of `read.entry` that readAnswer's map draws for this call: what must be screened of it (screen/shownEntry). */
export function drawnRegions(call: HookRead, read: GuardedRead, wholeMap?: string): ReadonlySet<Region> {
  return laidContext(read, readBudget({ contextLimit: hostOf(call.host).contextLimit, cut: hostOf(call.host).cuts?.read }, read), wholeMap).drawn;
}
