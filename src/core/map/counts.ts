/** A count as every text Skim draws says it: "1 line", "2 lines", "3 matches", "2 entries". */

/** A noun's plural (the last word's, when given several): class → classes, match → matches, entry → entries, file → files. */
function pluralOf(word: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** `n` and the noun, singular for one; `shown` writes the number (the overview and locate group its thousands). */
export const counted = (n: number, word: string, shown: (n: number) => string = String): string => `${shown(n)} ${n === 1 ? word : pluralOf(word)}`;
