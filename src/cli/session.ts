import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { MapCache, saveOpenCaches } from '../core/cache/store';
import { TeamCache } from '../core/cache/teamCache';
import { MapService } from '../core/maps';
import { ModelUnavailableError } from '../core/model/model';
import { OpenAiModel, openAiSettingsFromEnv } from '../core/model/openai';
import { Project } from '../core/project';
import { UsageError } from './args';
import type { OpenMaps } from './commands/hook';
import { defaultRoot } from './root';

/** Everything one CLI invocation works with: the project, its cache and the model, if any. */
export interface Session {
  project: Project;
  maps: MapService;
  cwd: string;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** One database per project root, in the user's cache folder unless told otherwise. */
export function cacheFileFor(root: string, cacheDir: string | undefined, env: NodeJS.ProcessEnv): string {
  const dir = cacheDir ?? env.SKIM_CACHE_DIR ?? path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'skim');
  const id = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(path.resolve(dir), `${path.basename(root) || 'root'}-${id}.sqlite`);
}

let signalsHandled = false;

/** A `skim` process ended by SIGTERM or SIGINT (an MCP client closing it, a host killing a hook) saves its caches first. */
function saveOnSignals(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    process.once(signal, () => void saveOpenCaches(2_000).finally(() => process.exit(code)));
  }
}

export async function openSession(
  options: { root?: string; cacheDir?: string },
  env: NodeJS.ProcessEnv,
  cwd: string,
  warn: (message: string) => void,
): Promise<Session> {
  const project = new Project(options.root ? path.resolve(cwd, options.root) : defaultRoot(cwd));
  let settings;
  try {
    settings = openAiSettingsFromEnv(env);
  } catch (error) {
    if (error instanceof ModelUnavailableError) throw new UsageError(error.message);
    throw error;
  }
  saveOnSignals();
  const cache = await MapCache.open(cacheFileFor(project.root, options.cacheDir, env), { onWarning: warn });
  const teamUrl = env.SKIM_TEAM_CACHE_URL?.trim();
  const team = teamUrl ? new TeamCache({ url: teamUrl, warn }) : undefined;
  const maps = new MapService(cache, settings ? new OpenAiModel(settings) : undefined, undefined, team);
  return { project, maps, cwd, env, close: async () => void (await Promise.all([cache.close(), team?.close()])) };
}

/** The engine the hook opens for a project when a read needs a map. */
export const openEngineMaps: OpenMaps = async (root, env, warn) => {
  const session = await openSession({ root, cacheDir: env.SKIM_CACHE_DIR }, env, root, warn);
  return { maps: session.maps, close: session.close };
};
