import { MapEntry } from '../map/types';
import { flagLines, ScreenSignal } from './flags';

/**
 * Whether a map from outside the file (a model's answer, a teammate's row in the team cache, the
 * extension's answer over the socket) may be used: its prose, names and notes are screened like
 * any text Skim returns, and a map that addresses the agent, tries to override its instructions
 * or asks for secrets is not used at all. Returns why not, or undefined when it may be used.
 */
const WHAT: Record<ScreenSignal, string> = {
  contains_instruction_to_agent: 'addresses the AI agent that reads it',
  attempts_override: "tries to override the agent's instructions",
  requests_secret_disclosure: 'asks for secrets',
};

export function vetMap(entry: Pick<MapEntry, 'prose' | 'regions'>): string | undefined {
  const prose = entry.prose.split('\n');
  const fields = [...prose, ...entry.regions.flatMap((r) => [`${r.kind} ${r.name}`, r.note])];
  const [flag] = flagLines(fields.join('\n'));
  if (!flag) return undefined;
  const index = flag.line - 1;
  if (index < prose.length) return `its prose ${WHAT[flag.signal]}`;
  const region = entry.regions[Math.floor((index - prose.length) / 2)];
  return `the entry for ${region.kind} ${region.name} (lines ${region.start}-${region.end}) ${WHAT[flag.signal]}`;
}
