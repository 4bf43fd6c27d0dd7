/** Whether `--help` or `-h` is among the arguments before `--`: then help is all a command does. */
export const wantsHelp = (argv: readonly string[]): boolean => {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};

/**
 * Whether this `skim` only explains itself (its usage, a command's help, its version): such a run
 * writes nothing anywhere, V8's code cache included, so that asking what a command does never acts.
 */
export const onlyExplains = (argv: readonly string[]): boolean => argv.length === 0 || argv[0] === 'help' || argv[0] === '--version' || wantsHelp(argv);
