import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * Where a running extension listens for hooks of one workspace folder: a Unix socket in a folder
 * only its user can enter (a named pipe on Windows). The hook finds it from the file it reads.
 */
export function socketDirectory(): string {
  const user = os.userInfo().username.replace(/[^\w.-]/g, '_');
  return path.join(os.tmpdir(), `skim-${user}`);
}

export function socketPathFor(folder: string): string {
  const id = createHash('sha256').update(path.resolve(folder)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\skim-${os.userInfo().username}-${id}`;
  return path.join(socketDirectory(), `${id}.sock`);
}

/** The sockets a file's workspace could listen on: its folder's, then each enclosing folder's. */
export function socketCandidates(file: string): { socket: string; folder: string }[] {
  const out: { socket: string; folder: string }[] = [];
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    out.push({ socket: socketPathFor(dir), folder: dir });
    if (path.dirname(dir) === dir) return out;
  }
}
