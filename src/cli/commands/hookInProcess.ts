import { indexedEntry } from '../../core/hook/indexedEntry';
import { hookFlags } from '../hookArgs';
import { screenHookMap, screenHookRead } from '../hookScreen';
import { openEngineMaps } from '../session';
import type { HookParts } from '../hookParts';
import { hookMain } from './hook';
import type { Call } from './command';

/** The hook's parts where the engine is loaded already: nothing is loaded apart. */
export const ENGINE_PARTS: HookParts = { openMaps: openEngineMaps, screen: screenHookRead, screenMap: screenHookMap, indexed: indexedEntry };

/**
 * `skim hook` run with the engine already loaded: in-process callers, and arguments other than the
 * installed command's (which dist/cli-main.js answers alone). Never a usage error: a hook's exit
 * code 2 would block the agent's call, so arguments it cannot read are said and left out.
 */
export function hookInProcess(call: Call): Promise<number> {
  const flags = hookFlags(call.rest) ?? { problems: [`hook: ${call.rest.join(' ').slice(0, 80)}: not flags the hook takes; the hook goes on without them`] };
  for (const problem of flags.problems) call.io.warn(problem);
  return hookMain(call.io, call.env, call.cwd, ENGINE_PARTS, flags);
}
