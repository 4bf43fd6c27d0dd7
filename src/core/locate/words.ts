/**
 * Words as locate compares them: identifiers split into their parts (`parseHTTPHeader` → parse,
 * http, header; `read_config` → read, config), lower-cased and lightly stemmed (plurals, -ing,
 * -ed and a final e dropped), so that "parsing headers" meets `parse_header`. Shared by the
 * question, the functions it is compared with, and the bench's baselines.
 */

/** Words too common in questions and code alike to say which function is meant. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can
  cannot could did do does doing done down during each few for from further had has have having he her here hers him his how i if in
  into is it its itself just let lets like make makes made may me might more most must my no nor not now of off on once only or other
  our out over own same shall she should so some such than that the their them then there these they this those through to too under
  until up upon us use used uses using very via was we were what when where which while who whom why will with would you your
  add adds added fix fixes fixed fixing allow allows change changes changed update updates updated remove removes removed instead
  new now so get set value true false null none nil undefined return returns self this var const let def func function fn pub impl
  issue bug pr commit case cases work works should already way ensure make want need needed see also etc e g eg ie`.split(/\s+/),
);

/** The parts of a text's identifiers and words, lower-cased, in order (camelCase, snake_case, kebab-case and acronyms split). */
export function parts(text: string): string[] {
  const out: string[] = [];
  for (const token of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    for (const part of token
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      .split(' ')) {
      if (part) out.push(part.toLowerCase());
    }
  }
  return out;
}

/** A word's stem: a plural, -ing, -ed, -ly and a final e dropped (parses, parsing, parsed, parse → pars). */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

export const isStopword = (word: string) => STOPWORDS.has(word);

/** The stems of a text's words that can tell functions apart: stopwords and one- or two-letter parts left out. */
export function terms(text: string): string[] {
  return parts(text)
    .filter((p) => p.length >= 3 && !STOPWORDS.has(p) && !/^\d+$/.test(p))
    .map(stem);
}

/**
 * An identifier as written, as one word: its parts joined, the last stemmed (`maxRedirects`,
 * `max_redirects` and `MAX_REDIRECTS` are all `maxredirect`), so that a question spelling a name
 * finds the code that spells it, beside the parts each also matches. Only a name of two parts or
 * more has one: a single word is its own part.
 */
export function wholeOf(identifier: string): string | undefined {
  const pieces = parts(identifier);
  if (pieces.length < 2 || pieces.join('').length < 6) return undefined;
  return pieces.slice(0, -1).join('') + stem(pieces[pieces.length - 1]);
}

/** The whole forms (wholeOf) of a text's identifiers, in order, with repeats. */
export function wholes(text: string): string[] {
  const out: string[] = [];
  for (const token of text.match(/[\p{L}\p{N}_$]+/gu) ?? []) {
    const whole = wholeOf(token);
    if (whole) out.push(whole);
  }
  return out;
}
