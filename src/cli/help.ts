import { environmentHelp } from '../core/config/describe';
import { FLAGS, FlagName } from './args';
import type { Command } from './commands/command';
import { COMMANDS } from './commands/table';

/** Where the summaries of `skim --help` start. */
const SUMMARY_COLUMN = 51;

const EXIT = 'Exit:    0 success, 1 failure (one line on stderr), 2 usage error.';

/** Flags every command on a project takes, and --help, which every command takes. */
export const PROJECT_FLAGS: readonly FlagName[] = ['root', 'cache-dir'];

const isProjectCommand = (command: Command) => 'run' in command;

const flagWord = (flag: FlagName) => (FLAGS[flag] === undefined ? `--${flag}` : `--${flag} ${FLAGS[flag]}`);

/** The flags a command takes, --help included: what its flag check accepts. */
export function flagsOf(command: Command): FlagName[] {
  return [...(Object.keys(command.flags) as FlagName[]), ...(isProjectCommand(command) ? PROJECT_FLAGS : []), 'help'];
}

/** `read FILE [--offset N] [--limit N] [--json]`: the command, its arguments and its own flags. */
export function synopsis(command: Command): string {
  const args = command.args.map((a) => `${a.optional ? `[${a.name}` : a.name}${a.rest ? '...' : ''}${a.optional ? ']' : ''}`);
  const flags = (Object.keys(command.flags) as FlagName[]).filter((f) => !PROJECT_FLAGS.includes(f)).map((f) => `[${flagWord(f)}]`);
  return ['skim', command.name, ...args, ...flags].join(' ');
}

/** The commands' lines of `skim --help` (and of docs/cli.md): each synopsis, its summary from the column on. */
export function commandLines(commands: readonly Command[] = COMMANDS): string[] {
  return commands.flatMap((command) => {
    const [first, ...more] = command.summary.split('\n');
    const head = synopsis(command);
    const lines = head.length + 3 > SUMMARY_COLUMN ? [head, `${' '.repeat(SUMMARY_COLUMN)}${first}`] : [`${head.padEnd(SUMMARY_COLUMN)}${first}`];
    return [...lines, ...more.map((line) => `${' '.repeat(SUMMARY_COLUMN)}${line}`)];
  });
}

/** `skim --help`: every command, the common options, every environment variable. */
export function usage(): string {
  return [
    'skim: maps before reads, for coding agents',
    '',
    ...commandLines().map((line) => `  ${line}`),
    '',
    'Options: --root DIR (default: the git root, else the current folder)',
    '         --cache-dir DIR (default: SKIM_CACHE_DIR, else ~/.cache/skim); both before or after the command',
    "         skim COMMAND --help shows one command's arguments and options; skim --version, Skim's version",
    '',
    environmentHelp(),
    '',
    EXIT,
  ].join('\n');
}

/** What `--root` means for a command: its root rule in words. */
function rootHelp(command: Command): string {
  if (!('run' in command) || !command.path) return 'the project (default: the git root above the current folder, else the folder)';
  const named = 'arg' in command.path ? command.args[command.path.arg].name : flagWord(command.path.flag).split(' ')[1];
  return `the project (default: the git root above the current folder, else the folder); ${named} must be inside it`;
}

/** Rows of a two-column list, the second column aligned. */
function rows(items: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...items.map(([left]) => left.length)) + 2;
  return items.map(([left, right]) => `  ${left.padEnd(width)}${right}`);
}

/** `skim NAME --help`: one command's synopsis, what it does, its arguments and options. */
export function commandHelp(command: Command): string {
  const flags = flagsOf(command).map((flag): [string, string] => {
    if (flag === 'help') return ['-h, --help', 'this help'];
    if (flag === 'root') return [flagWord(flag), command.flags.root ?? rootHelp(command)];
    if (flag === 'cache-dir') return [flagWord(flag), 'where the maps are kept (default: SKIM_CACHE_DIR, else ~/.cache/skim)'];
    return [flagWord(flag), command.flags[flag] ?? ''];
  });
  const more = COMMANDS.filter((c) => c.name.startsWith(`${command.name} `)).map((c) => `skim ${c.name}`);
  const exit = 'lenient' in command ? 'Exit:    always 0: a hook never blocks the call it sees.' : EXIT;
  return [
    synopsis(command),
    '',
    command.help,
    ...(command.args.length ? ['', 'Arguments:', ...rows(command.args.map((a) => [a.name, a.help]))] : []),
    '',
    'Options:',
    ...rows(flags),
    ...(more.length ? ['', `Also: ${more.join(', ')} (each with --help).`] : []),
    '',
    `${exit} Every environment variable: skim --help.`,
  ].join('\n');
}

/** `skim team --help`, for words that only begin commands: each of them, and where its own help is. */
export function groupHelp(group: string): string {
  const members = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  return [...commandLines(members), '', `See ${members.map((c) => `skim ${c.name} --help`).join(', ')}.`].join('\n');
}

/** The synopses of the commands a group's word begins, one per line: a usage error's line for a wrong subcommand. */
export function groupSynopses(group: string): string {
  return COMMANDS.filter((c) => c.name.startsWith(`${group} `))
    .map(synopsis)
    .join('\n');
}

/** The command the arguments name (the longest name their first words spell), a group's word, or neither. */
export function findCommand(argv: readonly string[]): { command: Command; rest: readonly string[] } | { group: string } | undefined {
  const named = COMMANDS.filter((c) => {
    const words = c.name.split(' ');
    return words.every((word, i) => argv[i] === word);
  }).sort((a, b) => b.name.length - a.name.length)[0];
  if (named) return { command: named, rest: argv.slice(named.name.split(' ').length) };
  if (COMMANDS.some((c) => c.name.startsWith(`${argv[0]} `))) return { group: argv[0] };
  return undefined;
}

/**
 * docs/cli.md with its generated parts drawn again from the table: the list of commands, as
 * `skim --help` prints it, and each command's own help. `npm run cli:write` writes it; a test fails
 * when the committed file differs.
 */
export function cliMarkdown(doc: string): string {
  const parts: Record<string, string> = {
    commands: ['```', ...commandLines(), '```'].join('\n'),
    help: COMMANDS.map((command) => [`### skim ${command.name}`, '', '```', commandHelp(command), '```'].join('\n')).join('\n\n'),
  };
  return doc.replace(
    /(<!-- generated from src\/cli\/commands\/table\.ts by `npm run cli:write`: (\w+) -->\n)[\s\S]*?(<!-- end of the generated \2 -->)/g,
    (_, open: string, name: string, close: string) => `${open}${parts[name]}\n${close}`,
  );
}
