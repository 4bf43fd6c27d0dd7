import { Language, Parser, Tree } from 'web-tree-sitter';
import { wasmFile } from '../assets';
import { LanguageInfo, parseableText } from './languages';

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

/** A text as a grammar parsed it: the parser (kept for parsing parts of it again), the tree, and the parsed text. */
export interface Parse {
  parser: Parser;
  tree: Tree;
  /** The text the grammar parsed (C-family lone macros blanked in place: every offset is the file's). */
  source: string;
}

/** Parses `text` with the language's grammar; parser and tree are freed once `use` has returned. */
export async function withParse<T>(language: LanguageInfo, text: string, name: string, use: (parse: Parse) => T | Promise<T>): Promise<T> {
  const parser = await parserFor(language);
  try {
    const source = parseableText(language, text);
    const tree = parser.parse(source);
    if (!tree) throw new Error(`tree-sitter could not parse ${name}`);
    try {
      return await use({ parser, tree, source });
    } finally {
      tree.delete();
    }
  } finally {
    parser.delete();
  }
}
