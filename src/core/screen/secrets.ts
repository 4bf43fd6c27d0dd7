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
  if (!text || !mayHoldSecret(text)) return [];
  // secretlint's findings first: where two detectors see the same range, the first names it (GitHub Token, not secret in an assignment).
  const found = mayHoldSecretlintFinding(text) ? await secretlintFindings(text) : [];
  return mergeFindings([...found, ...providerFindings(text), ...privateKeyFindings(text)]);
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
