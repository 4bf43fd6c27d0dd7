/**
 * The mark a redaction leaves in the text Skim returns: `[redacted: <kind>]`. One place, because
 * the edit gate must recognize it: an edit that would write the mark into a file (replacing a real
 * credential with it, or copying it) is refused.
 */
export const REDACTION_PREFIX = '[redacted: ';

/** The mark for one credential of `kind`; a kind never closes the mark early or breaks its line. */
export const redactionMarker = (kind: string) => `${REDACTION_PREFIX}${kind.replace(/[\]\r\n]/g, ' ').trim() || 'credential'}]`;

/** Whether `text` holds a redaction mark. */
export const holdsRedaction = (text: string) => /\[redacted: [^\]\n]{1,80}\]/.test(text);
