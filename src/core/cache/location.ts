import * as path from 'node:path';
import { Options } from '../config/options';
import { sha256Hex } from '../files/sha256';
import { cacheDir as userCacheDir } from '../files/stateDir';

/** Where the command line keeps a project's map database: one per project root, in the user's cache folder unless told otherwise. */
export function cacheFileFor(root: string, cacheDir: string | undefined, options: Options, env: NodeJS.ProcessEnv): string {
  const dir = cacheDir ?? (options.cacheDir || userCacheDir(env));
  const id = sha256Hex(root).slice(0, 16);
  return path.join(path.resolve(dir), `${path.basename(root) || 'root'}-${id}.sqlite`);
}
