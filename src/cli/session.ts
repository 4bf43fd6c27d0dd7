import * as path from 'node:path';
import { cacheFileFor } from '../core/cache/location';
import { closeOpenOutlineStores, outlineFileBeside, OutlineStore } from '../core/cache/outlineStore';
import { MapCache, saveOpenCaches } from '../core/cache/store';
import { TeamCache } from '../core/cache/teamCache';
import { Options } from '../core/config/options';
import { createContext, lineLogger, Logger, SkimContext } from '../core/context';
import { Project } from '../core/files/project';
import { judgeLog, judgeLogFile, judgeRuntime, openAiJudgeFrom } from '../core/judge/runtime';
import { MapService } from '../core/mapping/service';
import { OpenAiModel } from '../core/model/openai';
import { within } from '../core/time/deadline';
import { stopParsesOn } from '../core/structural/parser';
import { Outlines } from '../core/outlines/projectOutlines';
import { UsageError } from './args';
import type { OpenMaps } from './hookParts';
import { CommandFailed } from './io';
import { defaultRoot } from './root';

/** Everything one CLI invocation works with: the project, its cache and the model, if any, and the session's context. */
export interface Session {
  project: Project;
  maps: MapService;
  ctx: SkimContext;
  /** The team cache, when SKIM_TEAM_CACHE_URL names one. */
  team?: TeamCache;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The project's tree-sitter outlines, stored beside its maps; opened on first use (a hook's read never needs them). */
  outlines(): Promise<Outlines>;
  /** Where the outline store is (opened by `outlines`), for what is kept beside it. */
  outlineFile: string;
  /** Aborted when a signal ends the process: long work (an overview) stops at once rather than running on while the caches are saved. */
  signal: AbortSignal;
  /** The folder of the project's cache (its maps, outlines and history). */
  cacheDir: string;
  close(): Promise<void>;
}

let signalsHandled = false;
const ending = new AbortController();

/** How long a process given a signal waits for its sessions' work to stop and say so, before it exits. */
const ENDING_GRACE_MS = 1_000;

/** Each open session's close: a signalled process exits once they have closed (their command stopped and said so), or after ENDING_GRACE_MS. */
const openSessions = new Set<Promise<void>>();

/**
 * A `skim` process ended by SIGTERM, SIGINT or SIGHUP (an MCP client closing it, a host killing a
 * hook, a terminal gone) stops its work and saves its caches first. A parse gives the event loop a
 * turn between its slices, so the signal is handled while a large file is parsed, and stops it.
 */
function saveOnSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  stopParsesOn(ending.signal);
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const) {
    process.once(signal, () => {
      ending.abort(new CommandFailed(`stopped: ended by ${signal}`));
      const stopped = within(Promise.allSettled([...openSessions]), ENDING_GRACE_MS);
      void Promise.allSettled([saveOpenCaches(2_000), closeOpenOutlineStores(), stopped]).finally(() => process.exit(code));
    });
  }
}

/** The session's context: its options, a judge as the options name it (its events to the JSONL log), and `log`. */
export function sessionContext(options: Options, env: NodeJS.ProcessEnv, log: Logger): SkimContext {
  const judge = judgeRuntime(options, openAiJudgeFrom(options), judgeLog(judgeLogFile(env)), (reason) =>
    log.warn('judge', `the judge failed (${reason}); nothing was judged. \`skim judge stats\` shows every failure.`),
  );
  return createContext({ options, judge, log });
}

/** The model the options name for the command line: an OpenAI-compatible endpoint, or none (tree-sitter outlines). */
function modelFrom(options: Options): OpenAiModel | undefined {
  if (!options.modelUrl) return undefined;
  if (!options.modelName) throw new UsageError('SKIM_MODEL_URL is set but SKIM_MODEL_NAME is not: name the model to ask, e.g. SKIM_MODEL_NAME=gpt-4o-mini');
  return new OpenAiModel({
    url: options.modelUrl,
    model: options.modelName,
    key: options.modelKey || undefined,
    timeoutMs: options.modelTimeoutSeconds * 1000,
  });
}

export async function openSession(
  where: { root?: string; cacheDir?: string },
  options: Options,
  env: NodeJS.ProcessEnv,
  cwd: string,
  warn: (message: string) => void,
): Promise<Session> {
  const project = new Project(where.root ? path.resolve(cwd, where.root) : defaultRoot(cwd));
  const log = lineLogger(warn);
  const ctx = sessionContext(options, env, log);
  const model = modelFrom(options);
  saveOnSignals();
  const cacheFile = cacheFileFor(project.root, where.cacheDir, options, env);
  const cache = await MapCache.open(cacheFile, { onWarning: warn });
  const team = options.teamCacheUrl ? new TeamCache({ url: options.teamCacheUrl, warn, refusalsFolder: path.dirname(cacheFile) }) : undefined;
  const maps = new MapService(ctx, cache, model, undefined, team);
  let outlineStore: Promise<OutlineStore> | undefined;
  const outlineFile = outlineFileBeside(cacheFile);
  // Made in the outline worker: its outline query runs in one piece, and a signal must end the command while it does.
  const outlines = async () => new Outlines(await (outlineStore ??= OutlineStore.open(outlineFile, { onWarning: warn })), maps.slow, true);
  let closed: () => void = () => undefined;
  const closing = new Promise<void>((resolve) => (closed = resolve));
  openSessions.add(closing);
  const close = async () => {
    try {
      await Promise.all([cache.close(), team?.close(), outlineStore?.then((store) => store.close())]);
    } finally {
      openSessions.delete(closing);
      closed();
    }
  };
  return { project, maps, ctx, team, cwd, env, outlines, outlineFile, close, signal: ending.signal, cacheDir: path.dirname(cacheFile) };
}

/** The engine the hook opens for a project when a read needs a map. */
export const openEngineMaps: OpenMaps = async (root, options, env, warn) => {
  const session = await openSession({ root }, options, env, root, warn);
  return {
    maps: session.maps,
    close: session.close,
    keepEntryFile: (key) => session.maps.cache.keepEntryFile(key),
    // A hook ends soon: what could not be saved is said once, when it closes.
    flush: (lockWaitMs) => session.maps.cache.flush(lockWaitMs, true),
  };
};
