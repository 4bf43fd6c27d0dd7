import { accessSync, constants, statSync } from 'node:fs';
import * as path from 'node:path';
import { Launch } from './launch';

/**
 * What searches text: ripgrep (a binary VS Code ships, or `rg` on PATH), else `git grep` inside a
 * git work tree. Found once per question; nothing is downloaded. Started by this process unless
 * `launch` says how (a long-lived host's Launcher).
 */
export type SearchProgram = ({ kind: 'rg'; path: string } | { kind: 'git'; path: string }) & { launch?: Launch };

export class NoSearchProgramError extends Error {}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first `name` on PATH that can be run. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const names = process.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`, name] : [name];
  for (const folder of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const candidate of names) {
      const file = path.join(folder, candidate);
      if (executable(file)) return file;
    }
  }
  return undefined;
}

/**
 * Where VS Code keeps its ripgrep under `appRoot`: the old layout (`@vscode/ripgrep/bin/rg`) and
 * the newer one (`@vscode/ripgrep-universal/bin/<platform>-<arch>/rg`), each also unpacked from
 * an asar archive. Extensions that probed one layout broke when VS Code moved to the other.
 */
export function vscodeRipgrepCandidates(appRoot: string, platform = process.platform, arch = process.arch): string[] {
  const exe = platform === 'win32' ? 'rg.exe' : 'rg';
  return ['node_modules', 'node_modules.asar.unpacked'].flatMap((modules) => [
    path.join(appRoot, modules, '@vscode', 'ripgrep', 'bin', exe),
    path.join(appRoot, modules, '@vscode', 'ripgrep-universal', 'bin', `${platform}-${arch}`, exe),
  ]);
}

/** Whether `folder` is inside a git work tree (a `.git` folder or file at it or above). */
function inGitTree(folder: string): boolean {
  for (let at = path.resolve(folder); ; at = path.dirname(at)) {
    try {
      statSync(path.join(at, '.git'));
      return true;
    } catch {
      if (path.dirname(at) === at) return false;
    }
  }
}

/**
 * The program to search `root` with: the first runnable of `candidates` (VS Code's own ripgrep),
 * else `rg` on PATH, else `git grep` in a git work tree. Throws NoSearchProgramError saying what to install.
 */
export function findSearchProgram(root: string, candidates: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): SearchProgram {
  const rg = candidates.find(executable) ?? onPath('rg', env);
  if (rg) return { kind: 'rg', path: rg };
  const git = onPath('git', env);
  if (git && inGitTree(root)) return { kind: 'git', path: git };
  throw new NoSearchProgramError(
    `Skim searches with ripgrep, and found no \`rg\` on PATH${git ? ` and ${root} is not in a git work tree (for \`git grep\`)` : ' and no git'}: install ripgrep (Debian and Ubuntu: apt install ripgrep; macOS: brew install ripgrep)`,
  );
}
