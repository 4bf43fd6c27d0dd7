import { guardedRead, GuardedRead, notMapped, shownAs } from '../../core/guard/guard';
import { EditGateMode } from '../../core/gate/gate';
import { Options } from '../../core/config/options';
import { idleOptions, optionsFromEnv, withOptions } from '../../core/config/read';
import { within } from '../../core/time/deadline';
import { judgeLog, judgeLogFile, judgeRuntime, openAiJudgeFrom } from '../../core/judge/runtime';
import { concernsGate, gateCall, openGate, stampRead } from '../../core/gate/hookGate';
import { hookAnswer } from '../../core/hook/answer';
import { parsePayload } from '../../core/hook/payload';
import { RemoteMaps } from '../../core/hook/remoteMaps';
import { shellWord } from '../../core/hook/shellWord';
import { findExtension } from '../../core/hook/socketPath';
import type { MapEntry } from '../../core/map/types';
import { EnsureOptions, MapOutcome, MapSource, MapUnavailableError } from '../../core/mapping/mapSource';
import { Project, ProjectFile } from '../../core/files/project';
import { cacheFileFor } from '../../core/cache/location';
import { LockBusyError, withFileLock } from '../../core/cache/lock';
import { makeFolder } from '../../core/files/makeFolder';
import { readForMapping } from '../../core/files/readSource';
import { hashBytes } from '../../core/files/scan';
import { sha256Hex } from '../../core/files/sha256';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Io } from '../io';
import { defaultRoot } from '../root';

/**
 * The largest payload read. The largest a host sends is an edit's: a Write carries the whole file,
 * and a model writes at most its output limit at a time (64k tokens, about 256 KB of code, 1.5 MB
 * JSON-escaped even if every character were escaped as \uXXXX); a PostToolUse carries a tool's
 * result, which the hosts cap lower still (Claude Code's Read at 256 KB). 4 MB covers those with
 * room; past it a payload is no call the hook guards (`skim hook < /dev/zero` read 630 MB).
 */
export const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;

/** A payload larger than MAX_PAYLOAD_BYTES: not read further, and the call goes ahead untouched. */
export class PayloadTooLarge extends Error {}

/** A stream's bytes as text, at most `maxBytes` of them: past that the stream is let go (destroyed) and PayloadTooLarge thrown. */
export async function readPayload(stream: AsyncIterable<Buffer>, maxBytes = MAX_PAYLOAD_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw new PayloadTooLarge(`the payload is over ${maxBytes / 1024 / 1024} MB, larger than any call the hook guards`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** This process's own engine for a project (cache, model, tree-sitter): loaded only when a read needs a map. */
export type OpenMaps = (
  root: string,
  options: Options,
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
) => Promise<{
  maps: MapSource;
  close(): Promise<void>;
  /** Writes the entry file beside the database for a map found there, so that the next read finds it without SQLite. */
  keepEntryFile(key: string): Promise<void>;
  /** Saves the maps made so far, with their entry files, waiting at most `lockWaitMs` for another writer. */
  flush(lockWaitMs: number): Promise<void>;
}>;

/**
 * The result screen for the read the hook's answer tells of: the file's name (`key`) where the
 * notice prints it, and the map it carries (credentials redacted in its prose, names and notes
 * before it is drawn), and why no map was made (a reason quotes the file's paths, `names`); loaded only when there is something to tell.
 */
export type Screener = (options: Options, read: GuardedRead, key: string, names: readonly string[]) => Promise<GuardedRead>;

/** A fresh map from the entry files beside the project's database (`indexedEntry`), found without loading SQLite. */
export type IndexedLookup = (options: Options, databaseFile: string, key: string, hash: string, size: number) => Promise<MapEntry | undefined>;

/** A message the hook gives the agent (the edit gate's refusal), screened: the names it quotes as names, the rest as a message (screen/message). */
export type MessageScreener = (options: Options, message: string, names: readonly string[]) => Promise<string>;

/** What the hook takes from the bundles it loads only for a read over the limit, or for a refusal. */
export interface HookParts {
  openMaps: OpenMaps;
  screen: Screener;
  indexed: IndexedLookup;
  message: MessageScreener;
}

/** Opens the engine on the first request for a map, so that a read which needs none never loads it. */
class LazyMaps implements MapSource {
  private opened?: ReturnType<OpenMaps>;

  constructor(private readonly open: () => ReturnType<OpenMaps>) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    return (await (this.opened ??= this.open())).maps.cached(file, hash, size);
  }

  async ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome> {
    return (await (this.opened ??= this.open())).maps.ensure(file, options);
  }

  async keepEntryFile(key: string): Promise<void> {
    return (await (this.opened ??= this.open())).keepEntryFile(key);
  }

  async flush(lockWaitMs: number): Promise<void> {
    if (this.opened) await (await this.opened).flush(lockWaitMs);
  }

  async close(): Promise<void> {
    if (this.opened) await (await this.opened).close();
  }
}

/** A wait for another hook's map shorter than this says nothing of how long a map takes: the lock was just being let go. */
const WAITED_BEFORE_MS = 500;

/**
 * This process's maps, the entry files first: a fresh hit there is answered without opening the
 * database. A hit the database gives instead has its entry file written for next time. A map is
 * made by one hook at a time (`mapping`, a lock per file beside the database): many hooks reading
 * one new file at once (an agent's parallel reads, subagents) would each parse it, and on a busy
 * machine none would finish in time. The others wait for the one that maps it, as long as they
 * may, and take its map from its entry file; one still waiting at its time says the map is being
 * made, and the read goes ahead as asked.
 */
class IndexedMaps implements MapSource {
  constructor(
    private readonly lookup: (key: string, hash: string, size: number) => Promise<MapEntry | undefined>,
    private readonly local: LazyMaps,
    private readonly mapping: { database: string; lockFile(key: string): string; until: number },
  ) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const indexed = file.inside ? await this.lookup(file.key, hash, size) : undefined;
    if (indexed) return indexed;
    // No database yet: nothing to open it for.
    if (!existsSync(this.mapping.database)) return undefined;
    const stored = await this.local.cached(file, hash, size);
    if (stored) await this.local.keepEntryFile(file.key);
    return stored;
  }

  async ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome> {
    if (!file.inside) return this.local.ensure(file, options);
    const lockFile = this.mapping.lockFile(file.key);
    const waiting = Date.now();
    try {
      await makeFolder(path.dirname(lockFile), 0o700);
      return await withFileLock(
        lockFile,
        async () => {
          // Made by the hook this one waited for: its entry file has it.
          const bytes = await readForMapping(file.real);
          const made = await this.lookup(file.key, hashBytes(bytes), bytes.length);
          if (made) return { entry: made, modelCalls: 0, fromCache: true, source: 'local' as const };
          // The hook waited for ran out of time making it: with less time left than it had, on the same busy machine, this one would too.
          const waited = Date.now() - waiting;
          if (waited > WAITED_BEFORE_MS && this.mapping.until - Date.now() < waited) {
            throw new MapUnavailableError('another Skim hook ran out of time making its map; a later read tries again', 0);
          }
          const outcome = await this.local.ensure(file, options);
          // Saved before the lock is let go, so that the hooks waiting find it.
          await this.local.flush(Math.max(0, this.mapping.until - Date.now()));
          return outcome;
        },
        Math.max(0, this.mapping.until - Date.now()),
      );
    } catch (error) {
      if (error instanceof LockBusyError) throw new MapUnavailableError('another Skim hook is making its map now; a read a moment later will have it', 0);
      throw error;
    }
  }
}

/** The judge the edit gate asks about an edit of a file the session never read (call verify), as the options name it. */
const hookJudge = (options: Options, env: NodeJS.ProcessEnv) => judgeRuntime(options, openAiJudgeFrom(options), judgeLog(judgeLogFile(env)));

/** The command that prints a file's whole map, as this very process was started: it works wherever the hook does. */
function wholeMapCommand(file: string): string {
  const electron = process.versions.electron ? 'ELECTRON_RUN_AS_NODE=1 ' : '';
  return `run ${electron}${shellWord(process.execPath)} ${shellWord(process.argv[1] ?? 'skim')} map ${shellWord(file)}`;
}

/**
 * `skim hook`: one PreToolUse or PostToolUse payload on stdin, the host's answer on stdout. It
 * never blocks a read and never exits with a blocking code: whatever goes wrong, the read goes
 * ahead and stderr says why. The edit gate (`gateMode`) stamps reads and may refuse an edit of a
 * file that changed since it was read; it too lets the call through whenever it cannot be sure.
 * One deadline covers the whole answer (the payload, the map, the cache); past it the read goes
 * ahead as asked and the answer says so.
 */
async function runHook(io: Io, env: NodeJS.ProcessEnv, options: Options, cwd: string, parts: HookParts, started: number): Promise<void> {
  const budget = options.hookBudgetMs;
  const gateMode = options.editGate;
  // The host counts its time from when it started this process; so does the hook, and it keeps some of it to give its answer.
  const deadline = started + budget;
  const answerBy = deadline - answerReserve(budget);
  const warn = (message: string) => io.warn(`hook: ${message}`);
  let payload;
  try {
    payload = await within(io.stdin(), deadline - Date.now());
  } catch (error) {
    if (error instanceof PayloadTooLarge) return warn(`${error.message}; the call goes ahead untouched`);
    throw error;
  }
  if (payload === undefined) return warn(`no payload arrived within ${budget} ms; the call goes ahead untouched`);
  const parsed = parsePayload(payload, cwd);
  if (parsed.kind === 'pass') return warn(`${parsed.why}; the call goes ahead untouched`);
  // Should the screen itself fail, a refusal still goes out, naming no file.
  const shown = (message: string, names: readonly string[]) =>
    parts.message(options, message, names).catch(() => names.reduce((text, name) => text.split(name).join('the file'), message));
  if (parsed.kind === 'call') {
    // Most calls (every tool's PostToolUse, where hooks have no matcher) are none of the gate's business: no file is touched for them.
    if (!concernsGate(parsed.call)) return;
    const gate = openGate(parsed.call, gateMode, env, shown, deadline);
    if (typeof gate === 'string') return gateMode === 'off' ? undefined : warn(`${gate}; the call goes ahead unchecked`);
    const answer = await within(gateCall(gate, parsed.call, hookJudge(options, env)), deadline - Date.now());
    if (answer) io.out(JSON.stringify(answer));
    return;
  }
  const call = parsed.read;
  const gate = openGate(parsed.call, gateMode, env, shown, deadline);
  if (typeof gate !== 'string') await within(stampRead(gate, call.file), deadline - Date.now());
  else if (gateMode !== 'off') warn(`${gate}; this read is not stamped`);
  const ownRoot = defaultRoot(call.cwd);
  // With an extension running for the file's workspace folder, that folder is the project, as in VS Code.
  const extension = findExtension(call.file, ownRoot, env);
  const root = extension?.folder ?? ownRoot;
  const project = new Project(root);
  const file = project.file(call.file);
  if (!file.inside) return warn(`${call.file} is outside the project ${root}; the read goes ahead untouched`);

  // The extension's vscode.lm model maps the file; this process keeps to tree-sitter if it must stand in.
  const localOptions = extension
    ? withOptions(options, { modelUrl: '' })
    : withOptions(options, { modelTimeoutSeconds: Math.max(1, Math.min(options.modelTimeoutSeconds, Math.floor(budget / 1000))) });
  const local = new LazyMaps(() => parts.openMaps(root, localOptions, env, warn));
  // A silent extension leaves a quarter of the budget (at most 2 s) for this process's own outline.
  const cacheFile = cacheFileFor(project.root, undefined, localOptions, env);
  const maps = extension
    ? new RemoteMaps(extension.socket, local, answerBy - Math.min(2_000, budget / 4))
    : new IndexedMaps((key, hash, size) => parts.indexed(localOptions, cacheFile, key, hash, size), local, {
        database: cacheFile,
        lockFile: (key) => path.join(`${cacheFile.replace(/\.sqlite$/, '')}.mapping`, `${sha256Hex(key).slice(0, 40)}.lock`),
        // A waiter gives up a little before the read's own time, so that it can say why.
        until: answerBy - Math.min(250, budget / 20),
      });
  const abort = new AbortController();
  let read: GuardedRead | undefined = await within(
    guardedRead(maps, file, { offset: call.offset, limit: call.limit, returnLines: false, signal: abort.signal }),
    answerBy - Date.now(),
  );
  if (!read) {
    abort.abort();
    read = notMapped(file, call.offset, `Skim could not make one within its ${budget} ms deadline (SKIM_HOOK_BUDGET_MS)`);
  }
  if (read.outcome === 'unreadable') warn(`${read.reason}; the read goes ahead untouched`);
  // The name and the map are screened before they are drawn into the answer: the answer stays one JSON object in its host's format.
  const screened = read.notice ? await within(parts.screen(options, read, file.key, [file.absolute, file.real, file.key]), deadline - Date.now()) : read;
  const reply = hookAnswer(
    call,
    screened ?? shownAs(notMapped(file, call.offset, 'its map could not be screened within the deadline'), 'the file'),
    wholeMapCommand(call.file),
  );
  if (reply) io.out(JSON.stringify(reply.answer));
  if (reply && read.capped && read.askedEnd !== undefined && maps instanceof RemoteMaps) {
    await within(maps.recordShortened(file, [read.start, read.end], read.askedEnd, reply.context), deadline - Date.now());
  }
  const closed = await within(
    local.close().then(() => true),
    deadline - Date.now(),
  );
  if (!closed) warn('the cache could not be saved before the deadline; the map will be made again next time');
}

/**
 * What of its budget the hook keeps to give its answer once the map is had or given up: the
 * screen of the name and map, the answer written, the process ended, which a busy machine
 * stretches like everything else.
 */
const answerReserve = (budget: number) => Math.min(3_000, budget / 5);

/**
 * A hook must never block the read it guards: whatever happens, `skim hook` exits 0. `started` is
 * when the host started it (the process's start, where it is its own process).
 */
export async function hookMain(io: Io, env: NodeJS.ProcessEnv, cwd: string, parts: HookParts, gateMode?: EditGateMode, started = Date.now()): Promise<0> {
  try {
    const read = optionsFromEnv(env);
    // On stderr, beside the JSON answer on stdout: the agent's host shows it to its user (Claude Code in its transcript) and the answer stays whole.
    for (const problem of [...read.problems, ...idleOptions(read)]) io.warn(`hook: ${problem}`);
    // The mode the hook was installed with (a flag in its command) outranks the environment's.
    await runHook(io, env, gateMode ? withOptions(read.options, { editGate: gateMode }) : read.options, cwd, parts, started);
  } catch (error) {
    io.warn(`hook: Skim failed (${(error as Error).message}); the read goes ahead untouched`);
  }
  return 0;
}
