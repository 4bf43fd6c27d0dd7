import { Language, Parser } from 'web-tree-sitter';
import { wasmFile } from '../assets';
import { LanguageInfo } from './languages';

/** Loads the tree-sitter runtime once and each grammar on first use. */
let runtime: Promise<void> | undefined;
const grammars = new Map<string, Promise<Language>>();

function init(): Promise<void> {
  // The typings ask for a whole Emscripten module; the runtime only needs to be told where its wasm is.
  const options = { locateFile: (name: string) => wasmFile('web-tree-sitter', name) };
  runtime ??= Parser.init(options as unknown as Parameters<typeof Parser.init>[0]);
  return runtime;
}

export async function grammarFor(language: LanguageInfo): Promise<Language> {
  await init();
  let grammar = grammars.get(language.id);
  if (!grammar) {
    grammar = Language.load(wasmFile(language.package ?? 'tree-sitter-wasms/out', language.wasm));
    grammars.set(language.id, grammar);
  }
  return grammar;
}

export async function parserFor(language: LanguageInfo): Promise<Parser> {
  const parser = new Parser();
  parser.setLanguage(await grammarFor(language));
  return parser;
}
