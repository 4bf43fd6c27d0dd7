import { parts, stem, terms, wholeOf } from './words';

/**
 * What a question is made of for locate: the identifiers it names (in backticks, `name()`,
 * camelCase, snake_case, a dotted or `::` path: `Bytes::slice` names `slice` and `Bytes`), each
 * lower-cased; the stems of its telling words, each once, in the order they come, an identifier
 * written as code also as one word (`maxRedirects`: max, redirect and maxredirect); and the files
 * it points at: paths and file names (`src/cli.py`, `cli.py`), a conventional commit's scope
 * (`fix(cli):`) and a stack trace's frames (`File "app.py", line 3, in main`, `at f (lib/a.js:1:2)`,
 * `Foo.java:12`), whose functions are named too.
 */
export interface Question {
  text: string;
  /** Identifiers named, lower-cased, each as written and each last part of a dotted one. */
  identifiers: Set<string>;
  /** The stems of the question's telling words, each once, with identifiers' whole forms. */
  terms: string[];
  /** The words as written (lower-cased) that the stems came from, for the files a search reaches. */
  words: Map<string, string>;
  /** The whole forms' parts (`maxredirect`: max, redirect), for a search that finds `max_redirects` too. */
  wholeParts: Map<string, string[]>;
  /** Paths or file names the question writes, lower-cased, without a leading `./` or `a/`. */
  paths: string[];
  /** A conventional commit's scope, lower-cased: a folder's or file's name (`fix(cli):` → cli). */
  scopes: string[];
}

/** An identifier as code writes it: camelCase, PascalCase with a lower-case letter after, snake_case, or an acronym with a digit. */
const CODE_LIKE = /^(?:[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Za-z]\w*_\w+|_+\w+)$/;

/** What of a question is read: a bug report's first pages say what it is about; a pasted log's tenth does not. */
export const QUESTION_MAX_CHARS = 10_000;

/** A path or file name: folders and a name with an extension of letters (`lib/http.js`, `setup.cfg`), or folders alone (`src/core/`). */
const PATH_LIKE = /(?<![\p{L}\p{N}_$@:/.-])\/?(?:[\w.-]+\/)+[\w.-]+|(?<![\p{L}\p{N}_$@:/.-])[\w-]+\.[a-z][a-z0-9+]{0,5}(?![\p{L}\p{N}_(])/giu;
/** A conventional commit's type and scope at the start: `fix(cli):`, `feat(http/client)!:`. */
const SCOPE = /^\s*[a-z]+\(([^)\n]{1,60})\)!?:/i;
/** Stack frames: Python's `File "x.py", line 3, in name`; a JavaScript, Java or C# `at name (file:line)` or `at pkg.Class.name(File.java:12)`. */
const PYTHON_FRAME = /File "([^"\n]+)", line \d+, in ([\w<>$]+)/g;
const AT_FRAME = /\bat ([\w$.<>]+) ?\(([^():\s]+):\d+(?::\d+)?\)/g;
/** Extensions that are a name's, not a file's, after a dot: `os.path`, `self.name`. */
const NOT_FILE_EXTENSIONS = /\.(name|path|get|set|run|call|then|log|value|data|type|id|map|key|keys|items|prototype|exports|self|this|com|org|net|io)$/i;

/** The question as locate reads it: full-width and compatibility letters as their plain forms (`ＰＡＲＳＥ` is `PARSE`), at most QUESTION_MAX_CHARS. */
export function questionText(text: string): string {
  const plain = text.normalize('NFKC');
  // Cut at a word's end: the last word's first letters would be searched as a word of their own.
  return (plain.length > QUESTION_MAX_CHARS ? plain.slice(0, QUESTION_MAX_CHARS + 1).replace(/\S*$/, '') : plain).trim();
}

/** The paths a question writes and the files its stack frames name, lower-cased. */
function pathsOf(text: string, addName: (name: string) => void): string[] {
  const found = new Set<string>();
  const add = (p: string) => {
    const clean = p
      .toLowerCase()
      .replace(/^(\.\/|[ab]\/)/, '')
      .replace(/[.,;:]+$/, '');
    if (clean.length >= 3 && !/^\d/.test(clean) && !/^(https?|www)\b/.test(clean)) found.add(clean);
  };
  for (const [, file, name] of text.matchAll(PYTHON_FRAME)) {
    add(file);
    addName(name);
  }
  for (const [, name, file] of text.matchAll(AT_FRAME)) {
    add(file);
    addName(name);
  }
  for (const [match] of text.matchAll(PATH_LIKE)) {
    // A dotted name (`os.path`, `res.send`) is no file; a path with a folder is, whatever its extension.
    if (!match.includes('/') && (NOT_FILE_EXTENSIONS.test(match) || !/\.(?:[a-z]{1,4}|[a-z]+[+]{2})$/i.test(match))) continue;
    add(match);
  }
  return [...found];
}

export function readQuestion(text: string): Question {
  const identifiers = new Set<string>();
  const add = (name: string) => {
    for (const piece of name.split(/\.|::|#|->|\//)) {
      const clean = piece.replace(/\(.*$/, '').replace(/[^\p{L}\p{N}_$]/gu, '');
      if (clean.length >= 3) identifiers.add(clean.toLowerCase());
    }
  };
  for (const [, quoted] of text.matchAll(/`([^`\n]{1,80})`/g)) for (const name of quoted.match(/[\p{L}_$][\p{L}\p{N}_$.:#]*/gu) ?? []) add(name);
  // Each tried from a word's start only: tried inside a word too, a 30,000-letter word is read in quadratic time.
  for (const [name] of text.matchAll(/(?<![\p{L}\p{N}_$])[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::|#)[\p{L}_$][\p{L}\p{N}_$]*)+(?=\W|$)/gu))
    if (!/^\w+\.\w{1,4}$/.test(name) || /[A-Z_]/.test(name)) add(name);
  for (const [, name] of text.matchAll(/(?<![\p{L}\p{N}_$])([\p{L}_$][\p{L}\p{N}_$]*)\(\)/gu)) add(name);
  const words = new Map<string, string>();
  const wholeParts = new Map<string, string[]>();
  for (const [token] of text.matchAll(/[\p{L}\p{N}_$]+/gu)) {
    const code = CODE_LIKE.test(token);
    if (code) add(token);
    const whole = code ? wholeOf(token) : undefined;
    if (whole && !words.has(whole)) {
      words.set(whole, token.toLowerCase());
      wholeParts.set(whole, [...parts(token).slice(0, -1), stem(parts(token).at(-1) as string)]);
    }
    for (const word of parts(token)) {
      const s = stem(word);
      if (terms(word).length && !words.has(s)) words.set(s, word);
    }
  }
  const paths = pathsOf(text, add);
  const scope = SCOPE.exec(text)?.[1];
  const scopes = scope
    ? scope
        .toLowerCase()
        .split(/[,\s]+/)
        .filter((s) => s.length >= 2)
    : [];
  return { text, identifiers, terms: [...words.keys()], words, wholeParts, paths, scopes };
}
