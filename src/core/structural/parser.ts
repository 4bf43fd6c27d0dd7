import { setMaxListeners } from 'node:events';
import type * as TreeSitter from 'web-tree-sitter';
import type { Language, Parser, Query, Tree } from 'web-tree-sitter';
import { wasmBytes, wasmFile } from '../assets';
import { OUTLINE_MS, PARSE_SLICE_MS } from './bounds';
import { Budget } from './budget';
import { LanguageInfo, parseableText } from './languages';
import { rememberSlow, slowBefore } from './slowTexts';

/**
 * The tree-sitter runtime, loaded once, and each grammar on first use. A WebAssembly failure
 * (a trap, an abort, a stack overflow inside the module) can leave the module's memory corrupt,
 * and every later parse in the process would fail with it: so the runtime that failed is thrown
 * away and the next use loads a fresh one, from a fresh copy of web-tree-sitter's JavaScript (the
 * module keeps its WebAssembly instance in a variable of its own that nothing can reset).
 */
interface Runtime {
  ts: typeof TreeSitter;
  grammars: Map<string, Promise<Language>>;
  /** The last grammar load begun: loads run one at a time (two at once can link one's symbols into the other). */
  loads: Promise<unknown>;
  failed: boolean;
}

let current: Promise<Runtime> | undefined;
/** Set by a process that wants its WebAssembly memory bounded (the query worker); in bytes. */
let memoryLimit: number | undefined;
/** The bounded memory of the runtime loaded last, when bounded. */
let memory: { buffer: ArrayBuffer } | undefined;

/** A failure of tree-sitter's WebAssembly itself on one input (its runtime was replaced); `reason` is the module's own words. */
export class TreeSitterFailure extends Error {
  constructor(
    name: string,
    readonly reason: string,
  ) {
    super(`tree-sitter failed on ${name} (${reason}); Skim reloaded it, so other files and queries still work`);
  }
}

/**
 * A text tree-sitter could not parse within OUTLINE_MS (or one that ran out of time before): there
 * is no outline of it. Slow bytes (they had their time, and used it) are not parsed again; `late`
 * ones ran out of time on a machine too busy to give it to them, and are tried again later
 * (structural/slowTexts, mapping/slowFiles).
 */
export class SlowParseError extends Error {
  constructor(readonly late = false) {
    super(
      late
        ? 'tree-sitter ran out of time on the file while the machine was busy, so it has no outline yet (Skim tries it again later)'
        : `tree-sitter could not parse the file within ${OUTLINE_MS / 1000} s, so it has no outline (Skim does not try the same bytes again)`,
    );
  }
}

/** Throws the SlowParseError of a text this process found slow, or late with its next try still to come. */
export function throwIfSlowBefore(language: LanguageInfo, text: string): void {
  const before = slowBefore(language, text);
  if (before) throw new SlowParseError(before === 'late');
}

/**
 * One slice of what is done with a parse, run within its budget and whole or not at all: a query
 * its time stopped returns only the matches found by then, so a budget spent by it is a
 * SlowParseError, never a part taken for the whole.
 */
export function wholeWithin<T>(budget: Budget, work: () => T): T {
  const result = budget.run(work);
  if (budget.spent) throw new SlowParseError(budget.late);
  return result;
}

/** Texts this process has begun to parse: what shows that a text is not parsed again. */
let parsesBegun = 0;
export const parsesStarted = () => parsesBegun;

const PAGE = 65_536;

/** WebAssembly's constructors, which the ES2022 library (no DOM) leaves untyped. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { RuntimeError: abstract new () => Error; Memory: new (size: { initial: number; maximum: number }) => { buffer: ArrayBuffer } };
  }
).WebAssembly;

/** Bounds the WebAssembly memory of runtimes loaded from now on: past it an allocation aborts (and that runtime is replaced). */
export function limitWasmMemory(bytes: number): void {
  memoryLimit = bytes;
}

/** How much WebAssembly memory the bounded runtime holds now (it grows, never shrinks); 0 when unbounded. */
export function wasmMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

function load(): Promise<Runtime> {
  current ??= (async () => {
    const file = wasmFile('web-tree-sitter', 'tree-sitter.cjs');
    delete require.cache[file];
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy is the only way to a fresh WebAssembly instance
    const ts = require(file) as typeof TreeSitter;
    const options: Record<string, unknown> = { wasmBinary: await wasmBytes('web-tree-sitter', 'tree-sitter.wasm') };
    if (memoryLimit) options.wasmMemory = memory = new wasm.Memory({ initial: Math.min(512, memoryLimit / PAGE), maximum: Math.floor(memoryLimit / PAGE) });
    // The typings ask for a whole Emscripten module; the runtime only needs these.
    await ts.Parser.init(options as unknown as Parameters<typeof ts.Parser.init>[0]);
    return { ts, grammars: new Map(), loads: Promise.resolve(), failed: false };
  })();
  const loading = current;
  // A runtime that could not even load is not kept: the next use tries again.
  loading.catch(() => {
    if (current === loading) current = undefined;
  });
  return loading;
}

/** Whether `error` came out of the WebAssembly module itself (its memory may now be corrupt). */
export function isWasmFailure(error: unknown): boolean {
  if (error instanceof wasm.RuntimeError) return true;
  // A stack overflow inside the module surfaces as V8's RangeError, thrown from a wasm frame.
  return error instanceof RangeError && /wasm-function|wasm:\/\//.test(error.stack ?? '');
}

/** Throws the runtime away after a failure of its WebAssembly: the next use loads a fresh one. */
function discard(runtime: Runtime, loading: Promise<Runtime>): void {
  runtime.failed = true;
  if (current === loading) current = undefined;
}

async function grammarOf(runtime: Runtime, language: LanguageInfo): Promise<Language> {
  let grammar = runtime.grammars.get(language.id);
  if (!grammar) {
    const loading = runtime.loads.then(async () => runtime.ts.Language.load(await wasmBytes(language.package ?? 'tree-sitter-wasms/out', language.wasm)));
    grammar = loading;
    runtime.loads = loading.catch(() => undefined);
    runtime.grammars.set(language.id, loading);
    // A grammar that could not load is not kept: the next file of its language tries again.
    loading.catch(() => {
      if (runtime.grammars.get(language.id) === loading) runtime.grammars.delete(language.id);
    });
  }
  return grammar;
}

/** A text as a grammar parsed it: the parser, the tree, the grammar and the parsed text, and the time left to work on it. */
export interface Parse {
  parser: Parser;
  tree: Tree;
  /** The one time limit of everything done with this parse: the query, and every part parsed again. */
  budget: Budget;
  /** Another text (a part of this one) parsed by the same parser within what is left of the budget, as the text was (a broken tree confirmed by a second parse); undefined once it has run out. The caller frees the tree. */
  parseMore(text: string): Promise<Tree | undefined>;
  grammar: Language;
  /** The text the grammar parsed (C-family lone macros blanked in place: every offset is the file's). */
  source: string;
  /** The file's own text, offset for offset `source`'s: what names are read from, where `source` has masked them. */
  text: string;
  /** Compiles a query for this parse's grammar (throws the grammar's own message when it does not compile). */
  compile(query: string): Query;
}

/** Frees a WebAssembly object unless its runtime failed (freeing into corrupt memory traps again). */
function free(runtime: Runtime, object: { delete(): void }): void {
  if (runtime.failed) return;
  try {
    object.delete();
  } catch (error) {
    if (!isWasmFailure(error)) throw error;
    runtime.failed = true;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Aborted when the process is ending (a command line given a signal): every parse stops at its next slice. */
let ending: AbortSignal | undefined;

/** Stops every parse of this process, at its next slice, once `signal` is aborted. */
export function stopParsesOn(signal: AbortSignal): void {
  // Every parse and worker job under way listens to it (an overview runs dozens at once): not a leak, each listener leaves with its job.
  setMaxListeners(0, signal);
  ending = signal;
}

/** What stops one parse: `signal`, or the process ending; either, when both are set. */
export function stoppedBy(signal?: AbortSignal): AbortSignal | undefined {
  return signal && ending ? AbortSignal.any([signal, ending]) : (signal ?? ending);
}

/**
 * `text` parsed within `budget`, a slice of at most PARSE_SLICE_MS at a time with the event loop
 * running between slices (tree-sitter's progress callback stops a slice; the next call resumes
 * it). Undefined once the budget is spent, the parser reset for another text; the signal's
 * reason thrown once it is aborted.
 */
export async function parseWithin(parser: Parser, text: string, budget: Budget): Promise<Tree | undefined> {
  parsesBegun++;
  try {
    for (;;) {
      const slice = Math.min(PARSE_SLICE_MS, budget.remainingMs());
      const tree = budget.run(() => {
        const stop = performance.now() + slice;
        return parser.parse(text, null, { progressCallback: () => performance.now() >= stop });
      });
      if (tree) return tree;
      if (budget.spent) return undefined;
      await nextTurn();
    }
  } finally {
    // A parse stopped part way would otherwise be resumed by the next text's.
    parser.reset();
  }
}

/**
 * `text` parsed within `budget` as parseWithin, and where the tree has errors parsed once more
 * and the second tree kept. web-tree-sitter 0.25 can give one tree that is a single ERROR from
 * the first byte (comments and strings not lexed) although the same parser's very next parse of
 * the same text is clean: seen on pl/stringx.lua after an earlier parse of CapacitorBridge.swift
 * had been halted by its slices, which wall-clock slices make depend on the machine's load. An
 * outline recovered from such a tree loses and misplaces regions, and is then cached as whole.
 * Only a text whose parse has errors pays the second parse; undefined once the budget is spent.
 */
async function confirmedParse(runtime: Runtime, parser: Parser, text: string, budget: Budget): Promise<Tree | undefined> {
  const first = await parseWithin(parser, text, budget);
  if (!first?.rootNode.hasError) return first;
  free(runtime, first);
  return parseWithin(parser, text, budget);
}

async function parseOnce<T>(runtime: Runtime, language: LanguageInfo, text: string, use: (parse: Parse) => T | Promise<T>, signal?: AbortSignal): Promise<T> {
  const grammar = await grammarOf(runtime, language);
  const parser = new runtime.ts.Parser();
  try {
    parser.setLanguage(grammar);
    const source = parseableText(language, text);
    const budget = new Budget(OUTLINE_MS, stoppedBy(signal));
    const tree = await confirmedParse(runtime, parser, source, budget);
    if (!tree) {
      rememberSlow(language, text, budget.late);
      throw new SlowParseError(budget.late);
    }
    try {
      const parseMore = (part: string) => confirmedParse(runtime, parser, part, budget);
      return await use({ parser, tree, budget, parseMore, grammar, source, text, compile: (query) => new runtime.ts.Query(grammar, query) });
    } finally {
      free(runtime, tree);
    }
  } finally {
    free(runtime, parser);
  }
}

/**
 * Parses `text` with the language's grammar; parser and tree are freed once `use` has returned.
 * The parse and all `use` does with it share one budget of OUTLINE_MS; a text that cannot be
 * parsed in it is a SlowParseError, now and whenever the process is given it again (not parsed
 * again; a late one until its next try); `signal` (or the process ending) stops it with the signal's reason. Should tree-sitter's WebAssembly fail, its runtime is replaced and the parse tried again on the
 * fresh one (the failure may have been left by an earlier call), up to `attempts` in all; the last
 * failure is this input's own, and is said as a TreeSitterFailure. Either way the next call has a
 * working runtime.
 */
export async function withParse<T>(
  language: LanguageInfo,
  text: string,
  name: string,
  use: (parse: Parse) => T | Promise<T>,
  attempts = 2,
  signal?: AbortSignal,
): Promise<T> {
  throwIfSlowBefore(language, text);
  for (let attempt = 1; ; attempt++) {
    const loading = load();
    const runtime = await loading;
    let failure: unknown;
    try {
      const result = await parseOnce(runtime, language, text, use, signal);
      // A runtime that trapped while freeing was corrupt before `use` returned: its answer is not trusted.
      if (!runtime.failed) return result;
      failure = new Error('tree-sitter trapped while freeing a tree');
    } catch (error) {
      if (!isWasmFailure(error) && !runtime.failed) throw error;
      failure = error;
    }
    discard(runtime, loading);
    if (attempt >= attempts) throw new TreeSitterFailure(name, (failure as Error).message.split('\n', 1)[0]);
  }
}
