import { guardedRead, GuardedRead, notMapped } from '../../core/guard/guard';
import { EditGateMode, gateModeOf } from '../../core/gate/gate';
import { concernsGate, gateCall, openGate, stampRead } from '../../core/gate/hookGate';
import { hookAnswer } from '../../core/hook/answer';
import { parsePayload } from '../../core/hook/payload';
import { RemoteMaps } from '../../core/hook/remoteMaps';
import { shellWord } from '../../core/hook/shellWord';
import { findExtension } from '../../core/hook/socketPath';
import type { MapEntry } from '../../core/map/types';
import type { MapOutcome, MapSource } from '../../core/mapSource';
import { Project, ProjectFile } from '../../core/project';
import type { Io } from '../io';
import { defaultRoot } from '../root';

/** The whole answer's deadline unless SKIM_HOOK_BUDGET_MS says otherwise; the hosts give a hook 30 s. */
const DEFAULT_HOOK_BUDGET_MS = 15_000;

/** This process's own engine for a project (cache, model, tree-sitter): loaded only when a read needs a map. */
export type OpenMaps = (root: string, env: NodeJS.ProcessEnv, warn: (message: string) => void) => Promise<{ maps: MapSource; close(): Promise<void> }>;

/**
 * The result screen for the hook's answer (credentials redacted in the notice and map it adds):
 * loaded with the engine, only when there is an answer to give.
 */
export type Screener = (text: string) => Promise<string>;

/** Opens the engine on the first request for a map, so that a read which needs none never loads it. */
class LazyMaps implements MapSource {
  private opened?: ReturnType<OpenMaps>;

  constructor(private readonly open: () => ReturnType<OpenMaps>) {}

  async cached(file: ProjectFile, hash: string, size: number): Promise<MapEntry | undefined> {
    return (await (this.opened ??= this.open())).maps.cached(file, hash, size);
  }

  async ensure(file: ProjectFile, signal?: AbortSignal): Promise<MapOutcome> {
    return (await (this.opened ??= this.open())).maps.ensure(file, signal);
  }

  async close(): Promise<void> {
    if (this.opened) await (await this.opened).close();
  }
}

/** Resolves with `work`'s value, or with undefined once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, ms))));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The command that prints a file's whole map, as this very process was started: it works wherever the hook does. */
function wholeMapCommand(file: string): string {
  const electron = process.versions.electron ? 'ELECTRON_RUN_AS_NODE=1 ' : '';
  return `run ${electron}${shellWord(process.execPath)} ${shellWord(process.argv[1] ?? 'skim')} map ${shellWord(file)}`;
}

function hookBudgetMs(env: NodeJS.ProcessEnv): number {
  const budget = Number(env.SKIM_HOOK_BUDGET_MS);
  return Number.isFinite(budget) && budget > 0 ? budget : DEFAULT_HOOK_BUDGET_MS;
}

/**
 * `skim hook`: one PreToolUse or PostToolUse payload on stdin, the host's answer on stdout. It
 * never blocks a read and never exits with a blocking code: whatever goes wrong, the read goes
 * ahead and stderr says why. The edit gate (`gateMode`) stamps reads and may refuse an edit of a
 * file that changed since it was read; it too lets the call through whenever it cannot be sure.
 * One deadline covers the whole answer (the payload, the map, the cache); past it the read goes
 * ahead as asked and the answer says so.
 */
async function runHook(io: Io, env: NodeJS.ProcessEnv, cwd: string, openMaps: OpenMaps, gateMode: EditGateMode, screen: Screener): Promise<void> {
  const budget = hookBudgetMs(env);
  const deadline = Date.now() + budget;
  const warn = (message: string) => io.warn(`hook: ${message}`);
  const payload = await within(io.stdin(), budget);
  if (payload === undefined) return warn(`no payload arrived within ${budget} ms; the call goes ahead untouched`);
  const parsed = parsePayload(payload, cwd);
  if (parsed.kind === 'pass') return warn(`${parsed.why}; the call goes ahead untouched`);
  if (parsed.kind === 'call') {
    // Most calls (every tool's PostToolUse, where hooks have no matcher) are none of the gate's business: no file is touched for them.
    if (!concernsGate(parsed.call)) return;
    const gate = openGate(parsed.call, gateMode, env);
    if (typeof gate === 'string') return;
    const answer = await within(gateCall(gate, parsed.call), deadline - Date.now());
    if (answer) io.out(JSON.stringify(answer));
    return;
  }
  const call = parsed.read;
  const gate = openGate(parsed.call, gateMode, env);
  if (typeof gate !== 'string') await within(stampRead(gate, call.file), deadline - Date.now());
  const ownRoot = defaultRoot(call.cwd);
  // With an extension running for the file's workspace folder, that folder is the project, as in VS Code.
  const extension = findExtension(call.file, ownRoot, env);
  const root = extension?.folder ?? ownRoot;
  const file = new Project(root).file(call.file);
  if (!file.inside) return warn(`${call.file} is outside the project ${root}; the read goes ahead untouched`);

  // The extension's vscode.lm model maps the file; this process keeps to tree-sitter if it must stand in.
  const localEnv = extension
    ? { ...env, SKIM_MODEL_URL: '' }
    : { ...env, SKIM_MODEL_TIMEOUT_MS: String(Math.min(budget, Number(env.SKIM_MODEL_TIMEOUT_MS) || budget)) };
  const local = new LazyMaps(() => openMaps(root, localEnv, warn));
  // A silent extension leaves a quarter of the budget (at most 2 s) for this process's own outline.
  const maps = extension ? new RemoteMaps(extension.socket, local, deadline - Math.min(2_000, budget / 4)) : local;
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
  const reply = hookAnswer(call, read, wholeMapCommand(call.file));
  if (reply) io.out(await screen(JSON.stringify(reply.answer)));
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
export async function hookMain(
  io: Io,
  env: NodeJS.ProcessEnv,
  cwd: string,
  openMaps: OpenMaps,
  screen: Screener,
  gateMode: EditGateMode = 'drift',
): Promise<0> {
  try {
    await runHook(io, env, cwd, openMaps, gateModeOf(env.SKIM_EDIT_GATE, gateMode), screen);
  } catch (error) {
    io.warn(`hook: Skim failed (${(error as Error).message}); the read goes ahead untouched`);
  }
  return 0;
}
