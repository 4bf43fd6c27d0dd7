/**
 * The mark a redaction leaves in the text Skim returns: `[redacted: <kind>]`. One place, because
 * the edit gate must recognize it: an edit that would write the mark into a file (replacing a real
 * credential with it, or copying it) is refused.
 */
export const REDACTION_PREFIX = '[redacted: ';

export const redactionMarker = (kind: string) => `${REDACTION_PREFIX}${kind}]`;

/** Whether `text` holds a redaction mark. */
export const holdsRedaction = (text: string) => /\[redacted: [^\]\n]{1,80}\]/.test(text);
