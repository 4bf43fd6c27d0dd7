/** Where a text that is too long for its place is cut: where it still reads whole. */

const OPENS = '([{<';
const CLOSES = ')]}>';

/**
 * Walks `text`'s brackets, calling `visit` with each character's index and the depth it is at
 * (brackets opened before it and not yet closed); `visit` returning true stops the walk. A `<`
 * opens only right after a name (`Array<T`, not `a < b`), or first in a text that follows one
 * (`afterName`: a signature after its function's name); a `>` closes only an open `<` and is no
 * arrow's (`=>`, `->`). Returns the brackets left open.
 */
function walkBrackets(text: string, afterName: boolean, visit?: (i: number, depth: number) => boolean): string[] {
  const open: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (visit?.(i, open.length)) break;
    const c = text[i];
    if (c === '<' && !(i === 0 ? afterName : /[\w$\]>]/.test(text[i - 1]))) continue;
    if (c === '>' && (open.at(-1) !== '<' || text[i - 1] === '=' || text[i - 1] === '-')) continue;
    if (OPENS.includes(c)) open.push(c);
    else if (CLOSES.includes(c) && open.at(-1) === OPENS[CLOSES.indexOf(c)]) open.pop();
  }
  return open;
}

/** The brackets `text` leaves open, as the text that closes them, innermost first (`Array<Map<string` needs `>>`). */
export function openBrackets(text: string, afterName = false): string {
  return walkBrackets(text, afterName)
    .reverse()
    .map((c) => CLOSES[OPENS.indexOf(c)])
    .join('');
}

/** `text` up to where `stop` (a sticky pattern) first matches outside every bracket: `<T = any>(x): R; {` stops at its `;`, not the default's `=`. */
export function beforeTopLevel(text: string, stop: RegExp, afterName = false): string {
  let end = text.length;
  walkBrackets(text, afterName, (i, depth) => {
    if (depth > 0) return false;
    stop.lastIndex = i;
    if (!stop.test(text)) return false;
    end = i;
    return true;
  });
  return text.slice(0, end);
}

/** What a cut text must not end on: a separator, an operator or a bracket that opens nothing yet. */
const DANGLING = /[\s,;:=|&+*/([{<—–-]+$/;

/**
 * `text` cut to at most `max` characters where it reads whole: between words (a word cut in two
 * may be a credential the screen no longer recognizes, so a cut word is left out whole), never on
 * a separator, an operator or an open bracket (`request<T`, `(data, )`), with an ellipsis where
 * anything was cut and the brackets still open closed after it: `(a: string, b: number, …)`.
 * Undefined where no such cut keeps more than `least` characters of the text.
 */
export function clipWhole(text: string, max: number, least = 0): string | undefined {
  if (text.length <= max) return text;
  for (let end = Math.min(max, text.length - 1); end > least; end--) {
    // A cut falls before white space or a bracket, or after a comma: never inside a word.
    if (!/[\s([{<]/.test(text[end]) && text[end - 1] !== ',') continue;
    const kept = text.slice(0, end).replace(DANGLING, '');
    if (kept.length <= least) return undefined;
    // A label that starts with `<` is a signature's type parameters, written after its name.
    const closers = openBrackets(kept, true);
    const clipped = closers ? `${kept}, …${closers}` : `${kept}…`;
    if (clipped.length <= max) return clipped;
  }
  return undefined;
}
