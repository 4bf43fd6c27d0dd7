import { LineSpan, ShellRead, within } from './read';
import { Refusal, refuse } from './refusal';

/** A PowerShell word: its text (quotes removed), whether any of it was quoted (a quoted -x is an argument, not a parameter), where it stands. */
interface PsWord {
  text: string;
  quoted: boolean;
  from: number;
  to: number;
}

/** Characters PowerShell reads as more than themselves outside quotes. */
const SPECIAL: Readonly<Record<string, Refusal['refused']>> = {
  $: 'substitution',
  '`': 'quoting',
  '@': 'substitution',
  '(': 'group',
  ')': 'group',
  '{': 'group',
  '}': 'group',
  ';': 'chain',
  '&': 'chain',
  '>': 'redirect',
  '<': 'redirect',
  ',': 'files',
  '*': 'glob',
  '?': 'glob',
  '[': 'glob',
  ']': 'glob',
  '#': 'comment',
};
/** Typographic quotes and dashes, which PowerShell takes as quotes and as a parameter's dash. */
const LOOKALIKES = /[\u2013\u2014\u2015\u2018-\u201e]/;

/** The words of each stage of a PowerShell pipeline, or why it is not one the recognizer follows. */
function psStages(line: string): PsWord[][] | Refusal {
  if (LOOKALIKES.test(line)) return refuse('quoting');
  const stages: PsWord[][] = [[]];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      if (/^\s*$/.test(line.slice(i))) break;
      return refuse('chain');
    }
    if (c === '|') {
      if (line[i + 1] === '|') return refuse('chain');
      if (stages[stages.length - 1].length === 0) return refuse('not a read');
      stages.push([]);
      i++;
      continue;
    }
    const from = i;
    let text = '';
    let quoted = false;
    while (i < line.length && !/[ \t\r\n|]/.test(line[i])) {
      const ch = line[i];
      if (ch === "'") {
        // In single quotes every character is itself; '' is one quote.
        let j = i + 1;
        for (;;) {
          if (j >= line.length) return refuse('quoting');
          if (line[j] === "'" && line[j + 1] === "'") {
            text += "'";
            j += 2;
          } else if (line[j] === "'") break;
          else text += line[j++];
        }
        quoted = true;
        i = j + 1;
      } else if (ch === '"') {
        let j = i + 1;
        for (;;) {
          if (j >= line.length) return refuse('quoting');
          if (line[j] === '$' || line[j] === '`') return refuse('substitution');
          if (line[j] === '"' && line[j + 1] === '"') {
            text += '"';
            j += 2;
          } else if (line[j] === '"') break;
          else text += line[j++];
        }
        quoted = true;
        i = j + 1;
      } else if (SPECIAL[ch] && !(ch === '#' && text !== '')) {
        return refuse(SPECIAL[ch]);
      } else {
        text += ch;
        i++;
      }
    }
    stages[stages.length - 1].push({ text, quoted, from, to: i });
  }
  if (stages.some((s) => s.length === 0)) return refuse('not a read');
  return stages;
}

/** A parameter's name as written (`-TotalCount`), lower case, or undefined for an argument. */
const parameter = (word: PsWord) => (!word.quoted && word.text.startsWith('-') ? word.text.toLowerCase() : undefined);

/** A count as these cmdlets take it here: decimal digits, at least 1. */
function count(word: PsWord | undefined): number | undefined {
  if (!word || !/^\d+$/.test(word.text)) return undefined;
  const n = Number(word.text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Get-Content (or gc) with one path (positional, -Path or -LiteralPath) and optionally -TotalCount, -Head or -First N, or -Tail or -Last N. */
function getContent(words: readonly PsWord[]): { file: string; span: LineSpan } | Refusal {
  let file: string | undefined;
  let literal = false;
  let span: LineSpan = { start: 1 };
  for (let i = 0; i < words.length; i++) {
    const name = parameter(words[i]);
    if (name === undefined) {
      if (file !== undefined) return refuse('files');
      file = words[i].text;
    } else if (name === '-path' || name === '-literalpath') {
      if (file !== undefined || !words[i + 1] || parameter(words[i + 1])) return refuse('files');
      literal = name === '-literalpath';
      file = words[++i].text;
    } else if (name === '-totalcount' || name === '-head' || name === '-first' || name === '-tail' || name === '-last') {
      const n = count(words[++i]);
      if (n === undefined || span.end !== undefined || span.last !== undefined) return refuse('option');
      span = name === '-tail' || name === '-last' ? { start: 1, last: n } : { start: 1, end: n };
    } else return refuse('option');
  }
  if (!file) return refuse('files');
  const named = pathProblem(file, literal);
  if (named) return refuse(named);
  return { file, span };
}

/**
 * Why PowerShell would not open the file a path names as written, or undefined: a -Path (or
 * positional) path is a wildcard pattern even in quotes ('a[1].py' names a1.py), in which a
 * backtick escapes the next character ('a`tb.py' names atb.py), so a path holding any of these is
 * left alone unless -LiteralPath names it; a leading ~ is the home folder, and a name before a
 * colon is a provider's drive (env:, variable:, HKCU:).
 */
function pathProblem(file: string, literal: boolean): Refusal['refused'] | undefined {
  if (!literal && /[*?[\]`]/.test(file)) return 'glob';
  if (file.startsWith('~')) return 'glob';
  if (/^[^\\/:]{2,}:/.test(file)) return 'file name';
  return undefined;
}

/** Select-Object (or select) with -First N and -Skip N, in either order: lines Skip+1..Skip+First of what it is given. */
function selectObject(words: readonly PsWord[]): LineSpan | Refusal {
  let first: number | undefined;
  let skip = 0;
  let skipped = false;
  for (let i = 0; i < words.length; i++) {
    const name = parameter(words[i]);
    const value = words[i + 1];
    if (name === '-first' && first === undefined) first = count(value);
    else if (name === '-skip' && !skipped) {
      skipped = true;
      skip = value && /^\d+$/.test(value.text) ? Number(value.text) : NaN;
    } else return refuse('option');
    if ((name === '-first' && first === undefined) || Number.isNaN(skip) || !Number.isSafeInteger(skip)) return refuse('option');
    i++;
  }
  return first === undefined ? { start: skip + 1 } : { start: skip + 1, end: skip + first };
}

/** Get-Content's names, in lower case (PowerShell's names are not case-sensitive). */
export const POWERSHELL_READS = ['get-content', 'gc'];

/** Get-Content of one file, piped through Select-Object -Skip/-First at most once or twice. */
export function powershellRead(line: string): ShellRead | Refusal {
  const stages = psStages(line);
  if ('refused' in stages) return stages;
  const [command, ...rest] = stages;
  const name = command[0].text.toLowerCase();
  if (command[0].quoted || !POWERSHELL_READS.includes(name)) return refuse('not a read');
  const read = getContent(command.slice(1));
  if ('refused' in read) return read;
  let span = read.span;
  for (const stage of rest) {
    const cmdlet = stage[0].text.toLowerCase();
    if (stage[0].quoted || (cmdlet !== 'select-object' && cmdlet !== 'select')) return refuse('pipe');
    const inner = selectObject(stage.slice(1));
    if ('refused' in inner) return inner;
    const next = within(span, inner);
    if (!next) return refuse('pipe');
    span = next;
  }
  const last = stages[stages.length - 1];
  return { file: read.file, ...span, format: 'lines', commandText: line.slice(command[0].from, last[last.length - 1].to), cdText: '' };
}
