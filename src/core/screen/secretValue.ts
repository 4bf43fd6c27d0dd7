/**
 * Whether the value of a `password = …`-style assignment is a credential: the generic rule's
 * judgement (providers.ts), where no provider's prefix says what a value is. Names, code,
 * placeholders, paths and prose are not; a random-looking value is.
 */

/** The characters either side of a secret in its text (its quotes, or what ends an unquoted value), and the name it is assigned to. */
export interface Surroundings {
  before: string;
  after: string;
  key: string;
}

/** Templates, references and stand-ins: `${DB_PASSWORD}`, `{{ token }}`, `<your key>`, `$TOKEN`, `xxxx`, `changeme`. */
export const PLACEHOLDER =
  /\$\{|\{\{|\}\}|%\(|<[^>]*>|^\$[A-Za-z_]|^%[A-Za-z_]+%$|x{4,}|\*{3,}|\.{3}|^(?:your|my|some|the)[_-]|changeme|change[_-]me|example|placeholder|dummy|redacted|replace[_-]?me|not[_-]?set|undefined|^null$|^none$|^true$|^false$/i;

/** A name's parts: split at separators and where case turns (`getAccessToken2` → get, Access, Token2). */
function nameParts(value: string): string[] {
  return value.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).filter(Boolean);
}

/** A part that reads as a word (`Token`, `refresh`, `HEADER`, `sha256`): a vowel, and no four consonants running. */
function wordLike(part: string): boolean {
  const letters = part.replace(/\d+$/, '');
  return (/^[A-Z]?[a-z]+$/.test(letters) || /^[A-Z]+$/.test(letters)) && letters.length >= 3 && /[aeiouy]/i.test(letters) && !/[^aeiouy]{4}/i.test(letters);
}

/** A file path: `/usr/local/etc`, `./config/app.yml`, `~/.ssh`, `C:\\keys` (a key that begins with `/` turns case far more). */
function path(value: string): boolean {
  return /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)[\w.\\/-]*$/.test(value) && (turns(value) < 0.25 || value.split(/[\\/]/).length > 3);
}

/**
 * How often a name's characters change class (lower to upper, letter to digit) per character, a
 * capital starting a word aside unless `capitals` counts it too: a random key's do at almost
 * every other character.
 */
function turns(value: string, capitals = false): number {
  const classes = value
    .replace(/[^A-Za-z0-9]/g, '')
    .replace(/[a-z]/g, 'a')
    .replace(/[A-Z]/g, 'A')
    .replace(/[0-9]/g, '0');
  let n = 0;
  for (let i = 1; i < classes.length; i++) if (classes[i] !== classes[i - 1] && (capitals || !(classes[i - 1] === 'A' && classes[i] === 'a'))) n++;
  return n / Math.max(1, classes.length);
}

/**
 * Words joined by separators or by case, the way names are: `token_sha256_to_refresh`,
 * `msal:acquireTokenStart`, `FlowPasswordRequiredResultV2`, `X-IDENTITY-HEADER`: only words and
 * short joints (`to`, `V2`, `Cnf`, `HTTP`), and few turns of case.
 */
function joinedWords(value: string): boolean {
  if (/[^A-Za-z0-9_:./?-]/.test(value)) return false;
  const parts = nameParts(value);
  return (
    parts.length >= 2 && parts.some(wordLike) && parts.every((p) => wordLike(p) || /^[A-Za-z]{0,3}\d{0,3}$|^[A-Z]{4}\d{0,3}$/.test(p)) && turns(value) < 0.25
  );
}

/** Names and expressions in code: `config.password`, `!!request.token`, `r.token ?? !0`, `SIGN_IN_PASSWORD`, `createO200KSpecialTokenMap`. */
function looksLikeCode(value: string): boolean {
  if (/^[!~&*@_-]/.test(value) || /[()[\]{}<>|*$]|=.|\?\?|[?&]\.|!!|&&/.test(value)) return true;
  if (/^[A-Za-z][\w]*(?:(?:[.:]|::|->)[A-Za-z_][\w]*)+[!?]?$/.test(value)) return true;
  if (/^[A-Z][A-Z0-9]*(?:_+[A-Z0-9]+)+$|^[a-z][a-z0-9]*(?:_+[a-z0-9]+)+$/.test(value)) return true;
  // Mostly words: a name, where a random key is mostly not.
  const words = nameParts(value).filter(wordLike);
  return /^[A-Za-z][A-Za-z0-9]*$/.test(value) && words.join('').length >= 0.6 * value.length;
}

/**
 * The value of a `password = …`-style assignment, when it looks like a credential rather than code,
 * prose, a name or a placeholder: printable ASCII, ended where its quote ends (or, unquoted, at a
 * space, a separator or a quote), not a path, URL, number, regex or joined words, letters with digits or
 * symbols, and random enough.
 */
export function looksLikeSecretValue(value: string, { before, after, key }: Surroundings): boolean {
  if (spellsKey(value, key)) return false;
  const quoted = /["'\x60]/.test(before);
  // Unquoted, it ends at a space or a separator, or where the string or docstring holding the whole assignment closes (`"token=…"`).
  if (quoted ? after !== before : !/^(?:$|[\s,;#"'\x60])/.test(after)) return false;
  if (!/^[\x21-\x7e]{8,}$/.test(value) || PLACEHOLDER.test(value) || joinedWords(value)) return false;
  if (quoted ? /A-Z|a-z|0-9|\\/.test(value) : looksLikeCode(value)) return false;
  if (/^[\d.:_-]+$/.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || path(value)) return false;
  // Letters alone make a key only when long and turning case at random, not a word (`Authorization`).
  if (!/[A-Za-z]/.test(value) || (!/[^A-Za-z]/.test(value) && (value.length < 16 || turns(value, true) < 0.3))) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((c) => c.test(value)).length;
  return classes >= 2 && entropy(value) >= 2.8;
}

/**
 * A value made of its own key's words, in another case or with other joints: a constant naming
 * itself (`tokenClaimsCnfRequiredForSignedJwt = "token_claims_cnf_required_for_signedjwt"`), never
 * a credential, whose characters its name does not hold in order.
 */
function spellsKey(value: string, key: string): boolean {
  const letters = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return letters(value).length >= 8 && letters(key).includes(letters(value));
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}
