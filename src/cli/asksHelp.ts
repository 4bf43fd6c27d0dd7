/** Whether `--help` or `-h` is among the arguments before `--`: then help is all a command does. */
export const wantsHelp = (argv: readonly string[]): boolean => beforeEnd(argv).some((arg) => arg === '--help' || arg === '-h');

const beforeEnd = (argv: readonly string[]) => {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
};

/**
 * Whether this `skim` only explains itself (its usage, a command's help, its version): such a run
 * writes nothing anywhere, V8's code cache included, so that asking what a command does never acts.
 * It errs towards yes (`skim read help` reads a file named help): what that costs is one cache write.
 */
export const onlyExplains = (argv: readonly string[]): boolean =>
  argv.length === 0 || argv[0] === '--version' || wantsHelp(argv) || beforeEnd(argv).includes('help');

/** Whether a command that takes no arguments (`skim hook`, `skim mcp`) is given the one word `help`: it is asked for its help. */
export const saysHelp = (argv: readonly string[], takesArgs: boolean): boolean => !takesArgs && argv.length === 1 && argv[0] === 'help';
