/**
 * Text as a terminal shows it to a person: every control character but the tab and the line
 * break, and every format character (bidi marks, zero-width ones), written as its escape
 * (`\u001b`), so that a file's ESC sequences and bidi marks are seen as text instead of acting on
 * the terminal or reordering what is read. Only for a terminal: an agent or a pipe gets the bytes.
 */
export const escapeForTerminal = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- these control characters are what it escapes
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/gu, (c) => {
    const code = (c.codePointAt(0) as number).toString(16);
    return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`;
  });
