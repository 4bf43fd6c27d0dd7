import { ShellCommand } from './read';
import { Refusal, refuse } from './refusal';

/** The programs a plain recursive listing is run with. */
export const LISTING_PROGRAMS = ['ls', 'find', 'tree'] as const;
export type ListingProgram = (typeof LISTING_PROGRAMS)[number];

export const isListingProgram = (name: string): name is ListingProgram => (LISTING_PROGRAMS as readonly string[]).includes(name);

/**
 * What a recursive listing prints of a folder, for counting its lines without running it:
 * - hidden: names that start with a dot are listed, and their folders walked (ls -a or -A, find always, tree -a);
 * - dots: every folder also lists `.` and `..` (ls -a);
 * - totals: every folder's entries follow a `total N` line (ls -l, -s);
 * - only: files alone (find -type f) or folders alone (find -type d, tree -d);
 * - maxDepth: how deep below the folder it lists (find -maxdepth, tree -L);
 * - report: the last two lines are a blank one and `N directories, M files` (tree without --noreport).
 */
export interface ListingShape {
  hidden: boolean;
  dots?: boolean;
  totals?: boolean;
  only?: 'files' | 'folders';
  maxDepth?: number;
  report?: boolean;
}

/** A program's words (after its name) that are provably a plain recursive listing of one folder. */
export interface Listing {
  program: ListingProgram;
  /** The program's arguments as the shell hands them (quotes removed): what Skim's command runs. */
  args: string[];
  /** The folder as the command names it (the shell's folder, printed `.`, when it names none). */
  folder?: string;
  shape: ListingShape;
}

/** A command line that is provably a plain recursive listing of one folder. */
export interface ShellListing extends Listing, ShellCommand {}

/** ls's one-letter options that keep its output one entry a line, folder after folder, and what each changes of the count. */
const LS_LETTERS: Readonly<Record<string, Partial<ListingShape> | 'recursive'>> = {
  R: 'recursive',
  a: { hidden: true, dots: true },
  A: { hidden: true },
  ...Object.fromEntries([...'lsgon'].map((letter) => [letter, { totals: true }])),
  // One a line, indicators, sizes, inode numbers, sort orders, times, owners and quoting: each still one entry a line.
  ...Object.fromEntries([...'1FphitrSUXvcuGQNbq'].map((letter) => [letter, {}])),
};

/** ls's long options, by the letter they stand for. */
const LS_LONG: Readonly<Record<string, string>> = { '--recursive': 'R', '--all': 'a', '--almost-all': 'A' };

/**
 * The options before the operands (up to `--`), then at most one operand: a folder that is not
 * empty, with no option written after it (GNU takes one there as an option, other systems as a name).
 */
function operandOf(rest: readonly string[]): { folder?: string } | Refusal {
  let operands = rest;
  if (operands[0] === '--') operands = operands.slice(1);
  else if (operands.some((o) => o.startsWith('-') && o !== '-')) return refuse('option');
  if (operands.length > 1) return refuse('files');
  if (operands[0] === '') return refuse('file name');
  return operands.length ? { folder: operands[0] } : {};
}

/** The words up to the first that is not an option (`--` and `-` are not). */
function leadingOptions(args: readonly string[]): { options: readonly string[]; rest: readonly string[] } {
  let i = 0;
  while (i < args.length && args[i].startsWith('-') && args[i] !== '-' && args[i] !== '--') i++;
  return { options: args.slice(0, i), rest: args.slice(i) };
}

/**
 * `ls -R [FOLDER]` with options that keep one entry a line (-a, -A, -l, -1, -F, -h, -s, -t, -r, …,
 * and --recursive, --all, --almost-all): anything that lists several entries a line (-C, -x, -m),
 * the folder itself (-d), follows links (-L, -H) or leaves names out (-I, -B) is refused.
 */
function ls(args: readonly string[]): Listing | Refusal {
  const { options, rest } = leadingOptions(args);
  const letters: string[] = [];
  for (const option of options) {
    if (option.startsWith('--')) {
      if (!Object.hasOwn(LS_LONG, option)) return refuse('option');
      letters.push(LS_LONG[option]);
    } else letters.push(...option.slice(1));
  }
  if (letters.some((l) => !Object.hasOwn(LS_LETTERS, l)))
    return refuse(letters.includes('d') || letters.some((l) => 'CxmIB'.includes(l)) ? 'filter' : 'option');
  // -a and -A together: which one holds depends on their order; neither is guessed.
  if (letters.includes('a') && letters.includes('A')) return refuse('option');
  if (!letters.includes('R')) return refuse('filter');
  const operand = operandOf(rest);
  if ('refused' in operand) return operand;
  const shape: ListingShape = { hidden: false };
  for (const letter of letters) {
    const effect = LS_LETTERS[letter];
    if (effect !== 'recursive') Object.assign(shape, effect);
  }
  return { program: 'ls', args: [...args], ...operand, shape };
}

/** A whole number as find and tree take a depth: decimal digits alone. */
const depthOf = (text: string | undefined) => (text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : undefined);

/**
 * `find [FOLDER] [-maxdepth N] [-type f|d] [-print]`: no option before the folder (-H, -L, -P, -D,
 * -O), and no other test or action (-name, -path, -exec, -delete, …: a filter, or more than a
 * listing). -maxdepth after -type is refused: find warns of it on stderr.
 */
function find(args: readonly string[]): Listing | Refusal {
  let i = 0;
  if (args[0] !== undefined && /^-[HLPDO]/.test(args[0])) return refuse('option');
  const folders: string[] = [];
  while (i < args.length && !args[i].startsWith('-') && args[i] !== '(' && args[i] !== '!' && args[i] !== ')' && args[i] !== ',') folders.push(args[i++]);
  if (folders.length > 1) return refuse('files');
  if (folders[0] === '') return refuse('file name');
  const shape: ListingShape = { hidden: true };
  if (args[i] === '-maxdepth') {
    const depth = depthOf(args[i + 1]);
    if (depth === undefined) return refuse('option');
    shape.maxDepth = depth;
    i += 2;
  }
  if (args[i] === '-type') {
    if (args[i + 1] !== 'f' && args[i + 1] !== 'd') return refuse('filter');
    shape.only = args[i + 1] === 'f' ? 'files' : 'folders';
    i += 2;
  }
  if (args[i] === '-print' && i === args.length - 1) i++;
  if (i < args.length) return refuse(args[i] === '-maxdepth' ? 'option' : 'filter');
  return { program: 'find', args: [...args], ...(folders.length ? { folder: folders[0] } : {}), shape };
}

/**
 * `tree [-a] [-d] [-F] [-L N] [--dirsfirst] [--noreport] [FOLDER]`, each option a word of its own:
 * patterns (-I, -P), other layouts (-i, -f, -J, -X, -H) and followed links (-l) are refused.
 */
function tree(args: readonly string[]): Listing | Refusal {
  const shape: ListingShape = { hidden: false, report: true };
  let i = 0;
  for (; i < args.length && args[i].startsWith('-') && args[i] !== '-' && args[i] !== '--'; i++) {
    const option = args[i];
    if (option === '-a') shape.hidden = true;
    else if (option === '-d') shape.only = 'folders';
    else if (option === '--noreport') shape.report = false;
    else if (option === '-F' || option === '--dirsfirst') continue;
    else if (option === '-L') {
      const depth = depthOf(args[i + 1]);
      if (!depth) return refuse('option');
      shape.maxDepth = depth;
      i++;
    } else return refuse(/^-[IiPfJXH]$/.test(option) || option.startsWith('--prune') ? 'filter' : 'option');
  }
  const operand = operandOf(args.slice(i));
  if ('refused' in operand) return operand;
  return { program: 'tree', args: [...args], ...operand, shape };
}

const PARSERS: Readonly<Record<ListingProgram, (args: readonly string[]) => Listing | Refusal>> = { ls, find, tree };

/** The listing a program's words (its name, then its arguments as the shell hands them) provably are, or why not. */
export function listingOf(program: string, args: readonly string[]): Listing | Refusal {
  return isListingProgram(program) ? PARSERS[program](args) : refuse('not a listing');
}

/**
 * What the installed hook's filter looks for, beside the read programs' names, before it starts
 * Skim for a shell call (extended regular expressions over the payload in lower case, the
 * command's words JSON-escaped): `ls` with an option holding `R` (in lower case: `r`), `find` with
 * at most a folder and -maxdepth, -type or -print after it up to the command's end, and `tree`.
 * Each lets through more than the recognizer takes (the recognizer decides), never less.
 */
export const LISTING_PATTERNS: readonly string[] = [
  'ls( +-[-a-z0-9]+)* +-[a-z0-9]*r',
  'ls( +-[-a-z0-9]+)* +--recursive',
  'find( +[^ "|;&<>()-][^ "|;&<>()]*)?( +-(maxdepth|type|print)( +[a-z0-9]+)?)* *("|\\\\n|$|&&)',
  'tree( |"|$)',
];
