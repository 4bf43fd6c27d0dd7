import type { Options } from '../core/config/options';
import type { HookCall } from '../core/hook/payload';
import { afterRead as ledgerAfterRead, RegionsNow } from '../core/ledger/hookLedger';
import { withOptions } from '../core/config/read';
import type { ProjectFile } from '../core/files/project';
import type { MapSource } from '../core/mapping/mapSource';
import type { Region } from '../core/map/types';
import { HookParts, hookMapSource, LedgerHookContext } from './hookParts';
import { defaultRoot } from './root';

/**
 * The session ledger's part of a hook (dist/hook-ledger.js): a host's context events, and a read's
 * result once it ran. Loaded only for those; a read before it runs never loads it.
 */
export { onContextEvent } from '../core/ledger/hookLedger';

/** The regions of a file's map for content `hash` (the cached map, else made by `maps`), screened; none when the map is of other content or only prose. */
export async function screenedRegions(
  maps: MapSource,
  file: ProjectFile,
  hash: string,
  size: number,
  options: Options,
  parts: HookParts,
): Promise<readonly Region[] | undefined> {
  const entry = (await maps.cached(file, hash, size)) ?? (await maps.ensure(file)).entry;
  return entry.hash === hash && entry.status !== 'prose-only' ? (await parts.screenMap(options, file.key, entry)).entry?.regions : undefined;
}

/**
 * The regions of a file's map as it is now (the cached map, else its tree-sitter outline: never a
 * model call), screened: where a ledger note places the lines it shows of a changed file.
 */
function regionsNow(cwd: string, hook: LedgerHookContext): RegionsNow {
  return async (real, hash, size) => {
    const options = withOptions(hook.options, { modelUrl: '' });
    const { file, maps, local } = hookMapSource(real, defaultRoot(cwd), options, hook.env, hook.parts, hook.deadline, hook.warn);
    if (!file.inside) return undefined;
    try {
      return await screenedRegions(maps, file, hash, size, hook.options, hook.parts);
    } finally {
      await local.close();
    }
  };
}

/** A read once it ran: the host's answer replacing its result where the session's context already holds lines of it, or undefined. */
export function afterRead(call: HookCall, payload: Record<string, unknown>, hook: LedgerHookContext): Promise<object | undefined> {
  return ledgerAfterRead({
    host: call.host,
    tool: call.tool,
    payload,
    input: call.input,
    cwd: call.cwd,
    session: call.session,
    env: hook.env,
    deadline: hook.deadline,
    regions: regionsNow(call.cwd, hook),
  });
}
