import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MapCache } from '../core/cache/store';
import { MapService } from '../core/maps';
import { ModelUnavailableError } from '../core/model/model';
import { OpenAiModel, openAiSettingsFromEnv } from '../core/model/openai';
import { Project } from '../core/project';
import { UsageError } from './args';

/** Everything one CLI invocation works with: the project, its cache and the model, if any. */
export interface Session {
  project: Project;
  maps: MapService;
  cwd: string;
  close(): Promise<void>;
}

/** The nearest folder above `from` holding .git, else `from` itself. */
export function defaultRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}

/** One database per project root, in the user's cache folder unless told otherwise. */
export function cacheFileFor(root: string, cacheDir: string | undefined, env: NodeJS.ProcessEnv): string {
  const dir = cacheDir ?? env.SKIM_CACHE_DIR ?? path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'skim');
  const id = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(path.resolve(dir), `${path.basename(root) || 'root'}-${id}.sqlite`);
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
  const cache = await MapCache.open(cacheFileFor(project.root, options.cacheDir, env), { onWarning: warn });
  const maps = new MapService(cache, settings ? new OpenAiModel(settings) : undefined);
  return { project, maps, cwd, close: () => cache.close() };
}
