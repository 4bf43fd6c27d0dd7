import { Options } from '../core/config/options';
import { createContext, SILENT } from '../core/context';
import { judgeRuntime } from '../core/judge/runtime';
import { MapEntry } from '../core/map/types';
import { screenEntry } from '../core/screen/entry';

/** The map a hook's answer carries, screened as data: no judge is asked for it (a map is not a file's lines). */
export async function screenMapEntry(options: Options, entry: MapEntry): Promise<MapEntry> {
  const ctx = createContext({ options, judge: judgeRuntime(options, undefined, () => undefined), log: SILENT });
  return (await screenEntry(ctx, entry)).entry;
}
