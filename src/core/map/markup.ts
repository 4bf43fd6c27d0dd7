/**
 * A writer's markup, for a note, a file's prose and a README's quote alike: what is only there for
 * a documentation tool (RDoc's `+code+` and `_word_`, Markdown's `**x**`, HTML tags, Javadoc's
 * `{@link x}`, a backslash's escape `\\_`) goes, the words it marks stay; and where the first
 * sentence of plain text ends.
 */

/** HTML elements documentation is written with; an unclosed one at the end (`<source`) is cut off mid-tag. */
const HTML_TAG =
  /<\/?(a|b|big|blockquote|br|center|cite|code|dd|details|div|dl|dt|em|font|h[1-6]|hr|i|img|kbd|li|ol|p|picture|pre|s|samp|small|source|span|strong|sub|summary|sup|table|td|th|tr|tt|u|ul|var)\b[^>]*(>|$)/gi;

/**
 * Javadoc's and JSDoc's inline tags keep their text: `{@link download()}` is `download()`, a link
 * with a label its label (mocha's `{@link Suite|Suites}`, `{@link Foo#bar the bar}`); `{@inheritDoc}` has none.
 */
const INLINE_TAG = /\{@(link|linkcode|linkplain|code|literal|value)\s+([^}]*)\}|\{@inheritDoc\}/g;

const tagText = (tag: string | undefined, body: string | undefined) => {
  const text = body?.trim() ?? '';
  if (!tag?.startsWith('link')) return text;
  const label = /^[^\s|]+[\s|]+(.+)$/.exec(text);
  return label ? label[1].trim() : text;
};

/** NatSpec's reference to a declaration (OpenZeppelin's `{RoleAdminChanged}`, `{IERC20-balanceOf}`), never a path's `/users/{id}`. */
const DECLARATION_REFERENCE = /(^|[\s(])\{(_?[A-Za-z]\w*(-\w+)?)\}/g;

/**
 * `*x*`, `**x**`, `***x***` around words, inside a word too (serde's `***ser***ializing`); never
 * `*args, **kwargs`, nor a pointer's `Y(*)[N] to U(*)`.
 */
const ASTERISKS = /(^|[^\p{L}\p{N}*\\])(\*{1,3})([\p{L}\p{N}(`'"]([^*\n]*?[\p{L}\p{N}).!?`'"])?)\2(?!\*)/gu;

/** `_x_` and `__x__` around words; a Python dunder (`__init__`) is a name, not emphasis. */
const UNDERSCORES = /(^|[^\p{L}\p{N}_])(_{1,2})([\p{L}\p{N}][^_\n]*?[\p{L}\p{N}.!?)]|[\p{L}\p{N}])\2(?![\p{L}\p{N}_])/gu;

/** RDoc's code mark (`+read+`, `+list+[0]`): a `+` each side of one word, none inside it. */
const RDOC_CODE = /(^|[\s(["'])\+([\w#.:?!=$@-]+)\+(?=$|[\s.,;:)!?'"[\]])/g;

/** Markdown's image and link, inline or by reference (`[![Version Badge][npm-version-svg]][package-url]`): a link keeps its text. */
const IMAGE = /!\[[^\]]*\](\([^)]*\)|\[[^\]]*\])?/g;
/** A link starts a word: `map[string][]string` and `a[i](x)` are code, not links. */
const LINK = /(^|[^\w\]])\[([^\]]*)\](\([^)]*\)|\[[^\]]*\])/g;
/** Rustdoc's intra-doc link: [`Deserializer`] is `Deserializer`. */
const CODE_LINK = /\[(`[^`\]]+`)\]/g;
/** RDoc's link, a label and its address (`RFC2396[http://tools.ietf.org/html/rfc2396]`): its label. */
const RDOC_LINK = /(\w+|\{([^}]+)\})\[(https?|mailto|ftp):[^\]\s]+\]/g;
/** AsciiDoc's cross-reference and link (OpenZeppelin's `xref:ROOT:erc1155.adoc#batch-operations[Batched]`): their text. */
const ASCIIDOC_LINK = /\b(xref|link|https?):[^\s[\]]*\[([^\]]*)\]/g;

export function withoutMarkup(text: string): string {
  return text
    .replace(HTML_TAG, '')
    .replace(INLINE_TAG, (_, tag: string | undefined, body: string | undefined) => tagText(tag, body))
    .replace(DECLARATION_REFERENCE, '$1$2')
    .replace(IMAGE, '')
    .replace(RDOC_LINK, (_, label: string, braced: string | undefined) => braced ?? label)
    .replace(ASCIIDOC_LINK, '$2')
    .replace(LINK, '$1$2')
    .replace(CODE_LINK, '$1')
    .replace(RDOC_CODE, '$1$2')
    .replace(ASTERISKS, '$1$3')
    .replace(UNDERSCORES, (whole: string, before: string, marks: string, inner: string) =>
      marks === '__' && /^\w+$/.test(inner) ? whole : `${before}${inner}`,
    )
    .replace(/\\([_*#+`<>[\]{}])/g, '$1');
}

/** A list item's bullet or number at a line's start (`* `, `- `, `+ `, `• `, `438. `): the item's words follow it. */
export const withoutBullet = (line: string) => line.replace(/^([*+•-]|\d+[.)])\s+(?=\S)/u, '');

/** Abbreviations whose period ends no sentence: rack's "n.b. The trailing whitespace…", "e.g.", shutil's "(eg." */
const ABBREVIATION = /(^|[^\p{L}])(e\.g|i\.e|n\.b|a\.k\.a|eg|ie|cf|vs|viz|approx|esp|incl|resp)$/iu;

/** "etc." ends a sentence only where a new one begins after it ("a, b, etc. and c" goes on). */
const ET_CETERA = /(^|[^\p{L}])etc$/iu;

/** Where the first sentence of one paragraph ends (the index past its `.`, `!` or `?`), or -1 where it runs to the end. */
export function sentenceEnd(text: string): number {
  for (const found of text.matchAll(/[.!?](?=\s|$)/g)) {
    const at = found.index ?? 0;
    const before = text.slice(0, at);
    if (text[at] === '.' && (ABBREVIATION.test(before) || (ET_CETERA.test(before) && /^\s+\p{Ll}/u.test(text.slice(at + 1))))) continue;
    return at + 1;
  }
  return -1;
}

/** HTML's named characters a README writes (ajv's `&nbsp;`, natural-compare's `&ndash;`). */
const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/**
 * HTML's character references as the characters they name: for a README, written as HTML. Not
 * for a comment, whose `&quot;` may be the very output its example shows (cgi's escapeHTML).
 */
export const withoutEntities = (text: string) =>
  text
    .replace(/&(nbsp|amp|lt|gt|quot|apos|ndash|mdash|hellip|[lr][sd]quo);/g, (_, name: string) => ENTITIES[name])
    .replace(/&#(\d{2,5});/g, (_, code: string) => String.fromCodePoint(Number(code)));
