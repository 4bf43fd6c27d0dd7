/** What Skim reads out of a comment, for a declaration's note and a file's prose alike. */

const LICENSE = /\b(copyright|licen[cs]e[ds]?|SPDX-|all rights reserved|governed by)\b/i;

/** A licence or copyright header: never a description of the code below it. */
export const isLicense = (text: string) => LICENSE.test(text);

/** A separator line of a comment (`#-----`, `/* ====`, `***`): punctuation only, no words. */
export const isRule = (line: string) => line.length >= 3 && /^[^\p{L}\p{N}\s]+( [^\p{L}\p{N}\s]+)*$/u.test(line);

/**
 * A section banner (argparse's `# ====` / `# Command line argument parsing methods` / `# ====`):
 * words closed by a separator line head the code below them, they do not document one declaration.
 */
export function isBanner(lines: readonly string[]): boolean {
  const words = lines.findIndex((line) => line && !isRule(line));
  return words !== -1 && lines.slice(words + 1).some(isRule);
}

/**
 * A comment's lines with its markers gone (`/** … *\/`, `(* … *)`, docstring quotes, and `//`,
 * `#`, `*`, `--`, `;`, `%` at line starts), each trimmed; blank lines kept, as paragraph breaks.
 */
export function commentLines(raw: string): string[] {
  return raw
    .replace(/^\s*(\/\*+!?|\(\*+|"""|''')/, '')
    .replace(/(\*+\/|\*+\)|"""|''')\s*$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(\/\/+!?|#+:?|\*+|--+|;+|%+)\s?/, '').trim());
}
