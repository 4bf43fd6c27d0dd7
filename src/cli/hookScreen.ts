import { Options } from '../core/config/options';
import { createContext, SILENT } from '../core/context';
import { GuardedRead, shownAs } from '../core/guard/guard';
import { MapEntry } from '../core/map/types';
import { judgeRuntime } from '../core/judge/runtime';
import { screenEntry } from '../core/screen/entry';
import { screenName } from '../core/screen/names';

const hookContext = (options: Options) => createContext({ options, judge: judgeRuntime(options, undefined, () => undefined), log: SILENT });

/** A map as a hook's answer draws from it (the regions a ledger note places changed lines in): screened as data, no judge asked. */
export async function screenHookEntry(options: Options, entry: MapEntry): Promise<MapEntry> {
  return (await screenEntry(hookContext(options), entry)).entry;
}

/**
 * A read as a hook's answer shows it: the file's name screened where the notice prints it, and the
 * map screened as data: no judge is asked for it (a map is not a file's lines).
 */
export async function screenHookRead(options: Options, read: GuardedRead, key: string): Promise<GuardedRead> {
  const ctx = hookContext(options);
  const [name, entry] = await Promise.all([screenName(ctx, key), read.entry && screenEntry(ctx, read.entry)]);
  return shownAs({ ...read, entry: entry?.entry }, name);
}
