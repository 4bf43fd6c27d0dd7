import type * as Net from 'node:net';
import { capProse, capText, normalizeRegions, RawRegion } from '../map/normalize';
import { MapEntry, MapOrigin, MapStatus } from '../map/types';
import { EnsureOptions, MapOutcome, MapSource, MapUnavailableError } from '../mapping/mapSource';
import { vetMap } from '../screen/vet';
import { ProjectFile } from '../files/project';

const ORIGINS: readonly MapOrigin[] = ['local', 'team', 'model', 'structural'];

/** One request to the extension, one answer: newline-delimited JSON over the socket. */
export type HookRequest =
  | { op: 'cached'; file: string; hash: string; size: number }
  | { op: 'ensure'; file: string; maxModelCalls?: number }
  | { op: 'record'; file: string; shown: [number, number]; askedEnd: number; map: string };
export type HookResponse = { entry: MapEntry | null; modelCalls?: number; fromCache?: boolean; source?: MapOrigin; fallback?: string } | { error: string };

/** The most bytes either end reads of one message: a map is far smaller; anything larger is not an answer. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** The extension could not be reached (not running, gone, too slow, or it answered nonsense). */
class Unreachable extends Error {}

function ask(socket: string, request: HookRequest, timeoutMs: number): Promise<unknown> {
  // Loaded only when an extension listens: a hook with none never pays for Node's network module.
  const net = require('node:net') as typeof Net;
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    const chunks: Buffer[] = [];
    let bytes = 0;
    const fail = (why: string) => {
      clearTimeout(timer);
      connection.destroy();
      reject(new Unreachable(why));
    };
    const timer = setTimeout(() => fail(`the extension did not answer within ${timeoutMs} ms`), Math.max(0, timeoutMs));
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_MESSAGE_BYTES) return fail(`the extension's answer is over ${MAX_MESSAGE_BYTES} bytes`);
      chunks.push(chunk);
    });
    connection.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new Unreachable('the extension answered something that is not JSON'));
      }
    });
    connection.on('error', (error) => fail(error.message));
  });
}

const STATUSES: readonly MapStatus[] = ['model', 'prose-only', 'structural'];
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * An entry from the extension, taken only when it is one and describes the file asked about
 * (same key; for a lookup, the same hash and size), normalized exactly as a model's answer is:
 * whatever speaks on the socket, the guard gets a well-formed map of this file or nothing.
 */
function acceptEntry(value: unknown, file: ProjectFile, content?: { hash: string; size: number }): MapEntry | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const e = value as Record<string, unknown>;
  if (e.path !== file.key || typeof e.hash !== 'string' || !isCount(e.size) || !isCount(e.lines)) return undefined;
  if (!STATUSES.includes(e.status as MapStatus) || typeof e.producer !== 'string' || !Array.isArray(e.regions)) return undefined;
  if (content && (e.hash !== content.hash || e.size !== content.size)) return undefined;
  const regions =
    e.status === 'prose-only'
      ? []
      : normalizeRegions(
          e.regions.filter((r): r is RawRegion => !!r && typeof r === 'object'),
          e.lines,
        );
  const entry: MapEntry = {
    path: file.key,
    size: e.size,
    hash: e.hash,
    lines: e.lines,
    status: e.status as MapStatus,
    producer: capText(e.producer, 120),
    prose: capProse(e.prose),
    regions,
    created: isCount(e.created) ? e.created : Date.now(),
  };
  return entry;
}

/** An answer over the socket is untrusted text like any other: a map that addresses the agent is not taken. */
const refused = (entry: MapEntry | undefined) => !!entry && entry.status !== 'structural' && vetMap(entry) !== undefined;

/**
 * Maps from the VS Code extension running for the file's workspace (found with findExtension),
 * so that its vscode.lm model and its cache serve the hook; when it cannot be reached, the local
 * engine serves instead.
 */
export class RemoteMaps implements MapSource {
  private reachable = true;

  /** `answerBy`: the time (ms since the epoch) by which the extension must have answered, each request alike. */
  constructor(
    private readonly socket: string,
    private readonly local: MapSource,
    private readonly answerBy: number,
  ) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const answer = await this.remote({ op: 'cached', file: file.absolute, hash, size });
    if (!answer) return this.local.cached(file, hash, size);
    const entry = acceptEntry(answer.entry, file, { hash, size });
    return refused(entry) ? this.local.cached(file, hash, size) : entry;
  }

  async ensure(file: ProjectFile, options: EnsureOptions = {}): Promise<MapOutcome> {
    const answer = await this.remote({ op: 'ensure', file: file.absolute, maxModelCalls: options.maxModelCalls });
    if (!answer) return this.local.ensure(file, options);
    const modelCalls = isCount(answer.modelCalls) ? answer.modelCalls : 0;
    const entry = acceptEntry(answer.entry, file);
    if (refused(entry)) return this.local.ensure(file, { ...options, maxModelCalls: Math.max(0, (options.maxModelCalls ?? 3) - modelCalls) });
    if (!entry) throw new MapUnavailableError(answer.entry ? 'the extension answered with a map of another file' : 'the extension returned no map', modelCalls);
    const source = ORIGINS.find((o) => o === answer.source) ?? (answer.fromCache === true ? 'local' : entry.status === 'structural' ? 'structural' : 'model');
    return {
      entry,
      modelCalls,
      fromCache: answer.fromCache === true,
      source,
      fallback: typeof answer.fallback === 'string' ? capText(answer.fallback, 400) : undefined,
    };
  }

  /** Tells the extension a read it answered was shortened (its Show Savings counts it); never fails the read. */
  async recordShortened(file: ProjectFile, shown: [number, number], askedEnd: number, map: string): Promise<void> {
    await this.remote({ op: 'record', file: file.absolute, shown, askedEnd, map }).catch(() => undefined);
  }

  /** The extension's answer; undefined (and local from then on) when it cannot be reached. */
  private async remote(
    request: HookRequest,
  ): Promise<{ entry?: unknown; modelCalls?: unknown; fromCache?: unknown; source?: unknown; fallback?: unknown } | undefined> {
    if (!this.reachable) return undefined;
    let answer: unknown;
    try {
      answer = await ask(this.socket, request, this.answerBy - Date.now());
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      this.reachable = false;
      return undefined;
    }
    if (!answer || typeof answer !== 'object') return undefined;
    if ('error' in answer) throw new MapUnavailableError(capText((answer as { error: unknown }).error, 400), 0);
    return answer as Record<string, unknown>;
  }
}
