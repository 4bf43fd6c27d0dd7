import { indexedEntry } from '../../core/hook/indexedEntry';
import { gateModeOf, unknownGateLine } from '../../core/gate/gate';
import * as ledgerParts from '../hookLedger';
import { screenHookEntry, screenHookRead } from '../hookScreen';
import { openEngineMaps } from '../session';
import { hookMain } from './hook';
import type { Call } from './command';

/**
 * `skim hook` run with the engine already loaded: in-process callers, and arguments other than the
 * installed command's (which dist/cli-main.js answers alone). Never a usage error: a hook's exit
 * code 2 would block the agent's call, so an unknown mode is the default.
 */
export function hookInProcess(call: Call): Promise<number> {
  const gateMode = call.rest[0] === '--edit-gate' ? gateModeOf(call.rest[1]) : undefined;
  if (gateMode && gateMode !== call.rest[1]) call.io.warn(unknownGateLine(call.rest[1]));
  const on = call.rest[0] === '--on' ? (call.rest[1] ?? '') : undefined;
  const parts = { openMaps: openEngineMaps, screen: screenHookRead, indexed: indexedEntry, screenEntry: screenHookEntry, ledger: () => ledgerParts };
  return hookMain(call.io, call.env, call.cwd, parts, gateMode, on);
}
