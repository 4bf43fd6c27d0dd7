import { mergeFindings, SecretFinding } from './finding';
import { redactionMarker } from './marker';
import { mayHoldSecret, mayHoldSecretlintFinding } from './prefilter';
import { privateKeyFindings } from './privateKeys';
import { providerFindings } from './providers';
import { secretlintFindings } from './secretlintRules';

export type { SecretFinding } from './finding';

/**
 * Credentials in a text, found on the text itself (a file's raw lines, a map's prose, a search
 * hit's line) so that each can be placed exactly wherever the text is shown: secretlint's
 * recommended rules, the provider formats they miss (providers.ts), and private key blocks whole
 * or cut by a window (privateKeys.ts). The file on disk is never touched.
 *
 * Each finding is UTF-16 offsets into `text` covering every character of the secret; findings
 * are sorted and never overlap. A text the prefilter clears costs one scan and loads no rules.
 */
export async function findSecrets(text: string): Promise<SecretFinding[]> {
  const plain = plainText(text);
  if (!plain || !mayHoldSecret(plain.text)) return [];
  // secretlint's findings first: where two detectors see the same range, the first names it (GitHub Token, not secret in an assignment).
  const found = mayHoldSecretlintFinding(plain.text) ? await secretlintFindings(plain.text) : [];
  const all = [...found, ...providerFindings(plain.text), ...privateKeyFindings(plain.text)];
  return mergeFindings(plain.at ? all.map((f) => ({ ...f, start: plain.at![f.start], end: plain.at![f.end - 1] + 1 })) : all);
}

/** Characters that show nothing (zero-width spaces and joiners, a soft hyphen, a word joiner, a BOM): one inside a token would split it for every detector. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/;
/** Full-width ASCII (`ｇｈｐ＿…`), drawn as the letters it stands for. */
const FULL_WIDTH = /[\uff01-\uff5e]/;

/**
 * `text` as the detectors read it: without invisible characters and with full-width ASCII as
 * ASCII, as the flag rules read a line; `at` maps each of its characters back to its offset in
 * `text` (absent when the text needed no change). Undefined for an empty text.
 */
function plainText(text: string): { text: string; at?: number[] } | undefined {
  if (!text) return undefined;
  if (!INVISIBLE.test(text) && !FULL_WIDTH.test(text)) return { text };
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (INVISIBLE.test(c)) continue;
    out += FULL_WIDTH.test(c) ? String.fromCharCode(c.charCodeAt(0) - 0xfee0) : c;
    at.push(i);
  }
  at.push(text.length);
  return { text: out, at };
}

/** `text` with each finding's range replaced by one marker naming what it was. */
export function redact(text: string, findings: SecretFinding[]): string {
  let out = '';
  let at = 0;
  for (const f of findings) {
    out += text.slice(at, f.start) + redactionMarker(f.kind);
    at = f.end;
  }
  return out + text.slice(at);
}

/** One credential withheld: what it was and the line (1-based) it began on. */
export interface Redaction {
  kind: string;
  line: number;
}

/** The screen's redaction of a whole text, as the result screen uses it until its callers place findings themselves. */
export async function redactSecrets(text: string): Promise<{ text: string; redactions: Redaction[] }> {
  const findings = await findSecrets(text);
  if (!findings.length) return { text, redactions: [] };
  let line = 1;
  let counted = 0;
  const redactions = findings.map((f) => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < f.start; i = text.indexOf('\n', i + 1)) line++;
    counted = f.start;
    return { kind: f.kind, line };
  });
  return { text: redact(text, findings), redactions };
}
