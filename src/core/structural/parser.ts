import type * as TreeSitter from 'web-tree-sitter';
import type { Language, Parser, Query, Tree } from 'web-tree-sitter';
import { wasmFile } from '../assets';
import { LanguageInfo, parseableText } from './languages';

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
    const options: Record<string, unknown> = { locateFile: (name: string) => wasmFile('web-tree-sitter', name) };
    if (memoryLimit) options.wasmMemory = memory = new wasm.Memory({ initial: Math.min(512, memoryLimit / PAGE), maximum: Math.floor(memoryLimit / PAGE) });
    // The typings ask for a whole Emscripten module; the runtime only needs these.
    await ts.Parser.init(options as unknown as Parameters<typeof ts.Parser.init>[0]);
    return { ts, grammars: new Map(), failed: false };
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
    grammar = runtime.ts.Language.load(wasmFile(language.package ?? 'tree-sitter-wasms/out', language.wasm));
    runtime.grammars.set(language.id, grammar);
  }
  return grammar;
}

/** A text as a grammar parsed it: the parser (kept for parsing parts of it again), the tree, the grammar and the parsed text. */
export interface Parse {
  parser: Parser;
  tree: Tree;
  grammar: Language;
  /** The text the grammar parsed (C-family lone macros blanked in place: every offset is the file's). */
  source: string;
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

async function parseOnce<T>(runtime: Runtime, language: LanguageInfo, text: string, name: string, use: (parse: Parse) => T | Promise<T>): Promise<T> {
  const grammar = await grammarOf(runtime, language);
  const parser = new runtime.ts.Parser();
  try {
    parser.setLanguage(grammar);
    const source = parseableText(language, text);
    const tree = parser.parse(source);
    if (!tree) throw new Error(`tree-sitter could not parse ${name}`);
    try {
      return await use({ parser, tree, grammar, source, compile: (query) => new runtime.ts.Query(grammar, query) });
    } finally {
      free(runtime, tree);
    }
  } finally {
    free(runtime, parser);
  }
}

/**
 * Parses `text` with the language's grammar; parser and tree are freed once `use` has returned.
 * Should tree-sitter's WebAssembly fail, its runtime is replaced and the parse tried again on the
 * fresh one (the failure may have been left by an earlier call), up to `attempts` in all; the last
 * failure is this input's own, and is said as a TreeSitterFailure. Either way the next call has a
 * working runtime.
 */
export async function withParse<T>(language: LanguageInfo, text: string, name: string, use: (parse: Parse) => T | Promise<T>, attempts = 2): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const loading = load();
    const runtime = await loading;
    let failure: unknown;
    try {
      const result = await parseOnce(runtime, language, text, name, use);
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
