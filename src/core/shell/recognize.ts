import { POSIX_PROGRAMS, Stage } from './posixPrograms';
import { posixWords, Token, Word } from './posixWords';
import { POWERSHELL_READS, powershellRead } from './powershell';
import { isListingProgram, listingOf, ShellListing } from './listing';
import { LineSpan, PrintFormat, ShellDialect, ShellRead, within } from './read';
import { Refusal, refuse } from './refusal';

/**
 * The plain read a command line provably is (one file, a line range, the format it prints in), or
 * why it is not one. Strict by design: anything the recognizer cannot follow exactly is refused.
 */
export function explainShellRead(line: string, dialect: ShellDialect): ShellRead | Refusal {
  return dialect === 'powershell' ? powershellRead(line) : posixRead(line);
}

/** The plain read a command line provably is, or undefined: the command then runs as written. */
export function recognizeShellRead(line: string, dialect: ShellDialect): ShellRead | undefined {
  const read = explainShellRead(line, dialect);
  return 'refused' in read ? undefined : read;
}

/**
 * The names a read's first program goes by, in lower case: a command line with none of them in it
 * (written plainly, as the recognizer requires) is no read. The installed hook's filter looks for them.
 */
export const READ_PROGRAMS: readonly string[] = [...Object.keys(POSIX_PROGRAMS), ...POWERSHELL_READS];

/** A word written as it reads, with no quote or backslash: how a program's name must be written here. */
const plain = (line: string, word: Word) => line.slice(word.from, word.to) === word.text;

/** The commands of a line, split at `&&`, each its pipeline's stages split at `|`. */
function commandsOf(tokens: readonly Token[]): Word[][][] | undefined {
  const commands: Word[][][] = [[[]]];
  for (const token of tokens) {
    const command = commands[commands.length - 1];
    if (token.kind === 'word') command[command.length - 1].push(token);
    else if (command[command.length - 1].length === 0) return undefined;
    else if (token.op === '|') command.push([]);
    else commands.push([[]]);
  }
  return commands.every((c) => c.every((stage) => stage.length > 0)) ? commands : undefined;
}

/** A POSIX command line as one pipeline after an optional `cd DIR &&`: each stage's words, and the texts a rewrite keeps. */
interface PosixCommand {
  stages: Word[][];
  dir?: string;
  commandText: string;
  cdText: string;
}

/** The one pipeline a command line is, after an optional `cd DIR &&`, or why it is more (or less) than that. */
export function posixCommand(line: string): PosixCommand | Refusal {
  const tokens = posixWords(line);
  if ('refused' in tokens) return tokens;
  const commands = commandsOf(tokens);
  if (!commands) return refuse('not a read');
  if (commands.some((c) => c[0][0].assignment)) return refuse('assignment');
  let dir: string | undefined;
  let cdText = '';
  if (commands.length > 2) return refuse('chain');
  if (commands.length === 2) {
    const cd = commands[0];
    if (cd[0][0].text !== 'cd' || !plain(line, cd[0][0])) return refuse('chain');
    if (cd.length > 1) return refuse('pipe');
    const words = cd[0];
    // cd alone goes home, cd - goes back, cd -P or -L changes how links are followed.
    if (words.length !== 2 || words[1].text === '' || words[1].text.startsWith('-')) return refuse('cd');
    dir = words[1].text;
    cdText = line.slice(words[0].from, words[1].to);
  }
  const stages = commands[commands.length - 1];
  const last = stages[stages.length - 1];
  return { stages, ...(dir === undefined ? {} : { dir }), commandText: line.slice(stages[0][0].from, last[last.length - 1].to), cdText };
}

function posixRead(line: string): ShellRead | Refusal {
  const command = posixCommand(line);
  if ('refused' in command) return command;
  const { stages, dir, commandText, cdText } = command;
  const parsed: Stage[] = [];
  for (const [i, [program, ...args]] of stages.entries()) {
    const parse = plain(line, program) && Object.hasOwn(POSIX_PROGRAMS, program.text) ? POSIX_PROGRAMS[program.text] : undefined;
    if (!parse) return refuse(i === 0 ? 'not a read' : 'pipe');
    const stage = parse(
      args.map((w) => w.text),
      i === 0,
    );
    if ('refused' in stage) return stage;
    parsed.push(stage);
  }
  // cat -n leaves a last line without its newline, awk would add one: a format of neither.
  if (parsed[0].numbering === 'cat-n' && parsed.some((s) => s.records)) return refuse('pipe');
  let span: LineSpan | undefined = { start: 1 };
  for (const stage of parsed) span = span && within(span, { ...stage.span, ...(stage.last === undefined ? {} : { last: stage.last }) });
  // tail's last lines end a pipeline: what a program after it picks depends on the file's length.
  if (!span) return refuse('pipe');
  return { file: parsed[0].file as string, ...(dir === undefined ? {} : { dir }), ...span, format: formatOf(parsed), commandText, cdText };
}

/**
 * The plain recursive listing of one folder a command line provably is (ls -R, find, tree: see
 * listing.ts), or why it is not one. POSIX shells only: PowerShell's Get-ChildItem prints tables.
 */
export function explainShellListing(line: string, dialect: ShellDialect): ShellListing | Refusal {
  if (dialect !== 'posix') return refuse('not a listing');
  const command = posixCommand(line);
  if ('refused' in command) return command.refused === 'not a read' ? refuse('not a listing') : command;
  const { stages, dir, commandText, cdText } = command;
  const [program, ...args] = stages[0];
  if (!plain(line, program) || !isListingProgram(program.text)) return refuse('not a listing');
  // A listing piped into grep, head or sort is filtered, cut or reordered: it runs as written.
  if (stages.length > 1) return refuse('pipe');
  const listing = listingOf(
    program.text,
    args.map((w) => w.text),
  );
  if ('refused' in listing) return listing;
  return { ...listing, ...(dir === undefined ? {} : { dir }), commandText, cdText };
}

/** The plain recursive listing a command line provably is, or undefined: the command then runs as written. */
export function recognizeShellListing(line: string, dialect: ShellDialect): ShellListing | undefined {
  const listing = explainShellListing(line, dialect);
  return 'refused' in listing ? undefined : listing;
}

/** How the pipeline prints: numbered by its first program, a newline ended as its last program ends lines. */
function formatOf(stages: readonly Stage[]): PrintFormat {
  const numbering = stages[0].numbering;
  if (numbering) return numbering;
  return stages.some((s) => s.records) ? 'records' : 'raw';
}

export type { Refusal };
