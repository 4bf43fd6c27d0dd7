/**
 * Skim's one policy for control characters in text that is not a file's own lines, and for its own
 * markers. Terminal controls (C0 but tab and newline, DEL, C1: ESC, CR, NUL, BEL rewrite a line in a
 * terminal) and format characters (the marks that reverse or isolate text direction, zero-width
 * spaces and joiners that hide a word from the screen's rules) are taken out of a field
 * (`cleanText`); in a file's name, where taking one out would name another file, a line break or
 * other control (C0, C1, the Unicode line and paragraph separators) is written as its escape
 * (`escapeControls`), and what is left is cleaned.
 */

// eslint-disable-next-line no-control-regex -- these control characters are what it removes
const REMOVED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}]/gu;

// eslint-disable-next-line no-control-regex -- these control characters are what it escapes
const ESCAPED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A map field's text as it may be stored and shown: without control characters, and without
 * Skim's own markers (`[skim]`, `<<<skim-data`), which only Skim writes around what it returns.
 */
export function cleanText(text: string): string {
  return text
    .replace(REMOVED, '')
    .replace(/\[skim\]/gi, '(skim)')
    .replace(/<<<\s*skim-data|skim-data\s*>>>/gi, 'skim-data');
}

/** A path on one line: each control character written as its escape (`a\\nb.js`), not taken out. */
export const escapeControls = (text: string) =>
  text.replace(ESCAPED, (c) => {
    const json = JSON.stringify(c).slice(1, -1);
    return json !== c ? json : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });

/** A name as it may be printed before the screen has read it: controls escaped, format characters and Skim's own markers taken out. */
export const nameOnOneLine = (name: string): string => cleanText(escapeControls(name));
