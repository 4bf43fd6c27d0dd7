/** Where a command writes: stdout for the answer, stderr for what the user should know. */
export interface Io {
  out(text: string): void;
  warn(text: string): void;
  /** Everything on standard input (the hook's payload). */
  stdin(): Promise<string>;
}

/** The command ran and failed: exit 1 with this one line on stderr. */
export class CommandFailed extends Error {}
