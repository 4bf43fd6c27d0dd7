import * as path from 'node:path';
import TABLE from './languages.json';

/**
 * A language Skim outlines, and all Skim knows of it, in one row of languages.json: the tree-sitter
 * grammar that parses it (a wasm file of the tree-sitter-wasms package), its file extensions, the
 * node types that wrap a declaration and whose lines belong to it (export, decorators, templates),
 * and what the overview, the project's outlines and its history need of it. Its outline rules are
 * one query file, queries/<id>.scm (or the one `query` names). Adding a language is a row in
 * languages.json and a query.
 */
export interface LanguageInfo {
  id: string;
  /**
   * The version of this language's outline rules (its row's grammar, wrappers and masks, its query,
   * and what the project's outlines trust of it): part of every map's and outline's producer
   * (`tree-sitter:python@13`), so raising it remaps this language's cached maps and no other's.
   * A query another row reads too (TSX reads TypeScript's; both inherit ecmascript.scm with
   * JavaScript) raises the version of every row that reads it.
   */
  version: number;
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
  /** The interpreters a shebang names for it, by their name without a version (`python3.11` is `python`, `lua5.4` is `lua`). */
  interpreters?: string[];
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
  /**
   * The language whose files name this one's declarations and are named by them, when not its own
   * alone: a header and its C, C++ or Objective-C (`c`), JavaScript and TypeScript (`javascript`).
   */
  group?: string;
  /** The function-name driver git gives its diff hunks (git's own, or Skim's `skimjs` for JavaScript and TypeScript). */
  gitDriver?: string;
  /** Its calls need no parentheses (`foo bar`): a function is named by any use of its name. */
  parenlessCalls?: boolean;
  /** Its code names another module's top-level declaration only through that module's name (`import typing`, `from .models import Request`), in Python's words. */
  moduleNamed?: boolean;
  /** A block of it cannot be outlined alone (a PHP block without its `<?php` reads as HTML): the project's outlines take its files whole. */
  outlinedWholeOnly?: boolean;
  /**
   * Its containers (a C++ namespace, a Ruby module, a TypeScript namespace, a Rust or OCaml
   * module…) may hold their members at column 0, so a line a block leaves outside every region
   * may lie inside one, which only the whole outline shows.
   */
  containersMaySpan?: boolean;
  /**
   * The methods its own types have (Python's `str.split`, JavaScript's `Array.prototype.map`),
   * space-separated as code writes them after the dot: a member use of one most likely calls the
   * builtin. Read from the row its `group` names.
   */
  builtinMembers?: string;
  /** A pattern of further builtin member names (Python's protocol methods, `__repr__`, which the language calls). */
  builtinMemberPattern?: string;
}

export const LANGUAGES: readonly LanguageInfo[] = TABLE;

const BY_EXTENSION = new Map<string, LanguageInfo>(LANGUAGES.flatMap((language) => language.extensions.map((ext) => [ext, language] as const)));
const BY_ID = new Map<string, LanguageInfo>(LANGUAGES.map((language) => [language.id, language]));

/** The language of this id (an id of languages.json), or undefined. */
export const languageById = (id: string): LanguageInfo | undefined => BY_ID.get(id);

/** The language whose row holds what this one shares with its group (itself when it names no group). */
export const groupOf = (language: LanguageInfo): LanguageInfo => (language.group ? (BY_ID.get(language.group) ?? language) : language);

const CPP = BY_ID.get('cpp') as LanguageInfo;
const OBJC = BY_ID.get('objc') as LanguageInfo;
const BASH = BY_ID.get('bash') as LanguageInfo;

/**
 * What Objective-C looks like in a header: an `@interface`, `@protocol`, `@implementation` or
 * `@class` line, or an `#import`. Checked before C++, since the ObjC grammar also reads plain C.
 */
const OBJC_HEADER = /^[ \t]*(?:@(?:interface|protocol|implementation|class)\b|#[ \t]*import\b)/m;

/** The interpreter a shebang names, directly or through `env` (its `-S` and other flags skipped). */
const SHEBANG = /^#![ \t]*\S*\/(?:env[ \t]+(?:-\S+[ \t]+)*)?([A-Za-z]+)/;

/** Languages by the interpreter a shebang names (the rows' `interpreters`). */
const BY_INTERPRETER = new Map<string, LanguageInfo>(LANGUAGES.flatMap((language) => (language.interpreters ?? []).map((name) => [name, language] as const)));

/** An editor's mode line for shell (`-*- shell-script -*-`, `-*- mode: sh -*-`), often in a file with no shebang. */
const SHELL_MODE = /-\*-[^\n]*\b(?:shell-script|mode:[ \t]*(?:sh|bash))\b[^\n]*-\*-/;

/**
 * bash-completion's files have neither extension nor shebang: they are sourced by bash. They live
 * in a `bash-completion` folder (`/usr/share/bash-completion/completions/ssh`) or register a
 * completion function with `complete -F`.
 */
const COMPLETION_FOLDER = /[\\/]bash-completion[\\/]/;
const COMPLETE_LINE = /^[ \t]*complete\b[^\n]*[ \t]-F[ \t]/m;

/** The language of a file with no extension, from its first line's shebang or what marks it as shell. */
function scriptLanguage(file: string, text: string): LanguageInfo | undefined {
  const interpreter = SHEBANG.exec(text)?.[1];
  if (interpreter !== undefined) return BY_INTERPRETER.get(interpreter);
  const head = text.slice(0, 200_000);
  if (COMPLETION_FOLDER.test(file) || SHELL_MODE.test(head.slice(0, 1000)) || COMPLETE_LINE.test(head)) return BASH;
  return undefined;
}

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

/**
 * The language of a file, by its extension; a `.h` file's content decides between C, C++ and
 * Objective-C, and a file with no extension is a script whose shebang names its language. Without
 * the text (listings, the overview), an extensionless file has no language.
 */
export function languageFor(file: string, text?: string): LanguageInfo | undefined {
  const ext = path.extname(file).toLowerCase();
  if (text !== undefined && ext === '.h') {
    const head = text.slice(0, 200_000);
    if (OBJC_HEADER.test(head)) return OBJC;
    if (CPP_HEADER.test(head)) return CPP;
  }
  if (text !== undefined && ext === '') return scriptLanguage(file, text);
  return BY_EXTENSION.get(ext);
}
