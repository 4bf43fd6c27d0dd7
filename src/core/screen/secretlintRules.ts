import type { SecretFinding } from './finding';

/**
 * secretlint's recommended rules (GitHub, Slack, npm, OpenAI, Anthropic, SendGrid, Shopify,
 * Linear, 1Password, private keys, basic auth and database URLs, kept by their authors), loaded
 * on the first text the prefilter finds a candidate in: most texts never pay for them.
 *
 * Two of the preset's rules are off. The AWS rule places its range at the assignment's name with
 * the key's length, so the key's tail stays in place (providers.ts finds AWS keys with exact
 * ranges instead); the comment filter would let a `secretlint-disable` comment in a file show
 * the model its credentials. And a rule's range is never trusted alone: it is widened to cover
 * the secret the rule's message names.
 */
type Lint = (text: string) => Promise<SecretFinding[]>;

const OFF = new Set(['@secretlint/secretlint-rule-aws', '@secretlint/secretlint-rule-filter-comments']);

let lint: Lint | undefined;

/** Whether this process has loaded secretlint's rules. */
export function secretlintLoaded(): boolean {
  return lint !== undefined;
}

export async function secretlintFindings(text: string): Promise<SecretFinding[]> {
  lint ??= load();
  return lint(text);
}

function load(): Lint {
  const { lintSource, recommended } = require('./secretlintBundle') as typeof import('./secretlintBundle');
  // Each rule on its own: secretlint 11.7 ignores `disabled` on a rule inside a preset.
  const config = { rules: recommended.filter((rule) => !OFF.has(rule.meta.id)).map((rule) => ({ id: rule.meta.id, rule })) };
  return async (text) => {
    const result = await lintSource({
      // A name no rule treats specially (package.json, .npmrc, .p12 and .json switch rules on and off), never read from disk.
      source: { content: text, filePath: 'skim-screen.txt', ext: '.txt', contentType: 'text' },
      options: { config, noPhysicFilePath: true },
    });
    return result.messages
      .filter((m) => Array.isArray(m.range) && m.range[1] > m.range[0])
      .map((m) => covering(text, { start: m.range[0], end: m.range[1], kind: kindOf(m.message, m.ruleId) }, m.data));
  };
}

/** "found GitHub Token(GitHub personal access tokens): ghp_…" names the kind before the colon. */
function kindOf(message: string, ruleId: string): string {
  const found = /^found (.+?):/i.exec(message);
  return (found?.[1] ?? ruleId.replace(/^@secretlint\/secretlint-rule-/, '')).replace(/\s*\(.*\)$/, '').trim();
}

/** The finding widened to every secret its message names that lies at or around its range (on the same stretch of text). */
function covering(text: string, finding: SecretFinding, data: unknown): SecretFinding {
  if (!data || typeof data !== 'object') return finding;
  let { start, end } = finding;
  for (const value of Object.values(data as Record<string, unknown>)) {
    if (typeof value !== 'string' || value.length < 8) continue;
    const at = text.indexOf(value, Math.max(0, finding.start - value.length));
    if (at < 0 || at > finding.end) continue;
    start = Math.min(start, at);
    end = Math.max(end, at + value.length);
  }
  return { ...finding, start, end };
}
