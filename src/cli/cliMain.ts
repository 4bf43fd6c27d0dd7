import * as path from 'node:path';
import type { HookParts, LedgerParts } from './hookParts';
import { escapeForTerminal } from '../core/screen/terminal';
import { hookMain, readPayload } from './commands/hook';
import { onlyExplains } from './asksHelp';
import { hookFlags } from './hookArgs';
import { requireBundle, useV8Flags } from './codeCache';
import type { Io } from './io';
import { CLOSED_PIPE_EXIT, descriptorIo, whenReaderGone } from './stdio';

const argv = process.argv.slice(2);
// Help writes nothing, not even the code cache.
const cached = !onlyExplains(argv);
/** The rest of `skim`, and the parts of it a hook needs for a map: bundles of their own beside this one. */
const engine = () => requireBundle(path.join(__dirname, 'engine.js'), cached) as typeof import('./engine');
const hookFresh = () => requireBundle(path.join(__dirname, 'hook-fresh.js'), cached) as typeof import('./hookFresh');
const shellRead = () => requireBundle(path.join(__dirname, 'shell-read.js'), cached) as typeof import('./shellRead');
const hookMaps = () => {
  // A hook process lives for one answer: V8's baseline WebAssembly compiler alone is enough for its few SQLite and
  // tree-sitter calls, and tiering up to the optimizing one would cost more than the calls (half the hook's time).
  useV8Flags('--liftoff-only');
  return requireBundle(path.join(__dirname, 'hook-maps.js'), cached) as typeof import('./hookMaps');
};
const hookParts: HookParts = {
  openMaps: (root, options, env, warn) => hookMaps().openEngineMaps(root, options, env, warn),
  screen: (options, read, key, names, drawnOf) => hookFresh().screenHookRead(options, read, key, names, drawnOf),
  screenMap: (options, key, entry) => hookFresh().screenHookMap(options, key, entry),
  indexed: (options, databaseFile, key, hash, size) => hookFresh().indexedEntry(options, databaseFile, key, hash, size),
  message: (options, message, names) => hookFresh().screenHookMessage(options, message, names),
  ledger: () => requireBundle(path.join(__dirname, 'hook-ledger.js'), cached) as LedgerParts,
};

// `skim hook`, with the flags an install writes (the hook file's host and scope, a chosen edit gate).
const flags = argv[0] === 'hook' && !onlyExplains(argv) ? hookFlags(argv.slice(1)) : undefined;
const hook = flags !== undefined;
// `skim lines …`, what a guarded shell read runs: as the hook, from this bundle, loading the engine only for a map.
const lines = argv[0] === 'lines' && !onlyExplains(argv);
// `skim listing -- ls -R …`, what a guarded listing runs: the engine's, on the bare descriptors, its bytes as the listing printed them.
const listing = argv[0] === 'listing' && !onlyExplains(argv);
// The hook runs on every read an agent makes: it starts from this small bundle, on the bare descriptors, and loads the engine only for a map.
const bare = hook || lines || listing ? descriptorIo(readPayload) : undefined;
// A reader that stops reading (`skim read BIG | head -2`, an MCP client gone) closes the pipe: the command ends quietly,
// writing nothing more, and exits as cat does (141, 128 + SIGPIPE) rather than with a stack trace.
// The hook's own writer (stdio.ts) does so on the bare descriptors, without making the streams.
const closed = { stdout: false, stderr: false };
if (!bare) {
  whenReaderGone(process.stdout, () => (closed.stdout = true));
  whenReaderGone(process.stderr, () => (closed.stderr = true));
}
const io: Io = bare?.io ?? {
  // A person at a terminal sees a file's ESC sequences and bidi marks as escapes; a pipe (an agent) gets the file's bytes.
  out: (text: string) => closed.stdout || process.stdout.write(`${process.stdout.isTTY ? escapeForTerminal(text) : text}\n`),
  warn: (text: string) => closed.stderr || process.stderr.write(`skim: ${text}\n`),
  stdin: () => readPayload(process.stdin),
};
for (const problem of flags?.problems ?? []) io.warn(problem);
// The hook's time is the host's: counted from when this process started, not from when its code began to run.
const run = flags
  ? hookMain(io, process.env, process.cwd(), hookParts, flags, performance.timeOrigin)
  : lines && bare
    ? shellRead().linesMain(argv.slice(1), io, process.env, process.cwd(), hookParts, (bytes) =>
        bare.delivered(process.stdout.isTTY ? Buffer.from(escapeForTerminal(bytes.toString('utf8'))) : bytes),
      )
    : listing && bare
      ? engine().listingMain(argv.slice(1), io, process.env, process.cwd(), (bytes) => bare.write(bytes))
      : engine().main(argv, io);
// Exit once the output is flushed: a hook must not linger on a model call it no longer waits for.
const flushed = () => bare?.flushed() ?? new Promise<void>((resolve) => (closed.stdout ? resolve() : process.stdout.write('', () => resolve())));
// The hook (and a guarded shell read) exits as it decided: its host closing the pipe is no failure of the call it sees.
void run.then((code) => flushed().then(() => process.exit(!bare && closed.stdout ? CLOSED_PIPE_EXIT : code)));
