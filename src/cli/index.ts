import * as os from 'node:os';
import * as path from 'node:path';
import type { HookParts } from './commands/hook';
import { gateModeOf } from '../core/gate/gate';
import { hookMain, readPayload } from './commands/hook';
import type { Io } from './io';

// Node 22+ keeps compiled code between runs; in the user's own cache folder, never a shared temp one.
const nodeModule = require('node:module') as { enableCompileCache?: (dir: string) => unknown };
nodeModule.enableCompileCache?.(path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'skim', 'node-compile-cache'));

const io: Io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  warn: (text: string) => process.stderr.write(`skim: ${text}\n`),
  stdin: () => readPayload(process.stdin),
};

/** The rest of `skim`, and the parts of it a hook needs for a map: bundles of their own beside this one. */
const engine = (): typeof import('./engine') => require(path.join(__dirname, 'engine.js'));
const hookMaps = (): typeof import('./hookMaps') => require(path.join(__dirname, 'hook-maps.js'));
const hookFresh = (): typeof import('./hookFresh') => require(path.join(__dirname, 'hook-fresh.js'));
const hookParts: HookParts = {
  openMaps: (root, options, env, warn) => hookMaps().openEngineMaps(root, options, env, warn),
  screen: (options, entry) => hookFresh().screenMapEntry(options, entry),
  indexed: (options, databaseFile, key, hash, size) => hookFresh().indexedEntry(options, databaseFile, key, hash, size),
};

const argv = process.argv.slice(2);
// `skim hook`, or `skim hook --edit-gate MODE` as an install with a chosen edit gate writes it.
const hook = argv[0] === 'hook' && (argv.length === 1 || (argv.length === 3 && argv[1] === '--edit-gate'));
// A hook process lives for one answer: V8's baseline WebAssembly compiler alone is enough for its few SQLite and
// tree-sitter calls, and tiering up to the optimizing one would cost more than the calls (half the hook's time).
if (hook) (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--liftoff-only');
// The hook runs on every read an agent makes: it starts from this small bundle and loads the engine only for a map.
const run = hook ? hookMain(io, process.env, process.cwd(), hookParts, argv[1] === '--edit-gate' ? gateModeOf(argv[2]) : undefined) : engine().main(argv, io);
// Exit once the output is flushed: a hook must not linger on a model call it no longer waits for.
void run.then((code) => process.stdout.write('', () => process.exit(code)));
