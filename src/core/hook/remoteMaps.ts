import { existsSync } from 'node:fs';
import * as net from 'node:net';
import { MapEntry } from '../map/types';
import { MapOutcome, MapSource, MapUnavailableError } from '../maps';
import { ProjectFile } from '../project';
import { socketCandidates } from './socketPath';

/** One request to the extension, one answer: newline-delimited JSON over the socket. */
export type HookRequest = { op: 'cached'; file: string; hash: string; size: number } | { op: 'ensure'; file: string };
export type HookResponse = { entry: MapEntry | null; modelCalls?: number; fromCache?: boolean; fallback?: string } | { error: string };

/** The extension could not be reached (not running, gone, or too slow). */
class Unreachable extends Error {}

function ask(socket: string, request: HookRequest, timeoutMs: number): Promise<HookResponse> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let buffer = '';
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new Unreachable(`the extension did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk) => (buffer += chunk));
    connection.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(buffer) as HookResponse);
      } catch {
        reject(new Unreachable('the extension answered something that is not JSON'));
      }
    });
    connection.on('error', (error) => {
      clearTimeout(timer);
      reject(new Unreachable(error.message));
    });
  });
}

/**
 * Maps from the VS Code extension running for the file's workspace, so that its vscode.lm model
 * and its cache serve the hook; when no extension answers, the local engine serves instead.
 */
export class RemoteMaps implements MapSource {
  private reachable = true;

  constructor(
    private readonly local: MapSource,
    private readonly timeoutMs: number,
  ) {}

  /** The running extension whose workspace folder holds this file, if one listens: its socket and its folder. */
  static find(file: string): { socket: string; folder: string } | undefined {
    return socketCandidates(file).find((candidate) => existsSync(candidate.socket));
  }

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const answer = await this.remote({ op: 'cached', file: file.absolute, hash, size });
    if (!answer) return this.local.cached(file, hash, size);
    return answer.entry ?? undefined;
  }

  async ensure(file: ProjectFile, signal?: AbortSignal): Promise<MapOutcome> {
    const answer = await this.remote({ op: 'ensure', file: file.absolute });
    if (!answer) return this.local.ensure(file, signal);
    if (!answer.entry) throw new MapUnavailableError('the extension returned no map', answer.modelCalls ?? 0);
    return { entry: answer.entry, modelCalls: answer.modelCalls ?? 0, fromCache: answer.fromCache ?? false, fallback: answer.fallback };
  }

  /** The extension's answer; undefined (and local from then on) when it cannot be reached. */
  private async remote(request: HookRequest): Promise<Extract<HookResponse, { entry: MapEntry | null }> | undefined> {
    const socket = this.reachable ? RemoteMaps.find(request.file)?.socket : undefined;
    if (!socket) return undefined;
    let answer: HookResponse;
    try {
      answer = await ask(socket, request, this.timeoutMs);
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      this.reachable = false;
      return undefined;
    }
    if ('error' in answer) throw new MapUnavailableError(answer.error, 0);
    return answer;
  }
}
