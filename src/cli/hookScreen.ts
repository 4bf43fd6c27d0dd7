import { Options } from '../core/config/options';
import { createContext, SILENT } from '../core/context';
import { GuardedRead, shownAs } from '../core/guard/guard';
import { judgeRuntime } from '../core/judge/runtime';
import { MapEntry } from '../core/map/types';
import { screenEntry } from '../core/screen/entry';
import { screenName } from '../core/screen/names';

/**
 * A read as a hook's answer shows it: the file's name screened where the notice prints it, and the
 * map screened as data: no judge is asked for it (a map is not a file's lines).
 */
export async function screenHookRead(options: Options, read: GuardedRead, key: string): Promise<GuardedRead> {
  const { name, entry } = await screenHookMap(options, key, read.entry);
  return shownAs({ ...read, entry }, name);
}

/** A file's name (its key) and its map as a hook's answer or a guarded shell read shows them: screened as data, no judge asked. */
export async function screenHookMap(options: Options, key: string, entry: MapEntry | undefined): Promise<{ name: string; entry?: MapEntry }> {
  const ctx = createContext({ options, judge: judgeRuntime(options, undefined, () => undefined), log: SILENT });
  const [name, screened] = await Promise.all([screenName(ctx, key), entry && screenEntry(ctx, entry)]);
  return { name, entry: screened?.entry };
}
