import { lstatSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isWithin } from '../files/project';
import { sha256Hex } from '../files/sha256';
import { untrustedDirectory } from '../files/trust';

/**
 * Where a running extension listens for hooks of one workspace folder: a Unix socket in a folder
 * that only this user can enter (a named pipe on Windows). `$XDG_RUNTIME_DIR/skim` where the
 * session has a runtime folder (private to the user by the spec that defines it), else
 * `skim-<uid>` under the temp folder, which anyone could have made first: so both ends check the
 * folder's owner and mode, and the hook checks the socket's owner, before trusting either.
 */
export function socketDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime)) return path.join(runtime, 'skim');
  return path.join(os.tmpdir(), `skim-${typeof process.getuid === 'function' ? process.getuid() : os.userInfo().username.replace(/[^\w.-]/g, '_')}`);
}

export function socketPathFor(folder: string, env: NodeJS.ProcessEnv = process.env): string {
  const id = sha256Hex(path.resolve(folder)).slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\skim-${os.userInfo().username}-${id}`;
  return path.join(socketDirectory(env), `${id}.sock`);
}

/** Whether `socket` is a socket this user owns. */
function ownSocket(socket: string): boolean {
  if (process.platform === 'win32') return true;
  try {
    const stat = lstatSync(socket);
    return stat.isSocket() && stat.uid === process.getuid?.();
  } catch {
    return false;
  }
}

/**
 * The running extension that serves `file`, if one listens: the socket of the file's folder or
 * of a folder above it, never above `root` (the project the hook resolved on its own), and only
 * in a private folder and owned by this user.
 */
export function findExtension(file: string, root: string, env: NodeJS.ProcessEnv = process.env): { socket: string; folder: string } | undefined {
  if (!isWithin(root, file) || untrustedDirectory(socketDirectory(env))) return undefined;
  for (let dir = path.dirname(file); isWithin(root, dir); dir = path.dirname(dir)) {
    const socket = socketPathFor(dir, env);
    if (ownSocket(socket)) return { socket, folder: dir };
    if (dir === root) break;
  }
  return undefined;
}
