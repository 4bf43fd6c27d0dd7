import { readFileSync } from 'node:fs';

/**
 * mocha's lib/runner.js, a real third-party file many tests read. Its line numbers are read from the
 * file at test time, so that a mocha upgrade moves the expectations with the file instead of breaking them.
 */
export const RUNNER = require.resolve('mocha/lib/runner.js');
const LINES = readFileSync(RUNNER, 'utf8').split('\n');

/** How many lines runner.js has (its last line ends with a newline). */
export const RUNNER_LINES = LINES[LINES.length - 1] === '' ? LINES.length - 1 : LINES.length;

/** The 1-based line of the nth line of runner.js that contains `text`. */
export function runnerLine(text: string, nth = 1): number {
  let seen = 0;
  const index = LINES.findIndex((line) => line.includes(text) && ++seen === nth);
  if (index < 0) throw new Error(`mocha/lib/runner.js has no line ${nth} containing ${JSON.stringify(text)}`);
  return index + 1;
}

/** The lines of the block that opens on the line containing `opening`, to the brace that closes it at the same indent. */
export function runnerBlock(opening: string): { start: number; end: number } {
  const start = runnerLine(opening);
  const indent = /^\s*/.exec(LINES[start - 1])![0];
  const close = new RegExp(`^${indent}\\};?$`);
  const end = LINES.findIndex((line, i) => i >= start && close.test(line));
  if (end < 0) throw new Error(`mocha/lib/runner.js: the block opened by ${JSON.stringify(opening)} does not close`);
  return { start, end: end + 1 };
}

/** `start-end`, as maps and outlines write a range. */
export function span(block: { start: number; end: number }): string {
  return `${block.start}-${block.end}`;
}

/** The 1-based lines of runner.js that match `pattern`. */
export function runnerLinesMatching(pattern: RegExp): number[] {
  return LINES.flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}

/** The 1-based column at which `text` starts on the given line of runner.js. */
export function runnerColumn(line: number, text: string): number {
  return LINES[line - 1].indexOf(text) + 1;
}
