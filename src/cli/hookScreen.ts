import { Options } from '../core/config/options';
import { createContext, SILENT } from '../core/context';
import { GuardedRead, shownAs } from '../core/guard/guard';
import { judgeRuntime } from '../core/judge/runtime';
import { MapEntry, Region } from '../core/map/types';
import { screenEntry } from '../core/screen/entry';
import { screenName } from '../core/screen/names';
import { screenNamedMessage, screenReasons } from '../core/screen/message';
import { screenShownEntry } from '../core/screen/shownEntry';

/**
 * A read as a hook's answer shows it: the file's name screened where the notice prints it, and the
 * map screened as data: no judge is asked for it (a map is not a file's lines). With `drawnOf` (the
 * regions the answer's map draws of a read), only those regions are screened (screen/shownEntry).
 */
export async function screenHookRead(
  options: Options,
  read: GuardedRead,
  key: string,
  names: readonly string[],
  drawnOf?: (read: GuardedRead) => ReadonlySet<Region>,
): Promise<GuardedRead> {
  const ctx = hookContext(options);
  const [name, said] = await Promise.all([screenName(ctx, key), screenReasons(ctx, read, names)]);
  const shown = shownAs({ ...read, ...said }, name);
  if (!shown.entry) return shown;
  const entry = drawnOf
    ? await screenShownEntry(ctx, shown.entry, (candidate) => drawnOf({ ...shown, entry: candidate }))
    : (await screenEntry(ctx, shown.entry)).entry;
  return { ...shown, entry };
}

/** A file's name (its key) and its map as a hook's answer or a guarded shell read shows them: screened as data, no judge asked. */
export async function screenHookMap(options: Options, key: string, entry: MapEntry | undefined): Promise<{ name: string; entry?: MapEntry }> {
  const ctx = hookContext(options);
  const [name, screened] = await Promise.all([screenName(ctx, key), entry && screenEntry(ctx, entry)]);
  return { name, entry: screened?.entry };
}

/** A message the hook gives the agent (the edit gate's refusal or note), screened: the names it quotes as names, the rest as a message. */
export function screenHookMessage(options: Options, message: string, names: readonly string[]): Promise<string> {
  return screenNamedMessage(hookContext(options), message, names);
}

/** What the hook's screen works with: its options, and no judge (a name or a message is never judged). */
const hookContext = (options: Options) => createContext({ options, judge: judgeRuntime(options, undefined, () => undefined), log: SILENT });
