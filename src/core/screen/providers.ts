import type { SecretFinding } from './finding';
import { looksLikeSecretValue, PLACEHOLDER, Surroundings } from './secretValue';

/**
 * Credential formats secretlint's recommended rules do not cover (or cover with a range that
 * leaves part of the secret in place), written as data: what each is, where its format is
 * documented, a cheap hint every match contains (the prefilter's part), and the pattern. A
 * pattern's `secret` group is the secret when the match also holds its context (an assignment's
 * name, a URL's host); otherwise the whole match is. Every pattern is bounded, so a text costs
 * linear time.
 */
export interface ProviderFormat {
  kind: string;
  source: string;
  /** Contained in every match of `pattern`: the prefilter tests these before anything else runs. */
  hint: RegExp;
  /** Flags `dg` (and `i` where the format is case-blind). */
  pattern: RegExp;
  /** A last look at the secret (placeholders, code, example values), where the pattern alone would take too much. */
  accept?: (secret: string, around: Surroundings) => boolean;
}

/**
 * `NAME = value`, `NAME: "value"`, `"NAME": 'value'`, `NAME := value`, `NAME => value`,
 * `name: string = 'value'`: the value is the secret (`value` may name its own `secret` group).
 */
function assigned(name: string, value: string, end = '(?![A-Za-z0-9/+=_-])'): RegExp {
  const secret = value.includes('(?<secret>') ? value : `(?<secret>${value})`;
  const typed = String.raw`(?:\s{0,2}:\s{0,2}[A-Za-z_$][\w$.<>[\]| ]{0,60}?)?`;
  return new RegExp(String.raw`(?:${name})[A-Za-z0-9_.-]{0,30}?["'\x60\]]{0,2}${typed}\s{0,4}(?::=|=>|:|=)\s{0,4}["'\x60]?${secret}${end}`, 'dgi');
}

/** AWS's documentation examples (AKIAIOSFODNN7EXAMPLE): not anyone's credential. */
const notAwsExample = (secret: string) => !/EXAMPLE/.test(secret);

/** Random-looking: upper, lower and digits all present (a 40-hex git SHA is not). */
const mixedCase = (secret: string) => /[a-z]/.test(secret) && /[A-Z]/.test(secret) && /[0-9]/.test(secret);

const notPlaceholder = (secret: string) => !PLACEHOLDER.test(secret);

/** An env file's value that is a credential: not a reference to another (`$DB_PASSWORD`, `${X}`, `%X%`), a command's output, a placeholder, a path, a URL, a number or code. */
const envValue = (secret: string) =>
  notPlaceholder(secret) &&
  !/^[$%`]|\$\(|^[\d.:_-]+$|^(?:\.{0,2}\/|~\/)|^[a-z][a-z0-9+.-]*:\/\//i.test(secret) &&
  // A keyword argument on a line of its own (`password=password,`, `token=self.token)`) is code.
  !/[,;)]$|^(?:self|this|cls|config|settings|options|opts|args|kwargs|env)\.|^(?:password|passwd|pwd|secret|token|api_?key|credentials?)$/i.test(secret);

/** jwt.io's example token's payload ({"sub":"1234567890","name":"John Doe",…}), in every JWT library's tests. */
const JWT_IO_EXAMPLE = 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ';

export const PROVIDER_FORMATS: ProviderFormat[] = [
  {
    kind: 'AWS Access Key ID',
    source: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids (AKIA long-term, ASIA temporary, ABIA/ACCA)',
    hint: /A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA/,
    pattern: /(?<![A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/dg,
    accept: notAwsExample,
  },
  {
    // secretlint-rule-aws finds these too, but places its range at the assignment's name and so leaves the key's tail.
    kind: 'AWS Secret Access Key',
    source: 'https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html (aws_secret_access_key: 40 characters of base64)',
    hint: /secret[_.-]?access[_.-]?key|aws[_.-]?secret[_.-]?key/i,
    pattern: assigned(String.raw`secret[_.-]?access[_.-]?key|aws[_.-]?secret[_.-]?key`, '[A-Za-z0-9/+]{40}'),
    accept: notAwsExample,
  },
  {
    kind: 'AWS Secret Access Key',
    source: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/security-creds.html (a key id and its 40-character secret written side by side)',
    hint: /AKIA|ASIA/,
    pattern: /(?:AKIA|ASIA)[A-Z0-9]{16}[^\n]{1,60}?(?<![A-Za-z0-9/+=])(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dg,
    accept: (secret) => mixedCase(secret) && notAwsExample(secret),
  },
  {
    kind: 'AWS Session Token',
    source: 'https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-envvars.html (AWS_SESSION_TOKEN)',
    hint: /session[_.-]?token/i,
    pattern: assigned(String.raw`aws[_.-]?session[_.-]?token|sessiontoken`, '[A-Za-z0-9/+]{100,2000}={0,2}'),
  },
  {
    kind: 'Stripe key',
    source: 'https://docs.stripe.com/keys (sk_live_, rk_live_ and their test twins)',
    hint: /[sr]k_(?:live|test|prod)_/,
    // After an underscore too: a key glued into a name (`prod_sk_live_…`) is still the key.
    pattern: /(?<![A-Za-z0-9])[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,247}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Stripe webhook secret',
    source: 'https://docs.stripe.com/webhooks#verify-official-libraries (whsec_)',
    hint: /whsec_/,
    pattern: /(?<![A-Za-z0-9_])whsec_[A-Za-z0-9+/]{24,100}={0,2}(?![A-Za-z0-9+/=])/dg,
  },
  {
    kind: 'Google API key',
    source: 'https://cloud.google.com/docs/authentication/api-keys (AIza and 35 characters)',
    hint: /AIza/,
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Google OAuth client secret',
    source: 'https://developers.google.com/identity/protocols/oauth2 (client secrets begin GOCSPX-)',
    hint: /GOCSPX-/,
    pattern: /(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Google OAuth access token',
    source: 'https://developers.google.com/identity/protocols/oauth2 (access tokens begin ya29.)',
    hint: /ya29\./,
    pattern: /(?<![A-Za-z0-9_-])ya29\.[A-Za-z0-9_-]{30,2000}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'OpenAI API key',
    source: 'https://platform.openai.com/docs/api-reference/authentication (sk-proj-, sk-svcacct-, sk-admin-, and the older sk- and 48 characters)',
    hint: /sk-[A-Za-z0-9]/,
    pattern: /(?<![A-Za-z0-9_-])sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,400}|[A-Za-z0-9]{48})(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Anthropic API key',
    source: 'https://docs.anthropic.com/en/api/overview (sk-ant-api03-, sk-ant-admin01-, OAuth sk-ant-oat01-)',
    hint: /sk-ant-/,
    pattern: /(?<![A-Za-z0-9_-])sk-ant-(?:api|admin|oat|ort)\d{2}-[A-Za-z0-9_-]{20,200}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'GitLab token',
    source: 'https://docs.gitlab.com/security/tokens/#token-prefixes',
    hint: /gl(?:pat|dt|ptt|rt|cbt|soat|ffct|ft|imt|agent|oas)-/,
    pattern:
      /(?<![A-Za-z0-9_-])gl(?:pat|dt|ptt|rt|cbt|soat|ffct|ft|imt|agent|oas)-[A-Za-z0-9_-]{20,200}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{9})?(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'GitHub token',
    source: 'https://github.blog/2012-09-21-easier-builds-and-deployments-using-git-over-https-and-oauth/ (https://TOKEN:x-oauth-basic@github.com)',
    hint: /:x-oauth-basic@/,
    pattern: /:\/\/(?<secret>[^\s:@/]{8,256}):x-oauth-basic@/dg,
  },
  {
    kind: 'Slack token',
    source: 'https://api.slack.com/authentication/rotation (refresh and configuration tokens: xoxe-, xoxe.xoxp-)',
    hint: /xoxe/,
    pattern: /(?<![A-Za-z0-9_-])xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9-]{60,400}(?![A-Za-z0-9_-])/dg,
  },
  {
    // secretlint's Slack rule stops an app-level token at its last dash and leaves its last part, the secret's most random one.
    kind: 'Slack token',
    source: 'https://api.slack.com/authentication/token-types#app (app-level tokens: xapp, a digit, then three dash-separated parts)',
    hint: /xapp-/,
    pattern: /(?<![A-Za-z0-9_])xapp-\d-[A-Za-z0-9]{6,40}-\d{6,20}-[A-Za-z0-9]{16,200}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'password on a command line',
    source: 'https://curl.se/docs/manpage.html#-u (-u, --user <user:password>); https://www.gnu.org/software/wget/manual/wget.html (--user, --password)',
    hint: /\s(?:-u|--user|--password)[\s=]/,
    pattern:
      /\b(?:curl|wget|http)\b[^\n]{0,200}?\s(?:(?:-u|--user)[\s=]{1,4}["']?[^\s:"'$]{1,100}:|--password[\s=]{1,4}["']?)(?<secret>[^\s"'$][^\s"']{3,200})/dg,
    accept: notPlaceholder,
  },
  {
    // The generic assignment rule asks a value to look random; in an env file a value assigned to a credential's name is one unless it refers to another.
    kind: 'password in an env file',
    source:
      'https://hexdocs.pm/dotenvy/dotenv-file-format.html (NAME=value lines; export NAME=value in shells); https://www.postgresql.org/docs/current/libpq-envars.html (PGPASSWORD)',
    hint: /(?:pass(?:word|wd)?|pwd|secret(?:_key)?|token|api_?key|access_key|auth_key|private_key|credentials?)=/i,
    pattern:
      /^[ \t]*(?:(?:#+|\/\/|-)[ \t]*)?(?:export[ \t]+)?(?:[A-Za-z][A-Za-z0-9_]{0,60}?)?(?:pass(?:word|wd)?|pwd|secret(?:_key)?|token|api_?key|access_key|auth_key|private_key|credentials?)=(?<q>["']?)(?<secret>[^\s"'#][^\s"']{5,300})\k<q>[ \t]*(?:#[^\n]*)?\r?$/dgim,
    accept: envValue,
  },
  {
    kind: 'Twilio API key',
    source: 'https://www.twilio.com/docs/iam/api-keys (API key SIDs: SK and 32 hex digits)',
    hint: /SK[0-9a-f]{8}/,
    pattern: /(?<![A-Za-z0-9])SK[0-9a-f]{32}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Twilio auth token',
    source: 'https://www.twilio.com/docs/iam/credentials/api (auth tokens: 32 hex digits)',
    hint: /twilio/i,
    pattern: assigned(String.raw`twilio[A-Za-z0-9_.-]{0,20}?(?:auth[_.-]?)?(?:token|secret)`, '[0-9a-f]{32}'),
  },
  {
    kind: 'SendGrid API key',
    source: 'https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys (SG. id . secret)',
    hint: /SG\./,
    pattern: /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Mailgun API key',
    source: 'https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/ (key- and 32 hex digits)',
    hint: /key-[0-9a-f]{8}/,
    pattern: /(?<![A-Za-z0-9_-])key-[0-9a-f]{32}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Mailgun API key',
    source: 'https://documentation.mailgun.com/docs/mailgun/api-reference/authentication/ (32-8-8 hex private keys)',
    hint: /mailgun/i,
    pattern: assigned('mailgun', '[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}'),
  },
  {
    kind: 'Mailchimp API key',
    source: 'https://mailchimp.com/developer/marketing/guides/quick-start/#generate-your-api-key (32 hex digits and the data center)',
    hint: /-us\d/,
    pattern: /(?<![A-Za-z0-9])[0-9a-f]{32}-us\d{1,2}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'npm token',
    source: 'https://docs.npmjs.com/cli/v10/configuring-npm/npmrc#auth-related-configuration (_authToken, _auth, _password)',
    hint: /_auth|_password/,
    pattern: /(?<![A-Za-z0-9])_(?:authToken|auth|password)\s{0,4}=\s{0,4}["']?(?<secret>(?!\$\{)[^\s"'$]{8,400})/dg,
  },
  {
    kind: 'PyPI token',
    source: 'https://pypi.org/help/#apitoken (pypi- and a macaroon naming pypi.org or test.pypi.org)',
    hint: /pypi-AgE/,
    pattern: /pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000}/dg,
  },
  {
    kind: 'Square token',
    source: 'https://developer.squareup.com/docs/build-basics/access-tokens (EAAA access tokens, sq0atp-, sq0csp- secrets)',
    hint: /EAAA|sq0(?:atp|csp)-/,
    pattern: /(?<![A-Za-z0-9_+/-])(?:EAAA[A-Za-z0-9_-]{60}|sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43})(?![A-Za-z0-9_+/=-])/dg,
  },
  {
    kind: 'Heroku API key',
    source: 'https://devcenter.heroku.com/articles/authentication (HRKU- tokens)',
    hint: /HRKU-/,
    pattern: /(?<![A-Za-z0-9_-])HRKU-[A-Za-z0-9_-]{60}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Heroku API key',
    source: 'https://devcenter.heroku.com/articles/authentication (older keys: a UUID, named as Heroku’s)',
    hint: /heroku/i,
    pattern: assigned('heroku', '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'),
  },
  {
    kind: 'DigitalOcean token',
    source: 'https://docs.digitalocean.com/reference/api/create-personal-access-token/ (dop_v1_, doo_v1_, dor_v1_)',
    hint: /do[por]_v1_/,
    pattern: /(?<![A-Za-z0-9_])do[por]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Azure storage key',
    source: 'https://learn.microsoft.com/azure/storage/common/storage-configure-connection-string (AccountKey=; Service Bus SharedAccessKey=)',
    hint: /(?:account|sharedaccess)key\s{0,2}=/i,
    pattern: /(?:Account|SharedAccess)Key\s{0,2}=\s{0,2}(?<secret>[A-Za-z0-9+/]{40,100}={0,2})(?![A-Za-z0-9+/=])/dgi,
  },
  {
    kind: 'Azure SAS signature',
    source: 'https://learn.microsoft.com/azure/storage/common/storage-sas-overview (the sig= parameter)',
    hint: /[?&]sig=/,
    pattern: /[?&]sig=(?<secret>[A-Za-z0-9%+/]{30,200}={0,2})/dg,
  },
  {
    kind: 'Azure client secret',
    source: 'https://learn.microsoft.com/entra/identity-platform/how-to-add-credentials (client secrets hold Q~ after four characters)',
    hint: /\dQ~/,
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/dg,
  },
  {
    kind: 'JSON Web Token',
    source: 'https://www.rfc-editor.org/rfc/rfc7519 (base64url header.payload.signature; a JSON header begins eyJ)',
    hint: /\.eyJ/,
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,8000}\.[A-Za-z0-9_-]{10,2000}(?![A-Za-z0-9_-])/dg,

    accept: (secret) => !secret.includes(JWT_IO_EXAMPLE),
  },
  {
    kind: 'Hugging Face token',
    source: 'https://huggingface.co/docs/hub/security-tokens (hf_ and 34 letters)',
    hint: /hf_[A-Za-z]/,
    pattern: /(?<![A-Za-z0-9_])hf_[A-Za-z]{34}(?![A-Za-z0-9_])/dg,
  },
  {
    kind: 'Databricks token',
    source: 'https://docs.databricks.com/en/dev-tools/auth/pat.html (dapi and 32 hex digits)',
    hint: /dapi[0-9a-f]/,
    pattern: /(?<![A-Za-z0-9_])dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'HashiCorp Vault token',
    source: 'https://developer.hashicorp.com/vault/docs/concepts/tokens#token-prefixes (hvs., hvb., hvr.)',
    hint: /hv[sbr]\./,
    pattern: /(?<![A-Za-z0-9_])hv[sbr]\.[A-Za-z0-9_-]{90,300}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Terraform Cloud token',
    source: 'https://developer.hashicorp.com/terraform/cloud-docs/users-teams-organizations/api-tokens (id.atlasv1.secret)',
    hint: /\.atlasv1\./,
    pattern: /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])/dg,
  },
  {
    kind: 'Postman API key',
    source: 'https://learning.postman.com/docs/developer/postman-api/authentication/ (PMAK-)',
    hint: /PMAK-/,
    pattern: /PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/dgi,
  },
  {
    kind: 'Doppler token',
    source: 'https://docs.doppler.com/docs/token-formats (dp.pt., dp.st., dp.sa., dp.ct., dp.scim., dp.audit.)',
    hint: /dp\.(?:pt|st|sa|ct|scim|audit)\./,
    pattern: /(?<![A-Za-z0-9])dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Atlassian API token',
    source: 'https://support.atlassian.com/atlassian-account/docs/manage-api-tokens-for-your-atlassian-account/ (ATATT3)',
    hint: /ATATT3/,
    pattern: /(?<![A-Za-z0-9_-])ATATT3[A-Za-z0-9_=-]{180,200}(?![A-Za-z0-9_=-])/dg,
  },
  {
    kind: 'Grafana token',
    source: 'https://grafana.com/docs/grafana/latest/administration/service-accounts/ (glsa_; Grafana Cloud glc_)',
    hint: /gl(?:sa|c)_/,
    pattern: /(?<![A-Za-z0-9_])(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_eyJ[A-Za-z0-9+/=_-]{60,1000})(?![A-Za-z0-9+/=_-])/dg,
  },
  {
    kind: 'Telegram bot token',
    source: 'https://core.telegram.org/bots/api#authorizing-your-bot (bot id : AA and 33 characters)',
    hint: /\d:AA/,
    pattern: /(?<![A-Za-z0-9_:])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'age secret key',
    source: 'https://age-encryption.org/v1 (AGE-SECRET-KEY-1 and 58 Bech32 characters)',
    hint: /AGE-SECRET-KEY-1/,
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/dg,
  },
  {
    kind: 'New Relic API key',
    source: 'https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/ (NRAK-)',
    hint: /NRAK-/,
    pattern: /NRAK-[A-Z0-9]{27}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Supabase token',
    source: 'https://supabase.com/docs/guides/api/api-keys (sbp_ access tokens, sb_secret_ keys)',
    hint: /sbp_|sb_secret_/,
    pattern: /(?<![A-Za-z0-9_])(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{20,80})(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Pulumi access token',
    source: 'https://www.pulumi.com/docs/pulumi-cloud/access-management/access-tokens/ (pul-)',
    hint: /pul-[a-f0-9]/,
    pattern: /(?<![A-Za-z0-9_-])pul-[a-f0-9]{40}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Notion token',
    source: 'https://developers.notion.com/docs/authorization (ntn_ and the older secret_ integration tokens)',
    hint: /secret_[A-Za-z0-9]|ntn_\d/,
    pattern: /(?<![A-Za-z0-9_])(?:secret_[A-Za-z0-9]{43}|ntn_\d{11}[A-Za-z0-9]{35})(?![A-Za-z0-9_])/dg,
  },
  {
    kind: 'Firebase Cloud Messaging server key',
    source: 'https://firebase.google.com/docs/cloud-messaging/auth-server (legacy server keys: AAAA…:APA91b…)',
    hint: /:APA91b/,
    pattern: /AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134}/dg,
  },
  {
    kind: 'Mapbox secret token',
    source: 'https://docs.mapbox.com/accounts/guides/tokens/ (secret tokens begin sk.eyJ)',
    hint: /sk\.eyJ/,
    pattern: /(?<![A-Za-z0-9_-])sk\.eyJ[A-Za-z0-9_-]{50,1000}\.[A-Za-z0-9_-]{20,200}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Sentry auth token',
    source: 'https://docs.sentry.io/account/auth-tokens/ (sntrys_ organization and sntryu_ user tokens)',
    hint: /sntry[su]_/,
    pattern: /(?<![A-Za-z0-9_])sntry[su]_[A-Za-z0-9_=+/-]{40,400}(?![A-Za-z0-9_=+/-])/dg,
  },
  {
    kind: 'Airtable token',
    source: 'https://airtable.com/developers/web/guides/personal-access-tokens (pat, 14 characters, a dot, 64 hex digits)',
    hint: /pat[A-Za-z0-9]{14}\./,
    pattern: /(?<![A-Za-z0-9_])pat[A-Za-z0-9]{14}\.[a-f0-9]{64}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Figma token',
    source: 'https://www.figma.com/developers/api#access-tokens (figd_)',
    hint: /figd_/,
    pattern: /(?<![A-Za-z0-9_])figd_[A-Za-z0-9_-]{40,60}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Dropbox token',
    source: 'https://developers.dropbox.com/oauth-guide (short-lived access tokens begin sl.)',
    hint: /sl\.[A-Za-z0-9_-]{20}/,
    pattern: /(?<![A-Za-z0-9_.-])sl\.[A-Za-z0-9_-]{130,1400}(?![A-Za-z0-9_-])/dg,
  },
  {
    kind: 'Cloudflare Origin CA key',
    source: 'https://developers.cloudflare.com/fundamentals/api/get-started/ca-keys/ (v1.0- keys)',
    hint: /v1\.0-[a-f0-9]/,
    pattern: /(?<![A-Za-z0-9_.-])v1\.0-[a-f0-9]{24}-[a-f0-9]{146}(?![A-Za-z0-9])/dg,
  },
  {
    kind: 'Docker registry auth',
    source: 'https://docs.docker.com/reference/cli/docker/login/#credential-stores (config.json "auth": base64 of user:password)',
    hint: /"auth"\s{0,4}:/,
    pattern: /"auth"\s{0,4}:\s{0,4}"(?<secret>[A-Za-z0-9+/]{12,400}={0,2})"/dg,
  },
  {
    kind: 'HTTP Authorization credential',
    source: 'https://www.rfc-editor.org/rfc/rfc7617 and rfc6750 (Authorization: Basic / Bearer)',
    hint: /authorization/i,
    pattern: assigned('authorization', String.raw`(?:Basic|Bearer|token)\s{1,4}(?<secret>[A-Za-z0-9._~+/-]{16,4000}=*)`, ''),
    accept: notPlaceholder,
  },
  {
    kind: 'base64-encoded private key',
    source: 'https://kubernetes.io/docs/concepts/configuration/secret/#tls-secrets (tls.key: a PEM block in base64; LS0tLS1CRUdJTi is -----BEGIN)',
    hint: /LS0tLS1CRUdJTi/,
    pattern: /(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/]{40,20000}={0,2}(?![A-Za-z0-9+/=])/dg,
    // A certificate is encoded the same way and is no secret: only a private key's block counts.
    accept: (secret) => /PRIVATE KEY/.test(Buffer.from(secret.slice(0, 80), 'base64').toString('latin1')),
  },
  {
    kind: 'password in a URL',
    source: 'https://www.rfc-editor.org/rfc/rfc3986#section-3.2.1 (user:password@ in the userinfo; not at RFC 2606 example hosts)',
    hint: /:\/\/[^\s:@/?#]{0,100}:[^\s@/?#]{1,200}@/,
    pattern:
      /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,19}:\/\/[^\s:@/?#'"\x60<>\\]{0,100}:(?<secret>[^\s@/?#'"\x60<>\\]{4,200})@(?![\w.-]*\bexample(?:\.(?:com|org|net))?(?![\w.-]))(?=[A-Za-z0-9[])/dg,
    accept: (secret) => notPlaceholder(secret) && !/^(?:pass(?:word|wd)?|secret|pw|pwd|x-oauth-basic)$/i.test(secret),
  },
  {
    kind: 'secret in an assignment',
    source: 'https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/generic.go (a credential-named key and a random-looking value)',
    hint: /pass|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credential/i,
    pattern: assigned(
      String.raw`pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?`,
      String.raw`[^\s"'\x60,;\\]{8,200}`,
      '',
    ),
    accept: looksLikeSecretValue,
  },
];

/** The name a match assigns to: from where the match starts (a credential's word, perhaps inside a longer name) back to the name's start, up to the value. */
function keyBefore(text: string, matchStart: number, secretStart: number): string {
  let start = matchStart;
  while (start > 0 && start > matchStart - 200 && /[\w$.-]/.test(text.charAt(start - 1))) start--;
  return text.slice(start, secretStart);
}

/** Every match of every format in `text`, the secret's own range each. */
export function providerFindings(text: string, formats: ProviderFormat[] = PROVIDER_FORMATS): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const format of formats) {
    if (!format.hint.test(text)) continue;
    for (const match of text.matchAll(format.pattern)) {
      const [start, end] = match.indices?.groups?.secret ?? match.indices![0];
      if (
        format.accept &&
        !format.accept(text.slice(start, end), { before: text.charAt(start - 1), after: text.charAt(end), key: keyBefore(text, match.index, start) })
      )
        continue;
      found.push({ start, end, kind: format.kind });
    }
  }
  return found;
}
