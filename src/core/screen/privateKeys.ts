import type { SecretFinding } from './finding';

/**
 * Private key blocks (PEM, OpenSSH, PGP, SSH2), found whole across lines, in any wrapping a file
 * gives them: plain lines, a template literal, JSON's `\n` escapes, concatenated string literals,
 * Skim's own `N<TAB>` numbering. A text that is a window of a file may cut a block: a BEGIN
 * marker whose END is past the window is withheld from BEGIN to the end of its body (the end of
 * the text when the window ends inside it), and key lines before an END marker whose BEGIN is
 * before the window are withheld from the first of them (the text's start when the window begins
 * inside it). A marker standing in code (a parser's constant) holds no key lines and is left alone.
 */
const MARKER = /-{4,5} ?(BEGIN|END) ((?:[A-Z0-9]{1,12} ){0,4})PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;

/** Key lines are short; a longer piece is something else, and the bound keeps every check linear. */
const MAX_PIECE = 4096;
/** Less base64 than this is a placeholder or a constant, not a key. */
const MIN_KEY_CHARS = 16;

const HEADER = /^(?:Proc-Type|DEK-Info|Comment|Version|Charset|Hash): /;

/** Key lines flattened into one: runs of at least 40 base64 characters (a key line holds 64 or 70) joined by spaces or tabs, the last run any length (16 when it is the only one). */
const FLATTENED = /^(?:(?:[A-Za-z0-9+/]{40,}[ \t]+)+[A-Za-z0-9+/]+|[A-Za-z0-9+/]{16,})={0,2}$/;

/** The base64 characters a piece of a block holds (0 for a blank or header line), or undefined when it is not part of one. */
function keyChars(piece: string): number | undefined {
  if (piece.length > MAX_PIECE) return undefined;
  const core = piece
    .replace(/^\s*\d+\t/, '')
    .replace(/^[\s/#*;"'`(+]+/, '')
    .replace(/(?:\\[nr]|[\s"'`+,;)\\])+$/, '');
  // A blank line, an armor header, or PGP's CRC-24 line (=AbCd) holds no key material of its own.
  if (core === '' || HEADER.test(core) || /^=[A-Za-z0-9+/]{1,4}$/.test(core)) return 0;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(core)) return core.length;
  // A note or a hover flattens a block's lines into one and may clip it: long runs of base64
  // joined by spaces, perhaps cut short with an ellipsis.
  const flat = core.replace(/(?:…|\.{3})$/, '');
  return FLATTENED.test(flat) ? flat.replace(/[ \t]/g, '').length : undefined;
}

interface Piece {
  start: number;
  end: number;
}

/**
 * A line break as a file may write it (LF, CRLF, a lone CR, NEL, the Unicode line and paragraph
 * separators, a vertical tab or form feed, the ASCII file, group, record and unit separators that
 * Python's splitlines breaks at), or a run of them escaped inside a string: `\n`, `\r`, `\x0a`,
 * `\u000a`, `\012`, `\u2028`, a URL's `%0A`, HTML's `&#10;` and `&#xA;`.
 */
// eslint-disable-next-line no-control-regex -- the ASCII separators are line breaks here
const SEPARATOR = /\r\n|[\n\r\v\f\x1c-\x1f\u0085\u2028\u2029]|(?:\\(?:[nr]|x0[aAdD]|u000[aAdD]|u202[89]|01[25])|%0[aAdD]|&#(?:1[03]|[xX]0?[aAdD]);)+/g;

/** `text` cut into lines at every line break, written or escaped (SEPARATOR). */
function pieces(text: string, from: number, to: number): Piece[] {
  const out: Piece[] = [];
  const separator = new RegExp(SEPARATOR);
  separator.lastIndex = from;
  let at = from;
  for (let m = separator.exec(text); m && m.index < to; m = separator.exec(text)) {
    out.push({ start: at, end: m.index });
    at = m.index + m[0].length;
  }
  out.push({ start: at, end: to });
  return out;
}

/**
 * The key characters in text[from, to), when every piece of it belongs to a key body. A body has
 * no length bound (a PGP key with a photo runs past 64 KB): each span between two markers is read
 * by at most this and one tail, so the whole screen stays linear.
 */
function bodyChars(text: string, from: number, to: number): number | undefined {
  let total = 0;
  for (const p of pieces(text, from, to)) {
    const n = keyChars(text.slice(p.start, p.end));
    if (n === undefined) return undefined;
    total += n;
  }
  return total;
}

function kindOf(words: string): string {
  const type = words.trim();
  return type ? `${type} private key` : 'private key';
}

/** From a BEGIN whose END the text does not hold: to the end of the key lines that follow it. */
function openBlock(text: string, begin: RegExpExecArray, limit: number): SecretFinding | undefined {
  const kind = kindOf(begin[2]);
  const after = pieces(text, begin.index + begin[0].length, limit);
  let chars = 0;
  let end = begin.index + begin[0].length;
  for (const p of after) {
    const n = keyChars(text.slice(p.start, p.end));
    if (n === undefined) return chars >= MIN_KEY_CHARS ? { start: begin.index, end, kind } : undefined;
    chars += n;
    if (n > 0) end = p.end;
  }
  // The text ends inside the block: everything after the marker is withheld.
  return limit === text.length ? { start: begin.index, end: text.length, kind } : chars >= MIN_KEY_CHARS ? { start: begin.index, end, kind } : undefined;
}

/** To an END whose BEGIN the text does not hold: from the first of the key lines before it. */
function closedTail(text: string, end: RegExpExecArray, floor: number): SecretFinding | undefined {
  const before = pieces(text, floor, end.index);
  let chars = 0;
  let start = end.index;
  for (let i = before.length - 1; i >= 0; i--) {
    const p = before[i];
    const n = keyChars(text.slice(p.start, p.end));
    if (n === undefined) break;
    chars += n;
    start = p.start;
  }
  if (chars < MIN_KEY_CHARS) return undefined;
  return { start, end: end.index + end[0].length, kind: kindOf(end[2]) };
}

export function privateKeyFindings(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  let open: RegExpExecArray | undefined;
  // Where the last finding or marker ended: a tail never reaches back past it.
  let floor = 0;
  for (const marker of text.matchAll(MARKER)) {
    const m = marker as RegExpExecArray;
    if (m[1] === 'BEGIN') {
      if (open) {
        const cut = openBlock(text, open, m.index);
        if (cut) found.push(cut);
      }
      open = m;
      continue;
    }
    const body = open ? bodyChars(text, open.index + open[0].length, m.index) : undefined;
    if (open && body !== undefined) {
      if (body >= MIN_KEY_CHARS) found.push({ start: open.index, end: m.index + m[0].length, kind: kindOf(open[2]) });
    } else {
      const tail = closedTail(text, m, open ? open.index + open[0].length : floor);
      if (tail) found.push(tail);
    }
    open = undefined;
    floor = m.index + m[0].length;
  }
  if (open) {
    const cut = openBlock(text, open, text.length);
    if (cut) found.push(cut);
  }
  return found;
}

/** Whether a line could be one of a key block's lines (enough base64 on its own): a window that begins or ends on one may have cut a block. */
export const mayBeKeyLine = (line: string): boolean => (keyChars(line) ?? 0) >= MIN_KEY_CHARS;
