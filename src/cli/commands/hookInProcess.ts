import { indexedEntry } from '../../core/hook/indexedEntry';
import { gateModeOf, unknownGateLine } from '../../core/gate/gate';
import * as ledgerParts from '../hookLedger';
import { screenHookMap, screenHookRead } from '../hookScreen';
import { openEngineMaps } from '../session';
import type { HookParts } from '../hookParts';
import { hookMain } from './hook';
import type { Call } from './command';

/** The hook's parts where the engine is loaded already: nothing is loaded apart. */
export const ENGINE_PARTS: HookParts = {
  openMaps: openEngineMaps,
  screen: screenHookRead,
  screenMap: screenHookMap,
  indexed: indexedEntry,
  ledger: () => ledgerParts,
};

/**
 * `skim hook` run with the engine already loaded: in-process callers, and arguments other than the
 * installed command's (which dist/cli-main.js answers alone). Never a usage error: a hook's exit
 * code 2 would block the agent's call, so an unknown mode is the default.
 */
export function hookInProcess(call: Call): Promise<number> {
  const gateMode = call.rest[0] === '--edit-gate' ? gateModeOf(call.rest[1]) : undefined;
  if (gateMode && gateMode !== call.rest[1]) call.io.warn(unknownGateLine(call.rest[1]));
  const on = call.rest[0] === '--on' ? (call.rest[1] ?? '') : undefined;
  return hookMain(call.io, call.env, call.cwd, ENGINE_PARTS, gateMode, on);
}
