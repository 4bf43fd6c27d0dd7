/** What Skim reads out of a comment, for a declaration's note and a file's prose alike. */

const LICENSE = /\b(copyright|licen[cs]e[ds]?|SPDX-|all rights reserved|governed by)\b/i;

/** A licence or copyright header: never a description of the code below it. */
export const isLicense = (text: string) => LICENSE.test(text);

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
