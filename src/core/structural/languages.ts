import * as path from 'node:path';
import TABLE from './languages.json';

/**
 * A language the structural mapper can outline: the tree-sitter grammar that parses it (a wasm
 * file of the tree-sitter-wasms package), its file extensions, and the node types that wrap a
 * declaration and whose lines belong to it (export, decorators, templates). Its outline rules
 * are one query file, queries/<id>.scm (or the one `query` names). Adding a language is a row in languages.json and a query.
 */
export interface LanguageInfo {
  id: string;
  wasm: string;
  /**
   * The npm package the wasm comes from, when not tree-sitter-wasms' `out` folder: a grammar's
   * own package where tree-sitter-wasms' build does not run on Skim's web-tree-sitter (bash's
   * external scanner needs functions that runtime lacks; tree-sitter-bash 0.25 ships one that runs).
   */
  package?: string;
  /** The query file's name when another language's serves (TSX uses TypeScript's). */
  query?: string;
  extensions: string[];
  wrappers: string[];
  /**
   * C-family headers put macros on a line of their own before declarations (`_GLIBCXX20_CONSTEXPR`,
   * `EXPORT_API`), which the grammar cannot know and which break the class around them: such
   * lines are blanked before parsing (same length, so every line and offset stays where it was).
   */
  maskLoneMacros?: boolean;
  /**
   * Scala's grammar cannot parse a declaration named by an operator (`def ~ [U](…)`, `def + = …`,
   * `case class ~[+a, +b]`): such names are written as letters before parsing (same length), and
   * the outline reads every name from the file's own text.
   */
  maskOperatorNames?: boolean;
  /**
   * tree-sitter-ruby's operator names lack `!=`: it reads `def !=(obj)` as a method `!` whose
   * endless body is `=(obj)`, and the class around it ends there. Such a name is written `==`
   * before parsing (same length), and the outline reads the name from the file's own text.
   */
  maskNotEqualDefs?: boolean;
}

const LANGUAGES: readonly LanguageInfo[] = TABLE;

const BY_EXTENSION = new Map<string, LanguageInfo>(LANGUAGES.flatMap((language) => language.extensions.map((ext) => [ext, language] as const)));
const CPP = LANGUAGES.find((l) => l.id === 'cpp') as LanguageInfo;

/**
 * What C++ looks like in a header: a class, a namespace, a template, `::`, an `extern "C++"`, or
 * an editor's `-*- C++ -*-` mode line. A `.h` file that shows any of these is C++; else C.
 */
const CPP_HEADER = /-\*-\s*[Cc]\+\+\s*-\*-|^\s*(class|namespace|template\s*<|using\s+namespace)\b|\w::\w|extern\s+"C\+\+"|^\s*(public|private|protected):/m;

// Each further macro must follow white space, so no line can be split two ways: linear, never backtracking.
const LONE_MACRO = /^[ \t]*[A-Z_][A-Z0-9_]*(?:\([^()\n]*\))?(?:[ \t]+[A-Z_][A-Z0-9_]*(?:\([^()\n]*\))?)*[ \t]*$/gm;

/**
 * Macros after a declarator (`size() const _GLIBCXX_NOEXCEPT`): the same kind of noise at a line's
 * end, or before the body's brace, on the declarator's line or the next (googletest's
 * `UponLeavingGTest() GTEST_LOCK_EXCLUDED_(mutex_) {`, which the grammar takes for the name).
 */
const TRAILING_MACROS = /(?<=(?:\)|\bconst|\boverride|\bfinal)(?:[ \t]*\n)?)(?:[ \t]+[A-Z_][A-Z0-9_]*(?:\([^()\n]*\))?)+(?=[ \t]*\{?[ \t]*$)/gm;

/** An operator that names a declaration: after its keyword (not `this.type = …`), before its type parameters, parameters, type or body. */
const OPERATOR_NAME = /(?<=(?<![\w.])(?:def|class|object|trait|type)[ \t]+)(?!=[^~!#%^&*+\-<>=|?/\\:@])[~!#%^&*+\-<>=|?/\\:@]+(?=[\s[(:=])/g;

/** `!=` as the name a `def` gives, of the object or of its singleton (`def self.!=`), before its parameters or body. */
// The lookbehind runs only where `!=` is: linear in the file, however long its runs of white space.
const NOT_EQUAL_DEF = /!=(?<=\bdef[ \t]+(?:[\w:]+\.)?!=)(?=[\s(;]|$)/gm;

const blank = (text: string) => ' '.repeat(text.length);
const letters = (text: string) => 'x'.repeat(text.length);

/** The text a grammar parses: for C-family languages, lone and trailing macros blanked in place; for Scala, operator names as letters; for Ruby, `def !=` as `def ==`. */
export function parseableText(language: LanguageInfo, text: string): string {
  if (language.maskOperatorNames) return text.replace(OPERATOR_NAME, letters);
  if (language.maskNotEqualDefs) return text.replace(NOT_EQUAL_DEF, '==');
  if (!language.maskLoneMacros) return text;
  return text.replace(LONE_MACRO, blank).replace(TRAILING_MACROS, blank);
}

/** The language of a file, by its extension; a `.h` file's content decides between C and C++. */
export function languageFor(file: string, text?: string): LanguageInfo | undefined {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.h' && text !== undefined && CPP_HEADER.test(text.slice(0, 200_000))) return CPP;
  return BY_EXTENSION.get(ext);
}
