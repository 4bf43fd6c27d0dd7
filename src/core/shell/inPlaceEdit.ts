import { posixCommand } from './recognize';
import { ShellDialect } from './read';
import { Refusal, refuse } from './refusal';

/**
 * The files a shell command line provably rewrites in place (GNU `sed -i`, `perl -pi -e`), as the
 * command names them, and the folder a leading `cd DIR &&` moves to: what the edit gate takes for
 * an edit of exactly those files. As strict as the read recognizer (the same words, quoting, cd;
 * no substitution, glob, redirection, pipe or second command), and stricter on the programs: a sed
 * script of commands that write or run nothing else, Perl code that touches neither the list of
 * files nor the folder. Anything else is no edit Skim can prove, and passes as written.
 */
export interface InPlaceEdit {
  program: 'sed' | 'perl';
  files: string[];
  dir?: string;
}

/** The programs an in-place edit starts with: the installed hook's filter looks for them too. */
const EDIT_PROGRAMS: readonly string[] = ['sed', 'perl'];

/** The programs a shell call edits files with that the gate knows (the installed hook's filter looks for them): in place, and apply_patch. */
export const SHELL_EDIT_PROGRAMS: readonly string[] = [...EDIT_PROGRAMS, 'apply_patch', 'applypatch'];

/** The in-place edit a command line provably is, or why it is not one. POSIX shells only. */
export function explainInPlaceEdit(line: string, dialect: ShellDialect): InPlaceEdit | Refusal {
  if (dialect !== 'posix') return refuse('not an edit');
  const command = posixCommand(line);
  if ('refused' in command) return command;
  const { stages, dir } = command;
  if (stages.length > 1) return refuse('pipe');
  const [program, ...args] = stages[0];
  // The program's name as it reads, with no quote or backslash in it, as for a read.
  if (line.slice(program.from, program.to) !== program.text) return refuse('not an edit');
  const words = args.map((word) => word.text);
  const edit = program.text === 'sed' ? sedEdit(words) : program.text === 'perl' ? perlEdit(words) : refuse('not an edit');
  if ('refused' in edit) return edit;
  return { program: program.text as InPlaceEdit['program'], files: edit.files, ...(dir === undefined ? {} : { dir }) };
}

/** The in-place edit a command line provably is, or undefined. */
export function recognizeInPlaceEdit(line: string, dialect: ShellDialect): InPlaceEdit | undefined {
  const edit = explainInPlaceEdit(line, dialect);
  return 'refused' in edit ? undefined : edit;
}

/** The files after the options: each named once; none, `-` (standard input) or an empty name is no edit of a file. */
function filesOf(operands: readonly string[], optionsEnded: boolean): { files: string[] } | Refusal {
  // GNU sed (and Perl's <>) would take a word starting with - after the script as an option or as something other than a file.
  if (!optionsEnded && operands.some((word) => word.startsWith('-'))) return refuse('option');
  if (operands.length === 0) return refuse('files');
  if (operands.some((word) => word === '' || word === '-')) return refuse('file name');
  return { files: [...new Set(operands)] };
}

/** sed's short options that take no value and change nothing but how the script reads lines: -n, -E, -r, -s, -u, -z. */
const SED_FLAGS = new Set(['n', 'E', 'r', 's', 'u', 'z']);
const SED_LONG_FLAGS = new Set([
  '--quiet',
  '--silent',
  '--regexp-extended',
  '--separate',
  '--unbuffered',
  '--null-data',
  '--zero-terminated',
  '--posix',
  '--sandbox',
  '--follow-symlinks',
]);

/** A backup suffix that keeps the backup beside the file (GNU takes a / in it for another folder, a * for the name). */
const plainSuffix = (suffix: string) => !/[/*]/.test(suffix);

/** GNU sed's arguments: -i (or --in-place) with its optional suffix, the scripts of -e (or the first operand), the files. */
function sedEdit(args: readonly string[]): { files: string[] } | Refusal {
  let inPlace = false;
  let ended = false;
  const scripts: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i];
    if (word === '--') {
      ended = true;
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    if (word.startsWith('--')) {
      const [name, value] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
      if (name === '--in-place' && plainSuffix(value ?? '')) inPlace = true;
      else if (name === '--expression' && (value ?? args[i + 1]) !== undefined) scripts.push(value ?? args[++i]);
      else if (value !== undefined || !SED_LONG_FLAGS.has(name)) return refuse('option');
      continue;
    }
    for (let j = 1; j < word.length; j++) {
      const c = word[j];
      if (c === 'i') {
        // The rest of the word is the backup's suffix.
        if (!plainSuffix(word.slice(j + 1))) return refuse('option');
        inPlace = true;
        break;
      }
      if (c === 'e') {
        const script = j + 1 < word.length ? word.slice(j + 1) : args[++i];
        if (script === undefined) return refuse('option');
        scripts.push(script);
        break;
      }
      // -f reads a script Skim cannot see; -l, --debug and the rest are refused too.
      if (!SED_FLAGS.has(c)) return refuse('option');
    }
  }
  if (!inPlace) return refuse('not an edit');
  let operands = args.slice(i);
  if (scripts.length === 0) {
    if (operands.length === 0 || (!ended && operands[0].startsWith('-'))) return refuse('script');
    scripts.push(operands[0]);
    operands = operands.slice(1);
  }
  if (!scripts.every(plainSedScript)) return refuse('script');
  return filesOf(operands, ended);
}

/** sed commands with no argument, none of which reads or writes a file or runs a program. */
const SED_BARE = new Set(['d', 'D', 'p', 'P', 'n', 'N', 'g', 'G', 'h', 'H', 'x', '=']);
/** The flags of an s command that neither write a file (w) nor run its result (e). */
const S_FLAGS = /^[gpiImM0-9]*$/;

/**
 * Whether a sed script is only commands that change the lines it is given: s (without w or e),
 * y, d, p, a/i/c with their text, blocks, labels and branches, each after an optional address.
 * Anything else (w, W, r, R, e, F, v, l, q, z, an address or a command it cannot follow) is
 * refused, and so is an empty script.
 */
export function plainSedScript(script: string): boolean {
  let i = 0;
  let depth = 0;
  let commands = 0;
  const at = () => script[i];
  const skipBlanks = () => {
    while (i < script.length && /[ \t]/.test(at())) i++;
  };
  /** The text up to an unescaped `delim` (a backslash keeps the next character), and past it; false when it never comes. */
  const delimited = (delim: string): boolean => {
    for (; i < script.length; i++) {
      if (at() === '\\') i++;
      else if (at() === delim) {
        i++;
        return true;
      } else if (at() === '\n') return false;
    }
    return false;
  };
  const address = (): boolean => {
    if (/[0-9]/.test(at() ?? '')) {
      while (/[0-9~]/.test(at() ?? '')) i++;
    } else if (at() === '$') i++;
    else if (at() === '/' || at() === '\\') {
      const delim = at() === '\\' ? script[++i] : '/';
      if (delim === undefined || delim === '\n' || delim === '\\') return false;
      i++;
      if (!delimited(delim)) return false;
      while (at() === 'I' || at() === 'M') i++;
    } else return true;
    if (at() === ',') {
      i++;
      if (at() === '+' || at() === '~') i++;
      if (!/[0-9$/\\]/.test(at() ?? '')) return false;
      return address();
    }
    return true;
  };
  while (i < script.length) {
    if (/[ \t\n;]/.test(at())) {
      i++;
      continue;
    }
    if (!address()) return false;
    skipBlanks();
    if (at() === '!') i++;
    skipBlanks();
    const command = at();
    i++;
    commands++;
    if (command === '{') depth++;
    else if (command === '}') {
      if (--depth < 0) return false;
    } else if (command === 's' || command === 'y') {
      const delim = at();
      if (delim === undefined || delim === '\n' || delim === '\\') return false;
      i++;
      if (!delimited(delim) || !delimited(delim)) return false;
      const from = i;
      while (i < script.length && !/[ \t\n;}]/.test(at())) i++;
      if (!(command === 's' ? S_FLAGS : /^$/).test(script.slice(from, i))) return false;
    } else if (command === 'a' || command === 'i' || command === 'c') {
      // Its text runs to the end of the line; a backslash before the newline carries it on.
      for (; i < script.length && at() !== '\n'; i++) if (at() === '\\') i++;
    } else if (command === ':' || command === 'b' || command === 't' || command === 'T') {
      while (i < script.length && !/[\n;]/.test(at())) i++;
    } else if (command === undefined || !SED_BARE.has(command)) return false;
  }
  return commands > 0 && depth === 0;
}

/** Perl's switches that change only how the loop reads and splits lines: -w, -a, -l[octal], -0[digits]; and -F's pattern. */
const PERL_FLAGS = new Set(['w', 'a']);

/**
 * Perl code that could change which files are edited, or where: @ARGV and the ARGV handle, the
 * folder, code loaded or built at run time (eval, do, require, use, s///ee), programs run
 * (system, exec, backquotes, qx, pipes opened). Refused, so that the files named are the files edited.
 */
const PERL_REACHES_OUT =
  /ARGV|`|\$\^I|(?:^|[;{}])\s*(?:use|no)\b|\bdo\s*[^\s{]|\b(?:system|exec|qx|open|sysopen|chdir|eval|require|fork|syscall|glob|readpipe|select|dump|goto|unlink|rename|truncate|symlink|link)\b|[^\w\s][a-z]*e[a-z]*e[a-z]*\b/;

/** Perl's arguments: -i[suffix] with -p or -n and code from -e (or -E), then the files. */
function perlEdit(args: readonly string[]): { files: string[] } | Refusal {
  let inPlace = false;
  let loops = false;
  let ended = false;
  const code: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i];
    if (word === '--') {
      ended = true;
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    for (let j = 1; j < word.length; j++) {
      const c = word[j];
      if (c === 'p' || c === 'n') loops = true;
      else if (c === 'i') {
        if (!plainSuffix(word.slice(j + 1))) return refuse('option');
        inPlace = true;
        break;
      } else if (c === 'e' || c === 'E') {
        const text = j + 1 < word.length ? word.slice(j + 1) : args[++i];
        if (text === undefined) return refuse('option');
        code.push(text);
        break;
      } else if (c === 'F') break;
      else if (c === 'l' || c === '0') {
        while (/[0-9a-fA-Fx]/.test(word[j + 1] ?? '')) j++;
      } else if (!PERL_FLAGS.has(c)) return refuse('option');
    }
  }
  if (!inPlace || !loops) return refuse('not an edit');
  // Without -e the first operand is a program file Skim cannot see.
  if (code.length === 0 || code.some((text) => PERL_REACHES_OUT.test(text))) return refuse('script');
  return filesOf(args.slice(i), ended);
}
