/** A word of a shell command line: as it is when it needs no quoting, else in double quotes with `"\$` and backquote escaped. */
export function shellWord(word: string): string {
  return /^[\w./:-]+$/.test(word) ? word : `"${word.replace(/(["\\$`])/g, '\\$1')}"`;
}
