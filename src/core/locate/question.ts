import { parts, stem, terms } from './words';

/**
 * What a question is made of for locate: the identifiers it names (in backticks, `name()`,
 * camelCase, snake_case, a dotted or `::` path: `Bytes::slice` names `slice` and `Bytes`), each
 * lower-cased, and the stems of its telling words, each once, in the order they come.
 */
export interface Question {
  text: string;
  /** Identifiers named, lower-cased, each as written and each last part of a dotted one. */
  identifiers: Set<string>;
  /** The stems of the question's telling words, each once. */
  terms: string[];
  /** The words as written (lower-cased) that the stems came from, for the files a search reaches. */
  words: Map<string, string>;
}

/** An identifier as code writes it: camelCase, PascalCase with a lower-case letter after, snake_case, or an acronym with a digit. */
const CODE_LIKE = /^(?:[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Za-z]\w*_\w+|_+\w+)$/;

/** What of a question is read: a bug report's first pages say what it is about; a pasted log's tenth does not. */
export const QUESTION_MAX_CHARS = 10_000;

/** The question as locate reads it: full-width and compatibility letters as their plain forms (`ＰＡＲＳＥ` is `PARSE`), at most QUESTION_MAX_CHARS. */
export function questionText(text: string): string {
  const plain = text.normalize('NFKC');
  // Cut at a word's end: the last word's first letters would be searched as a word of their own.
  return (plain.length > QUESTION_MAX_CHARS ? plain.slice(0, QUESTION_MAX_CHARS + 1).replace(/\S*$/, '') : plain).trim();
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
  for (const [name] of text.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)) if (CODE_LIKE.test(name)) add(name);
  const words = new Map<string, string>();
  for (const word of parts(text)) {
    const s = stem(word);
    if (terms(word).length && !words.has(s)) words.set(s, word);
  }
  return { text, identifiers, terms: [...words.keys()], words };
}
