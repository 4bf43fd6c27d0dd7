import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** The project a command works in when not told: the nearest folder above `from` holding .git, else `from` itself. */
export function defaultRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from);
  }
}
