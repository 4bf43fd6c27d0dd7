import { execFileSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** Packages the extension exactly as `npm run package` does and moves the .vsix to `out`. */
export function packageVsix(out: string): string {
  execFileSync('npm', ['run', 'package'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  renameSync(path.join(ROOT, 'skim.vsix'), out);
  return out;
}
