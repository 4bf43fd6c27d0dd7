import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';

/**
 * Credentials in what Skim returns are replaced by what they are (`[redacted: GitHub token]`),
 * found by secretlint's recommended preset: rules for each provider's key shapes, kept up to date
 * by their authors, not regexes written here. The text a model reads never carries the secret;
 * the file on disk is untouched.
 */
export interface Redaction {
  /** What was found, as the rule names it: "GitHub Token(GitHub personal access tokens)". */
  kind: string;
  line: number;
}

const CONFIG = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

/** "found GitHub Token(GitHub personal access tokens): ghp_…" names the kind before the colon. */
function kindOf(message: string, ruleId: string): string {
  const found = /^found (.+?):/i.exec(message);
  return (found?.[1] ?? ruleId.replace(/^@secretlint\/secretlint-rule-/, '')).replace(/\s*\(.*\)$/, '').trim();
}

/** A credential in a text: the UTF-16 offsets of all of it, and what it is. */
export interface SecretFinding {
  start: number;
  end: number;
  kind: string;
}

/** Every credential in `text`, sorted by start, none overlapping. */
export async function findSecrets(text: string): Promise<SecretFinding[]> {
  if (!text) return [];
  const result = await lintSource({ source: { content: text, filePath: 'skim-output.txt', ext: '.txt', contentType: 'text' }, options: { config: CONFIG } });
  const found = result.messages
    .filter((m) => Array.isArray(m.range) && m.range[1] > m.range[0])
    .map((m) => ({ start: m.range[0], end: m.range[1], kind: kindOf(m.message, m.ruleId) }))
    .sort((a, b) => a.start - b.start);
  const merged: SecretFinding[] = [];
  for (const f of found) {
    const last = merged[merged.length - 1];
    if (last && f.start < last.end) last.end = Math.max(last.end, f.end);
    else merged.push({ ...f });
  }
  return merged;
}

export async function redactSecrets(text: string): Promise<{ text: string; redactions: Redaction[] }> {
  const found = await findSecrets(text);
  if (!found.length) return { text, redactions: [] };
  let out = '';
  let at = 0;
  const redactions: Redaction[] = [];
  for (const f of found) {
    out += `${text.slice(at, f.start)}[redacted: ${f.kind}]`;
    redactions.push({ kind: f.kind, line: text.slice(0, f.start).split('\n').length });
    at = f.end;
  }
  return { text: out + text.slice(at), redactions };
}
