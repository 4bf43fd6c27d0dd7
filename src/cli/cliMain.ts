import * as path from 'node:path';
import type { HookParts } from './commands/hook';
import { gateModeOf, unknownGateLine } from '../core/gate/gate';
import { escapeForTerminal } from '../core/screen/terminal';
import { hookMain, readPayload } from './commands/hook';
import { onlyExplains } from './asksHelp';
import { requireBundle, useV8Flags } from './codeCache';
import type { Io } from './io';
import { CLOSED_PIPE_EXIT, descriptorIo, whenReaderGone } from './stdio';

const argv = process.argv.slice(2);
// Help writes nothing, not even the code cache.
const cached = !onlyExplains(argv);
/** The rest of `skim`, and the parts of it a hook needs for a map: bundles of their own beside this one. */
const engine = () => requireBundle(path.join(__dirname, 'engine.js'), cached) as typeof import('./engine');
const hookFresh = () => requireBundle(path.join(__dirname, 'hook-fresh.js'), cached) as typeof import('./hookFresh');
const hookMaps = () => {
  // A hook process lives for one answer: V8's baseline WebAssembly compiler alone is enough for its few SQLite and
  // tree-sitter calls, and tiering up to the optimizing one would cost more than the calls (half the hook's time).
  useV8Flags('--liftoff-only');
  return requireBundle(path.join(__dirname, 'hook-maps.js'), cached) as typeof import('./hookMaps');
};
const hookParts: HookParts = {
  openMaps: (root, options, env, warn) => hookMaps().openEngineMaps(root, options, env, warn),
  screen: (options, read, key) => hookFresh().screenHookRead(options, read, key),
  indexed: (options, databaseFile, key, hash, size) => hookFresh().indexedEntry(options, databaseFile, key, hash, size),
};

// `skim hook`, or `skim hook --edit-gate MODE` as an install with a chosen edit gate writes it.
const hook = argv[0] === 'hook' && !onlyExplains(argv) && (argv.length === 1 || (argv.length === 3 && argv[1] === '--edit-gate'));
// The hook runs on every read an agent makes: it starts from this small bundle, on the bare descriptors, and loads the engine only for a map.
const hookIo = hook ? descriptorIo(readPayload) : undefined;
// A reader that stops reading (`skim read BIG | head -2`, an MCP client gone) closes the pipe: the command ends quietly,
// writing nothing more, and exits as cat does (141, 128 + SIGPIPE) rather than with a stack trace.
// The hook's own writer (stdio.ts) does so on the bare descriptors, without making the streams.
const closed = { stdout: false, stderr: false };
if (!hook) {
  whenReaderGone(process.stdout, () => (closed.stdout = true));
  whenReaderGone(process.stderr, () => (closed.stderr = true));
}
const io: Io = hookIo?.io ?? {
  // A person at a terminal sees a file's ESC sequences and bidi marks as escapes; a pipe (an agent) gets the file's bytes.
  out: (text: string) => closed.stdout || process.stdout.write(`${process.stdout.isTTY ? escapeForTerminal(text) : text}\n`),
  warn: (text: string) => closed.stderr || process.stderr.write(`skim: ${text}\n`),
  stdin: () => readPayload(process.stdin),
};
if (hook && argv.length === 3 && gateModeOf(argv[2], 'off') !== argv[2]) io.warn(unknownGateLine(argv[2]));
const run = hook ? hookMain(io, process.env, process.cwd(), hookParts, argv[1] === '--edit-gate' ? gateModeOf(argv[2]) : undefined) : engine().main(argv, io);
// Exit once the output is flushed: a hook must not linger on a model call it no longer waits for.
const flushed = () => hookIo?.flushed() ?? new Promise<void>((resolve) => (closed.stdout ? resolve() : process.stdout.write('', () => resolve())));
// A hook always exits as it decided (0): its host closing the pipe is no failure of the call it sees.
void run.then((code) => flushed().then(() => process.exit(!hook && closed.stdout ? CLOSED_PIPE_EXIT : code)));
