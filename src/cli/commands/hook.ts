import { guardedRead, GuardedRead, notMapped, shownAs } from '../../core/guard/guard';
import { Options } from '../../core/config/options';
import { idleOptions, optionsFromEnv, withOptions } from '../../core/config/read';
import { within } from '../../core/time/deadline';
import { judgeLog, judgeLogFile, judgeRuntime, openAiJudgeFrom } from '../../core/judge/runtime';
import { concernsGate, gateCall, openGate, stampRead } from '../../core/gate/hookGate';
import { lstatSync, realpathSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { drawnRegions, hostAnswer, PreToolAnswer, readAnswer } from '../../core/hook/readAnswer';
import { standsAside } from '../../core/hook/actingHook';
import { keepLater, laterDirectory, takeLater } from '../../core/hook/laterContext';
import { jsonObject } from '../../core/hook/hosts/host';
import { HookCall, HookShellListing, HookShellRead, parsePayload } from '../../core/hook/payload';
import { linesArgs, listingArgs, rewrittenCommand } from '../../core/hook/shellRewrite';
import { Project } from '../../core/files/project';
import { listsMoreThan } from '../../core/shell/listingWalk';
import { hostOf } from '../../core/hook/hosts';
import { fileKindByName } from '../../core/files/kind';
import { scanFile } from '../../core/files/scan';
import type { ShellRead } from '../../core/shell/read';
import type { HookFlags } from '../hookArgs';
import { heldWarnings } from '../heldWarnings';
import type { Io } from '../io';
import { HookParts, hookMapSource, ownProgram, wholeMapCommand } from '../hookParts';
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

/** The judge the edit gate asks about an edit of a file the session never read (call verify), as the options name it. */
const hookJudge = (options: Options, env: NodeJS.ProcessEnv) => judgeRuntime(options, openAiJudgeFrom(options), judgeLog(judgeLogFile(env)));

/**
 * Writes what the hook says of a call in its host's answer. A host that passes on extra text only
 * with a result (Gemini) gets it then: it is kept for the after-call answer to the same call.
 */
function answer(io: Io, env: NodeJS.ProcessEnv, call: HookCall, said: PreToolAnswer, warn: (message: string) => void): void {
  let now = said;
  if (call.shape.contextAfter && call.event === 'pre' && said.context !== undefined) {
    const { context, ...rest } = said;
    let why = 'the host sent no session id to find it by after the call';
    try {
      if (call.session) why = keepLater(laterDirectory(env), call.session, call.tool, said.input ?? call.input, context) ?? '';
    } catch (error) {
      why = `it could not be kept (${(error as Error).message})`;
    }
    if (why) warn(`${why}; the read's notice cannot follow it`);
    now = rest;
  }
  if (Object.keys(now).length > 0) io.out(JSON.stringify(hostAnswer(call.shape, now, call.event)));
}

/**
 * `skim hook`: one PreToolUse or PostToolUse payload on stdin, the host's answer on stdout. It
 * never blocks a read and never exits with a blocking code: whatever goes wrong, the read goes
 * ahead and stderr says why. The edit gate (`gateMode`) stamps reads and may refuse an edit of a
 * file that changed since it was read; it too lets the call through whenever it cannot be sure.
 * One deadline covers the whole answer (the payload, the map, the cache); past it the read goes
 * ahead as asked and the answer says so. Where the host runs another of Skim's hooks that acts on
 * the call (`target`: the file this one is in), this one stands aside.
 */
async function runHook(io: Io, env: NodeJS.ProcessEnv, options: Options, cwd: string, parts: HookParts, flags: HookFlags, started: number): Promise<void> {
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
  if (flags.on !== undefined) {
    const event = jsonObject(payload);
    const said = event ? parts.ledger().onContextEvent(flags.on, event, env) : `the ${flags.on} payload is not a JSON object; nothing was recorded`;
    return said ? warn(said) : undefined;
  }
  const parsed = parsePayload(payload, cwd);
  if (parsed.kind === 'pass') return warn(`${parsed.why}; the call goes ahead untouched`);
  // Should the screen itself fail, a refusal still goes out, naming no file.
  const shown = (message: string, names: readonly string[]) =>
    parts.message(options, message, names).catch(() => names.reduce((text, name) => text.split(name).join('the file'), message));
  // Most calls (every tool's PostToolUse, where hooks have no matcher) are none of Skim's business: no file is touched for them.
  const afterCall = parsed.call.shape.contextAfter === true && parsed.call.event === 'post';
  if (parsed.kind === 'call' && !afterCall && !concernsGate(parsed.call)) return;
  if (flags.target && standsAside(parsed.call.host, flags.target, defaultRoot(parsed.call.cwd), env)) return;
  if (parsed.kind === 'shown') {
    const replaced = await parts.ledger().afterRead(parsed.call, parsed.payload, { env, options, parts, deadline, warn });
    if (replaced) io.out(JSON.stringify(replaced));
    return;
  }
  if (parsed.kind === 'call') {
    const later = afterCall && parsed.call.session ? takeLater(laterDirectory(env), parsed.call.session, parsed.call.tool, parsed.call.input) : undefined;
    if (later !== undefined) answer(io, env, parsed.call, { context: later }, warn);
    if (!concernsGate(parsed.call)) return;
    const gate = openGate(parsed.call, gateMode, env, shown, deadline);
    if (typeof gate === 'string') return gateMode === 'off' ? undefined : warn(`${gate}; the call goes ahead unchecked`);
    const said = await within(gateCall(gate, parsed.call, hookJudge(options, env)), deadline - Date.now());
    if (said) answer(io, env, parsed.call, said, warn);
    return;
  }
  if (parsed.kind === 'shell') return shellHook(io, parsed.shell, parsed.call, options, env, parts, shown, deadline);
  if (parsed.kind === 'listing') return listingHook(io, parsed.shell, parsed.call, options, env, deadline);
  const call = parsed.read;
  const gate = openGate(parsed.call, gateMode, env, shown, deadline);
  if (typeof gate !== 'string') await within(stampRead(gate, call.file), deadline - Date.now());
  else if (gateMode !== 'off') warn(`${gate}; this read is not stamped`);
  const { file, maps, local, remote, project } = hookMapSource(call.file, defaultRoot(call.cwd), options, env, parts, answerBy, warn);
  if (!file.inside) return warn(`${call.file} is outside the project ${project.root}; the read goes ahead untouched`);

  const abort = new AbortController();
  let read: GuardedRead | undefined = await within(
    guardedRead(maps, file, { offset: call.offset, limit: call.limit, lineLimit: options.lineLimit, returnLines: false, signal: abort.signal }),
    answerBy - Date.now(),
  );
  if (!read) {
    abort.abort();
    read = notMapped(file, call.offset, `Skim could not make one within its ${budget} ms deadline (SKIM_HOOK_BUDGET_MS)`);
  }
  if (read.outcome === 'unreadable') warn(`${read.reason}; the read goes ahead untouched`);
  // The name and the map are screened before they are drawn into the answer: the answer stays one JSON object in its host's format.
  const wholeMap = wholeMapCommand(call.file);
  // Only what the answer's map draws is screened of it: a large file's folded map draws a few of its thousands of regions.
  const drawnOf = (shown: GuardedRead) => drawnRegions(call, shown, wholeMap);
  const screened = read.notice
    ? await within(parts.screen(options, read, file.key, [file.absolute, file.real, file.key], drawnOf), deadline - Date.now())
    : read;
  const said = readAnswer(call, screened ?? shownAs(notMapped(file, call.offset, 'its map could not be screened within the deadline'), 'the file'), wholeMap);
  if (said) answer(io, env, parsed.call, said, warn);
  if (said?.context !== undefined && read.capped && read.askedEnd !== undefined && remote) {
    await within(remote.recordShortened(file, [read.start, read.end], read.askedEnd, said.context), deadline - Date.now());
  }
  // What is left once the process has ended is the host's: the cache gets what comes before that.
  const closed = await within(
    local.close().then(() => true),
    deadline - exitReserve(budget) - Date.now(),
  );
  if (!closed) warn('the cache could not be saved before the deadline; the map will be made again next time');
}

/**
 * What of its budget the hook keeps to give its answer once the map is had or given up: the
 * screen of the name and map, the answer written, the process ended, which a busy machine
 * stretches like everything else.
 */
const answerReserve = (budget: number) => Math.min(3_000, budget / 5);

/** What of its budget the hook keeps to end its process once its answer is written: a busy machine takes a moment to tear one down. */
const exitReserve = (budget: number) => Math.min(500, budget / 30);

/**
 * A plain read of one file through a shell tool: the file is stamped as read, and a read of a
 * guarded source file inside the project that would print more than the limit is rewritten to
 * `skim lines` (the same lines in the same format, guarded, fitted to the host's cut), which falls
 * back to the command itself. Anything else (a missing file, a small read, prose, a file outside
 * the project) runs as written, so it fails or prints exactly as it would have.
 */
async function shellHook(
  io: Io,
  shell: HookShellRead,
  call: HookCall,
  options: Options,
  env: NodeJS.ProcessEnv,
  parts: HookParts,
  shown: (message: string, names: readonly string[]) => Promise<string>,
  deadline: number,
): Promise<void> {
  const warn = (message: string) => io.warn(`hook: ${message}`);
  const { read } = shell;
  // bash's cd follows the folder as written (`..` taken off the path); the file is then opened as the system resolves it.
  const dir = read.dir === undefined ? shell.cwd : path.resolve(shell.cwd, read.dir);
  const named = path.isAbsolute(read.file) ? read.file : `${dir}${path.sep}${read.file}`;
  let real: string;
  try {
    real = realpathSync.native(named);
    if (!statSync(real).isFile()) return;
  } catch {
    // No such file (or folder): the command fails as it would have.
    return;
  }
  const gate = openGate(call, options.editGate, env, shown, deadline);
  if (typeof gate !== 'string') await within(stampRead(gate, real), deadline - Date.now());
  else if (options.editGate !== 'off') warn(`${gate}; this read is not stamped`);
  // Where the host's shell reads carry the session ledger (Codex), every plain read of a source file goes through skim lines, which prints the note itself.
  const ledger = hostOf(call.host).shellLedger && call.session ? ['--session', call.session, ...(call.agent ? ['--agent', call.agent] : [])] : [];
  if (fileKindByName(real) !== 'source' || (ledger.length === 0 && !(await overLimit(real, read, options.lineLimit)))) return;
  // The project is the folder the host runs in: a tool argument that moves the command elsewhere (Gemini's dir_path) does not move the boundary.
  const { project, file } = hookMapSource(real, defaultRoot(call.cwd), options, env, parts, deadline, warn);
  if (!file.inside) return warn(`${read.file} is outside the project ${project.root}; the read goes ahead untouched`);
  const command = rewrittenCommand(read, shell.tool.dialect, ownProgram(), linesArgs(read, shell.cut, project.root, ledger));
  answer(io, env, call, { decision: 'allow', input: { ...shell.input, [shell.tool.command]: command } }, warn);
}

/** The most entries, and milliseconds, the hook's walk looks at to tell whether a listing passes the limit: past them it runs as written. */
const WALK_BOUNDS = { entries: 100_000, ms: 500 };

/**
 * A plain recursive listing of one folder through a shell tool (ls -R, find, tree): one of a
 * folder inside the project that would print more than the limit (counted by a bounded walk of
 * the folder as the program lists it) is rewritten to `skim listing`, which runs it and prints its
 * first lines, what the rest holds by folder and the folder's overview, fitted to the host's cut,
 * and falls back to the listing itself. Anything else (a missing folder, a file, a link, a small
 * listing, a folder outside the project) runs as written.
 */
function listingHook(io: Io, shell: HookShellListing, call: HookCall, options: Options, env: NodeJS.ProcessEnv, deadline: number): void {
  const warn = (message: string) => io.warn(`hook: ${message}`);
  const { listing } = shell;
  const dir = listing.dir === undefined ? shell.cwd : path.resolve(shell.cwd, listing.dir);
  const named = listing.folder ?? '.';
  const folder = path.isAbsolute(named) ? named : `${dir}${path.sep}${named}`;
  try {
    // A link to a folder is followed by ls but not by find: neither is guessed.
    if (!lstatSync(folder).isDirectory()) return;
  } catch {
    return;
  }
  const project = new Project(defaultRoot(call.cwd));
  const real = project.file(folder);
  if (!real.inside && real.real !== project.realRoot) return warn(`${named} is outside the project ${project.root}; the listing runs as written`);
  const bounds = { ...WALK_BOUNDS, ms: Math.min(WALK_BOUNDS.ms, deadline - Date.now()) };
  if (listsMoreThan(real.real, listing.program, listing.shape, options.lineLimit, bounds) !== true) return;
  const command = rewrittenCommand(listing, shell.tool.dialect, ownProgram(), listingArgs(listing, shell.cut, project.root));
  answer(io, env, call, { decision: 'allow', input: { ...shell.input, [shell.tool.command]: command } }, warn);
}

/** Whether a shell read would print more than `limit` lines: the file is counted only as far as that takes. */
async function overLimit(real: string, read: ShellRead, limit: number): Promise<boolean> {
  if ((read.end !== undefined && read.end - read.start + 1 <= limit) || (read.last !== undefined && read.last <= limit)) return false;
  try {
    const scan = await scanFile(real, { start: 1, take: 0, stopAt: read.start + limit });
    return !scan.binary && scan.seen >= read.start + limit;
  } catch {
    return false;
  }
}

/**
 * A hook must never block the read it guards: whatever happens, `skim hook` exits 0. `started` is
 * when the host started it (the process's start, where it is its own process).
 */
export async function hookMain(
  io: Io,
  env: NodeJS.ProcessEnv,
  cwd: string,
  parts: HookParts,
  flags: HookFlags = { problems: [] },
  started = Date.now(),
): Promise<0> {
  // Its stderr is written once the answer is, screened: a warning names the file read.
  const warnings = heldWarnings(io);
  let options = optionsFromEnv({}).options;
  try {
    const read = optionsFromEnv(env);
    options = flags.editGate ? withOptions(read.options, { editGate: flags.editGate }) : read.options;
    // On stderr, beside the JSON answer on stdout: the agent's host shows it to its user (Claude Code in its transcript) and the answer stays whole.
    for (const problem of [...read.problems, ...idleOptions(read)]) warnings.io.warn(`hook: ${problem}`);
    // The mode the hook was installed with (a flag in its command) outranks the environment's.
    await runHook(warnings.io, env, options, cwd, parts, flags, started);
  } catch (error) {
    warnings.io.warn(`hook: Skim failed (${(error as Error).message}); the read goes ahead untouched`);
  }
  const budget = options.hookBudgetMs;
  await warnings.flush((text) => parts.message(options, text, []), Math.max(Date.now() + 250, started + budget - exitReserve(budget)));
  return 0;
}
