import { PROVIDER_FORMATS } from './providers';

/**
 * The cheap first look at a text (issue 18): linear regexes that every credential Skim finds must
 * match, tested before any detector runs and before secretlint's rules are loaded. Most files and
 * maps match none, and their screen costs one scan.
 */

/** What each of secretlint's enabled rules needs to see before it can report anything: its own pattern's fixed part. */
const SECRETLINT_HINTS: RegExp[] = [
  /PRIVATE KEY/, // privatekey
  /npm_/, // npm (the access token rule; the others need a package.json or .npmrc file name)
  /xox[bpaor]-|xapp-/, // slack tokens
  /hooks\.slack\.com\/services\//i, // slack webhooks
  /:\/\/[-\w]{1,256}:[-\w]{1,256}@/, // basicauth
  /T3BlbkFJ/, // openai
  /sk-ant-api0/, // anthropic
  /lin_api_/, // linear
  /SG\.\w/, // sendgrid
  /shp(?:pa|ca|at|ss)_/, // shopify
  /gh[pousr]_|github_pat_/, // github
  /ops_ey/, // 1password
  /(?:mongodb(?:\+srv)?|mysqlx?|postgres(?:ql)?):\/\/[^:/\s]{1,100}:/i, // database-connection-string
];

/** Private key blocks (privateKeys.ts): every marker names a PRIVATE KEY. */
const PRIVATE_KEY_HINT = /PRIVATE KEY/;

function union(hints: RegExp[]): (text: string) => boolean {
  const of = (caseBlind: boolean) => hints.filter((h) => h.flags.includes('i') === caseBlind).map((h) => `(?:${h.source})`);
  const exact = new RegExp(of(false).join('|') || '(?!)');
  const blind = new RegExp(of(true).join('|') || '(?!)', 'i');
  return (text) => exact.test(text) || blind.test(text);
}

const anyCandidate = union([...SECRETLINT_HINTS, PRIVATE_KEY_HINT, ...PROVIDER_FORMATS.map((f) => f.hint)]);
const secretlintCandidate = union(SECRETLINT_HINTS);

/** False when no detector can find anything in `text`; true says only that one might. */
export function mayHoldSecret(text: string): boolean {
  return anyCandidate(text);
}

/** False when none of secretlint's rules can report anything in `text`: its rules need not be loaded. */
export function mayHoldSecretlintFinding(text: string): boolean {
  return secretlintCandidate(text);
}
