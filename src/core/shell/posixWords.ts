import { Refusal, refuse } from './refusal';

/** A word as the shell hands it to the program (quotes removed), with where it stands in the command line. */
export interface Word {
  kind: 'word';
  text: string;
  from: number;
  to: number;
  /** Written as NAME=… with the name unquoted: a variable set for the command, not an argument. */
  assignment: boolean;
}

/** `|` or `&&` between words, with where it stands. */
export interface Operator {
  kind: 'op';
  op: '|' | '&&';
  from: number;
  to: number;
}

export type Token = Word | Operator;

const BLANK = new Set([' ', '\t']);
/** Characters that end an unquoted word: blanks, a newline and the shell's operators. */
const ENDS_WORD = new Set([' ', '\t', '\n', '|', '&', ';', '<', '>', '(', ')']);
/** Unquoted characters the shell expands (globs, braces) or that mean more than themselves in bash or zsh. */
const EXPANDS: Readonly<Record<string, Refusal['refused']>> = {
  $: 'substitution',
  '`': 'substitution',
  '*': 'glob',
  '?': 'glob',
  '[': 'glob',
  '{': 'glob',
  '}': 'glob',
  '!': 'quoting',
  '^': 'quoting',
};
/** In double quotes, a backslash escapes only these; before anything else it stays. */
const ESCAPED_IN_DOUBLE = new Set(['$', '`', '"', '\\']);

/**
 * Splits a POSIX shell command line (as bash and zsh read it) into words and the two operators a
 * plain read may use, `|` and `&&`, with quotes removed: single quotes keep every character,
 * double quotes keep all but `\` before `$`, backquote, `"` and `\`, a backslash outside quotes keeps the next
 * character, and a backslash before a newline joins two lines. Anything it would have to expand or
 * that makes the line more than one pipeline after an optional `cd DIR &&` is refused, with why:
 * `$` and backquotes, globs and braces, `~`, redirections, `;`, `||`, `&`, a newline between
 * commands, parentheses. Comments (from a `#` where a word could start, to the end of the line) are skipped.
 */
export function posixWords(line: string): Token[] | Refusal {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (BLANK.has(c)) {
      i++;
    } else if (c === '\\' && line[i + 1] === '\n') {
      i += 2;
    } else if (c === '\n') {
      // A newline before the command is nothing; after it, it ends the command: only blanks, newlines and comments may follow.
      if (tokens.length && !/^(?:\s|#[^\n]*)*$/.test(line.slice(i))) return refuse('chain');
      i++;
    } else if (c === '|') {
      if (line[i + 1] === '|') return refuse('chain');
      if (line[i + 1] === '&') return refuse('redirect');
      tokens.push({ kind: 'op', op: '|', from: i, to: i + 1 });
      i++;
    } else if (c === '&') {
      if (line[i + 1] !== '&') return refuse(line[i + 1] === '>' ? 'redirect' : 'background');
      tokens.push({ kind: 'op', op: '&&', from: i, to: i + 2 });
      i += 2;
    } else if (c === ';') {
      return refuse('chain');
    } else if (c === '<' || c === '>') {
      return refuse(line.startsWith('<<', i) ? 'here-doc' : 'redirect');
    } else if (c === '(' || c === ')') {
      return refuse('group');
    } else if (c === '#') {
      // A comment where a word could start runs to the end of its line, quotes and all.
      const end = line.indexOf('\n', i);
      i = end < 0 ? line.length : end;
    } else {
      const word = readWord(line, i);
      if ('refused' in word) return word;
      tokens.push(word);
      i = word.to;
    }
  }
  return tokens;
}

/** One word from `from`, quotes removed. */
function readWord(line: string, from: number): Word | Refusal {
  let text = '';
  let i = from;
  let quoted = false;
  let assignment = false;
  while (i < line.length && !ENDS_WORD.has(line[i])) {
    const c = line[i];
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return refuse('quoting');
      text += line.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else if (c === '"') {
      const inner = readDoubleQuoted(line, i + 1);
      if ('refused' in inner) return inner;
      text += inner.text;
      quoted = true;
      i = inner.to;
    } else if (c === '\\') {
      if (i + 1 >= line.length) return refuse('quoting');
      if (line[i + 1] !== '\n') text += line[i + 1];
      quoted = true;
      i += 2;
    } else if (EXPANDS[c]) {
      return refuse(EXPANDS[c]);
    } else if (c === '~' && text === '' && !quoted) {
      return refuse('glob');
    } else if (c === '=' && text === '' && !quoted) {
      // zsh expands a word that starts with = to a program's path.
      return refuse('quoting');
    } else {
      if (c === '=' && !quoted && !assignment && /^[A-Za-z_]\w*$/.test(text)) assignment = true;
      text += c;
      i++;
    }
  }
  return { kind: 'word', text, from, to: i, assignment };
}

/** The text of a double-quoted string from `from` (just past its opening quote) to its closing quote. */
function readDoubleQuoted(line: string, from: number): { text: string; to: number } | Refusal {
  let text = '';
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === '"') return { text, to: i + 1 };
    if (c === '$' || c === '`') return refuse('substitution');
    if (c === '!') return refuse('quoting');
    if (c === '\\' && i + 1 < line.length) {
      const next = line[i + 1];
      if (next === '\n') {
        i++;
        continue;
      }
      if (ESCAPED_IN_DOUBLE.has(next)) {
        text += next;
        i++;
        continue;
      }
    }
    text += c;
  }
  return refuse('quoting');
}
