import { guardedRead, GuardedRead, notMapped, shownAs } from '../../core/guard/guard';
import { EditGateMode } from '../../core/gate/gate';
import { Options } from '../../core/config/options';
import { idleOptions, optionsFromEnv, withOptions } from '../../core/config/read';
import { within } from '../../core/time/deadline';
import { judgeLog, judgeLogFile, judgeRuntime, openAiJudgeFrom } from '../../core/judge/runtime';
import { concernsGate, gateCall, openGate, stampRead } from '../../core/gate/hookGate';
import { hookAnswer } from '../../core/hook/answer';
import { HookCall, jsonObject, parsePayload } from '../../core/hook/payload';
import type { RegionsNow } from '../../core/ledger/hookLedger';
import { RemoteMaps } from '../../core/hook/remoteMaps';
import { shellWord } from '../../core/hook/shellWord';
import { findExtension } from '../../core/hook/socketPath';
import type { MapEntry } from '../../core/map/types';
import type { EnsureOptions, MapOutcome, MapSource } from '../../core/mapping/mapSource';
import { Project, ProjectFile } from '../../core/files/project';
import { cacheFileFor } from '../../core/cache/location';
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
}>;

/**
 * The result screen for the read the hook's answer tells of: the file's name (`key`) where the
 * notice prints it, and the map it carries (credentials redacted in its prose, names and notes
 * before it is drawn); loaded only when there is something to tell.
 */
export type Screener = (options: Options, read: GuardedRead, key: string) => Promise<GuardedRead>;

/** A fresh map from the entry files beside the project's database (`indexedEntry`), found without loading SQLite. */
export type IndexedLookup = (options: Options, databaseFile: string, key: string, hash: string, size: number) => Promise<MapEntry | undefined>;

/** The session ledger's part of the hook (dist/hook-ledger.js). */
export type LedgerParts = typeof import('../hookLedger');

/** What the hook takes from the bundles it loads only for a read over the limit, or for the session ledger. */
export interface HookParts {
  openMaps: OpenMaps;
  screen: Screener;
  indexed: IndexedLookup;
  /** A map's screened regions, for placing the lines a ledger note shows. */
  screenEntry: (options: Options, entry: MapEntry) => Promise<MapEntry>;
  ledger: () => LedgerParts;
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

  async close(): Promise<void> {
    if (this.opened) await (await this.opened).close();
  }
}

/**
 * This process's maps, the entry files first: a fresh hit there is answered without opening the
 * database. A hit the database gives instead has its entry file written for next time.
 */
class IndexedMaps implements MapSource {
  constructor(
    private readonly lookup: (key: string, hash: string, size: number) => Promise<MapEntry | undefined>,
    private readonly local: LazyMaps,
  ) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    const indexed = file.inside ? await this.lookup(file.key, hash, size) : undefined;
    if (indexed) return indexed;
    const stored = await this.local.cached(file, hash, size);
    if (stored) await this.local.keepEntryFile(file.key);
    return stored;
  }

  ensure(file: ProjectFile, options?: EnsureOptions): Promise<MapOutcome> {
    return this.local.ensure(file, options);
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
/**
 * The regions of a file's map as it is now (the cached map, else its tree-sitter outline: never a
 * model call), screened: where a ledger note places the lines it shows of a changed file.
 */
function regionsNow(parts: HookParts, options: Options, env: NodeJS.ProcessEnv, cwd: string, warn: (message: string) => void): RegionsNow {
  return async (real, hash, size) => {
    const root = defaultRoot(cwd);
    const project = new Project(root);
    const file = project.file(real);
    if (!file.inside) return undefined;
    const localOptions = withOptions(options, { modelUrl: '' });
    const local = new LazyMaps(() => parts.openMaps(root, localOptions, env, warn));
    const maps = new IndexedMaps((key, h, s) => parts.indexed(localOptions, cacheFileFor(project.root, undefined, localOptions, env), key, h, s), local);
    try {
      const entry = (await maps.cached(file, hash, size)) ?? (await maps.ensure(file)).entry;
      return entry.hash === hash && entry.status !== 'prose-only' ? (await parts.screenEntry(options, entry)).regions : undefined;
    } finally {
      await local.close();
    }
  };
}

/** A read once it ran: the session ledger's answer, replacing the result where the model already holds lines of it. */
async function ledgerAnswer(
  io: Io,
  env: NodeJS.ProcessEnv,
  options: Options,
  parts: HookParts,
  shown: { call: HookCall; payload: Record<string, unknown> },
  deadline: number,
) {
  const warn = (message: string) => io.warn(`hook: ${message}`);
  const { call, payload } = shown;
  const answer = await parts.ledger().afterRead({
    tool: call.tool,
    payload,
    input: call.input,
    cwd: call.cwd,
    session: call.session,
    env,
    deadline,
    regions: regionsNow(parts, options, env, call.cwd, warn),
  });
  if (answer) io.out(JSON.stringify(answer));
}

async function runHook(io: Io, env: NodeJS.ProcessEnv, options: Options, cwd: string, parts: HookParts, on?: string): Promise<void> {
  const budget = options.hookBudgetMs;
  const gateMode = options.editGate;
  const deadline = Date.now() + budget;
  const warn = (message: string) => io.warn(`hook: ${message}`);
  let payload;
  try {
    payload = await within(io.stdin(), budget);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return warn(`${error.message}; the call goes ahead untouched`);
    throw error;
  }
  if (payload === undefined) return warn(`no payload arrived within ${budget} ms; the call goes ahead untouched`);
  if (on !== undefined) {
    const event = jsonObject(payload);
    const said = event ? parts.ledger().onContextEvent(on, event, env) : `the ${on} payload is not a JSON object; nothing was recorded`;
    return said ? warn(said) : undefined;
  }
  const parsed = parsePayload(payload, cwd);
  if (parsed.kind === 'pass') return warn(`${parsed.why}; the call goes ahead untouched`);
  if (parsed.kind === 'shown') return ledgerAnswer(io, env, options, parts, parsed, deadline);
  if (parsed.kind === 'call') {
    // Most calls (every tool's PostToolUse, where hooks have no matcher) are none of the gate's business: no file is touched for them.
    if (!concernsGate(parsed.call)) return;
    const gate = openGate(parsed.call, gateMode, env, deadline);
    if (typeof gate === 'string') return gateMode === 'off' ? undefined : warn(`${gate}; the call goes ahead unchecked`);
    const answer = await within(gateCall(gate, parsed.call, hookJudge(options, env)), deadline - Date.now());
    if (answer) io.out(JSON.stringify(answer));
    return;
  }
  const call = parsed.read;
  const gate = openGate(parsed.call, gateMode, env, deadline);
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
  const maps = extension
    ? new RemoteMaps(extension.socket, local, deadline - Math.min(2_000, budget / 4))
    : new IndexedMaps((key, hash, size) => parts.indexed(localOptions, cacheFileFor(project.root, undefined, localOptions, env), key, hash, size), local);
  const abort = new AbortController();
  let read: GuardedRead | undefined = await within(
    guardedRead(maps, file, { offset: call.offset, limit: call.limit, returnLines: false, signal: abort.signal }),
    deadline - Date.now(),
  );
  if (!read) {
    abort.abort();
    read = notMapped(file, call.offset, `Skim could not make one within its ${budget} ms deadline (SKIM_HOOK_BUDGET_MS)`);
  }
  if (read.outcome === 'unreadable') warn(`${read.reason}; the read goes ahead untouched`);
  // The name and the map are screened before they are drawn into the answer: the answer stays one JSON object in its host's format.
  const screened = read.notice ? await within(parts.screen(options, read, file.key), deadline - Date.now()) : read;
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

/** A hook must never block the read it guards: whatever happens, `skim hook` exits 0. */
export async function hookMain(io: Io, env: NodeJS.ProcessEnv, cwd: string, parts: HookParts, gateMode?: EditGateMode, on?: string): Promise<0> {
  try {
    const read = optionsFromEnv(env);
    // On stderr, beside the JSON answer on stdout: the agent's host shows it to its user (Claude Code in its transcript) and the answer stays whole.
    for (const problem of [...read.problems, ...idleOptions(read)]) io.warn(`hook: ${problem}`);
    // The mode the hook was installed with (a flag in its command) outranks the environment's.
    await runHook(io, env, gateMode ? withOptions(read.options, { editGate: gateMode }) : read.options, cwd, parts, on);
  } catch (error) {
    io.warn(`hook: Skim failed (${(error as Error).message}); the read goes ahead untouched`);
  }
  return 0;
}
