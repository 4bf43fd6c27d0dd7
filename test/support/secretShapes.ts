/**
 * Credentials in the shape of each provider's, generated here on every run (never stored, never
 * anyone's): the right prefix, length, alphabet and, where the format has one, checksum (GitHub's
 * and npm's CRC32, age's Bech32); private keys freshly made by node:crypto. Each shape names the
 * variable it is usually kept in, and the part of its value that must never be shown (a URL's
 * password, a key's body lines). The same generator with the same seed gives the same shapes.
 */
import { createECDH, generateKeyPairSync } from 'node:crypto';

export interface SecretShape {
  provider: string;
  /** The variable people keep it in (some detectors need the name: AWS_SECRET_ACCESS_KEY). */
  name: string;
  /** What the file holds. */
  value: string;
  /** What must not be shown: the value, or the part of it that is the credential. */
  secret: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const BASE64 = `${BASE62}+/`;
const URLSAFE = `${BASE62}_-`;
const UPPER32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** mulberry32: a small seeded generator, so a failing shape can be made again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(n: number, width: number): string {
  let out = '';
  for (let v = n; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(width, '0');
}

/** Bech32 (BIP 173) checksum over the human-readable part and 5-bit data. */
function bech32Checksum(hrp: string, data: number[]): number[] {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (values: number[]) => {
    let chk = 1;
    for (const v of values) {
      const top = chk >>> 25;
      chk = ((chk & 0x1ffffff) << 5) ^ v;
      for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i];
    }
    return chk;
  };
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >>> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  return Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
}

const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** A PEM body's lines (the part a window can cut), without its markers. */
function bodyOf(pem: string): string {
  return pem
    .split('\n')
    .filter((l) => l && !l.startsWith('-----') && !/^[A-Za-z-]+: /.test(l))
    .join('\n');
}

function wrap(base64: string, width: number): string {
  return base64.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');
}

/** Every provider shape, single-line first, then the private keys. */
export function secretShapes(seed = 1): SecretShape[] {
  const next = random(seed);
  const of = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  const digits = (n: number) => String(1 + Math.floor(next() * 9)) + of('0123456789', n - 1);
  const checksummed = (prefix: string) => {
    const body = of(BASE62, 30);
    return `${prefix}${body}${base62(crc32(body), 6)}`;
  };
  const plain = (provider: string, name: string, value: string): SecretShape => ({ provider, name, value, secret: value });
  const inside = (provider: string, name: string, value: string, secret: string): SecretShape => ({ provider, name, value, secret });

  const awsSecret = of(BASE64, 40);
  const password = `${of(LETTERS, 3)}${of('0123456789', 2)}#${of(LETTERS, 4)}!${of(BASE62, 5)}`;
  const dbPassword = of(BASE62, 18);
  const mongoPassword = of(BASE62, 16);
  const redisPassword = of(BASE62, 20);
  const basicPassword = of(BASE62, 14);
  const bearer = of(URLSAFE, 40);
  const azureKey = `${of(BASE64, 86)}==`;
  const slackPath = `T${of(UPPER32, 8)}/B${of(UPPER32, 10)}/${of(BASE62, 24)}`;
  const ageData = Array.from({ length: 52 }, () => Math.floor(next() * 32));
  const age = `AGE-SECRET-KEY-1${[...ageData, ...bech32Checksum('age-secret-key-', ageData)]
    .map((v) => BECH32[v])
    .join('')
    .toUpperCase()}`;
  const jwt = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(`{"sub":"${digits(9)}","role":"admin","iat":${digits(10)}}`)}.${of(URLSAFE, 43)}`;
  // 1Password's token is base64 of a JSON object; secretlint's rule expects its closing brace at a whole base64 group (fQ==).
  const onePasswordJson = (json: string): string => (json.length % 3 === 1 ? json : onePasswordJson(`${json.slice(0, -1)} }`));
  const onePassword = `ops_${Buffer.from(onePasswordJson(JSON.stringify({ signInAddress: 'my.1password.com', userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: of(URLSAFE, 22) }, email: `${of(LETTERS, 12).toLowerCase()}@1passwordserviceaccounts.com`, srpX: of(HEX, 64), muk: { alg: 'A256GCM', ext: true, k: of(URLSAFE, 43), key_ops: ['encrypt', 'decrypt'], kty: 'oct', kid: 'mp' }, secretKey: `A3-${of(UPPER32, 6)}-${of(UPPER32, 6)}`, throttleSecret: { seed: of(HEX, 64), deviceUuid: of(BASE62, 26).toLowerCase() }, deviceUuid: of(BASE62, 26).toLowerCase() }))).toString('base64')}`;
  const sentryPayload = Buffer.from(JSON.stringify({ iat: Number(digits(10)), url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: 'acme' }))
    .toString('base64')
    .replace(/=+$/, '');

  const single: SecretShape[] = [
    plain('GitHub personal access token', 'GITHUB_TOKEN', checksummed('ghp_')),
    plain('GitHub OAuth token', 'GH_OAUTH_TOKEN', checksummed('gho_')),
    plain('GitHub fine-grained token', 'GITHUB_FINE_GRAINED_TOKEN', `github_pat_${of(BASE62, 22)}_${of(BASE62, 59)}`),
    plain('GitLab personal access token', 'GITLAB_TOKEN', `glpat-${of(URLSAFE, 20)}`),
    plain('Slack bot token', 'SLACK_BOT_TOKEN', `xoxb-${digits(12)}-${digits(13)}-${of(BASE62, 24)}`),
    inside('Slack incoming webhook', 'SLACK_WEBHOOK_URL', `https://hooks.slack.com/services/${slackPath}`, slackPath),
    plain('Stripe live secret key', 'STRIPE_SECRET_KEY', `sk_live_${of(BASE62, 99)}`),
    plain('Stripe restricted key', 'STRIPE_RESTRICTED_KEY', `rk_live_${of(BASE62, 24)}`),
    plain('Stripe webhook secret', 'STRIPE_WEBHOOK_SECRET', `whsec_${of(BASE62, 32)}`),
    plain('Google API key', 'GOOGLE_API_KEY', `AIza${of(URLSAFE, 35)}`),
    plain('Google OAuth client secret', 'GOOGLE_CLIENT_SECRET', `GOCSPX-${of(URLSAFE, 28)}`),
    plain('Google OAuth access token', 'GOOGLE_ACCESS_TOKEN', `ya29.a0${of(URLSAFE, 150)}`),
    plain('AWS access key ID', 'AWS_ACCESS_KEY_ID', `AKIA${of(UPPER32, 16)}`),
    plain('AWS secret access key', 'AWS_SECRET_ACCESS_KEY', awsSecret),
    plain('AWS session token', 'AWS_SESSION_TOKEN', `IQoJb3JpZ2luX2VjE${of(BASE64, 340)}`),
    plain('OpenAI project key', 'OPENAI_API_KEY', `sk-proj-${of(URLSAFE, 74)}T3BlbkFJ${of(URLSAFE, 74)}`),
    plain('OpenAI legacy key', 'OPENAI_KEY', `sk-${of(BASE62, 20)}T3BlbkFJ${of(BASE62, 20)}`),
    plain('Anthropic API key', 'ANTHROPIC_API_KEY', `sk-ant-api03-${of(URLSAFE, 93)}AA`),
    plain('npm access token', 'NPM_TOKEN', checksummed('npm_')),
    plain('PyPI API token', 'PYPI_TOKEN', `pypi-AgEIcHlwaS5vcmc${of(URLSAFE, 120)}`),
    plain('SendGrid API key', 'SENDGRID_API_KEY', `SG.${of(URLSAFE, 22)}.${of(URLSAFE, 43)}`),
    plain('Twilio API key', 'TWILIO_API_KEY', `SK${of(HEX, 32)}`),
    plain('Twilio auth token', 'TWILIO_AUTH_TOKEN', of(HEX, 32)),
    plain('Mailgun API key', 'MAILGUN_KEY', `key-${of(HEX, 32)}`),
    plain('Mailchimp API key', 'MAILCHIMP_API_KEY', `${of(HEX, 32)}-us${1 + Math.floor(next() * 20)}`),
    plain('Shopify access token', 'SHOPIFY_ACCESS_TOKEN', `shpat_${of(HEX, 32)}`),
    plain('Square access token', 'SQUARE_ACCESS_TOKEN', `EAAA${of(URLSAFE, 60)}`),
    plain('Heroku API key', 'HEROKU_API_KEY', `HRKU-AA${of(URLSAFE, 58)}`),
    plain('DigitalOcean token', 'DIGITALOCEAN_TOKEN', `dop_v1_${of(HEX, 64)}`),
    inside(
      'Azure storage connection string',
      'AZURE_STORAGE_CONNECTION_STRING',
      `DefaultEndpointsProtocol=https;AccountName=acme${of(HEX, 6)};AccountKey=${azureKey};EndpointSuffix=core.windows.net`,
      azureKey,
    ),
    plain('Azure client secret', 'AZURE_CLIENT_SECRET', `${of(BASE62, 3)}${digits(1)}Q~${of(`${BASE62}_~.-`, 34)}`),
    plain('JSON Web Token', 'SESSION_JWT', jwt),
    plain('Hugging Face token', 'HF_TOKEN', `hf_${of(LETTERS, 34)}`),
    plain('Databricks token', 'DATABRICKS_TOKEN', `dapi${of(HEX, 32)}`),
    plain('HashiCorp Vault token', 'VAULT_TOKEN', `hvs.${of(URLSAFE, 92)}`),
    plain('Terraform Cloud token', 'TFE_TOKEN', `${of(BASE62, 14)}.atlasv1.${of(URLSAFE, 67)}`),
    plain('Postman API key', 'POSTMAN_API_KEY', `PMAK-${of(HEX, 24)}-${of(HEX, 34)}`),
    plain('Doppler token', 'DOPPLER_TOKEN', `dp.pt.${of(BASE62, 43)}`),
    plain('Atlassian API token', 'JIRA_API_TOKEN', `ATATT3${of(URLSAFE, 186)}`),
    plain('Grafana service account token', 'GRAFANA_TOKEN', `glsa_${of(BASE62, 32)}_${of(HEX, 8)}`),
    plain('Telegram bot token', 'TELEGRAM_BOT_TOKEN', `${digits(10)}:AA${of(URLSAFE, 33)}`),
    plain('age secret key', 'AGE_SECRET_KEY', age),
    plain('New Relic API key', 'NEW_RELIC_API_KEY', `NRAK-${of('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 27)}`),
    plain('Linear API key', 'LINEAR_API_KEY', `lin_api_${of(BASE62, 40)}`),
    plain('1Password service account token', 'OP_SERVICE_ACCOUNT_TOKEN', onePassword),
    plain('Sentry auth token', 'SENTRY_AUTH_TOKEN', `sntrys_${sentryPayload}_${of(BASE62, 43)}`),
    plain('Supabase access token', 'SUPABASE_ACCESS_TOKEN', `sbp_${of(HEX, 40)}`),
    plain('Notion token', 'NOTION_TOKEN', `ntn_${digits(11)}${of(BASE62, 35)}`),
    plain('Firebase Cloud Messaging server key', 'FCM_SERVER_KEY', `AAAA${of(URLSAFE, 7)}:APA91b${of(URLSAFE, 134)}`),
    plain('Mapbox secret token', 'MAPBOX_SECRET_TOKEN', `sk.eyJ1${of(URLSAFE, 60)}.${of(URLSAFE, 22)}`),
    plain('Dropbox access token', 'DROPBOX_TOKEN', `sl.${of(URLSAFE, 140)}`),
    plain('Figma token', 'FIGMA_TOKEN', `figd_${of(URLSAFE, 40)}`),
    plain('Airtable token', 'AIRTABLE_TOKEN', `pat${of(BASE62, 14)}.${of(HEX, 64)}`),
    plain('Pulumi access token', 'PULUMI_ACCESS_TOKEN', `pul-${of(HEX, 40)}`),
    plain('Cloudflare Origin CA key', 'CF_ORIGIN_CA_KEY', `v1.0-${of(HEX, 24)}-${of(HEX, 146)}`),
    inside('PostgreSQL URL with a password', 'DATABASE_URL', `postgres://app:${dbPassword}@db.internal.acme.net:5432/app`, dbPassword),
    inside('MongoDB URL with a password', 'MONGODB_URI', `mongodb+srv://svc:${mongoPassword}@cluster0.acme.mongodb.net/prod`, mongoPassword),
    inside('Redis URL with a password', 'REDIS_URL', `redis://default:${redisPassword}@cache.acme.net:6379/0`, redisPassword),
    inside('HTTPS URL with a password', 'MIRROR_URL', `https://deploy:${basicPassword}@mirror.acme.net/repo`, basicPassword),
    inside('Authorization header', 'AUTHORIZATION', `Bearer ${bearer}`, bearer),
    plain('password in an assignment', 'DB_PASSWORD', password),
    plain('API key in an assignment', 'PAYMENTS_API_KEY', of(BASE62, 32)),
  ];

  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const ed = generateKeyPairSync('ed25519').privateKey;
  const pem = (type: 'pkcs1' | 'pkcs8' | 'sec1', key = rsa) => key.export({ type, format: 'pem' }).toString().trim();
  const encrypted = ed
    .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: of(BASE62, 16) })
    .toString()
    .trim();
  // OpenSSH's format (PROTOCOL.key): the magic "openssh-key-v1\0", then the key's fields; node:crypto writes no such file.
  const openssh = `-----BEGIN OPENSSH PRIVATE KEY-----\n${wrap(Buffer.concat([Buffer.from('openssh-key-v1\0'), Buffer.from(createECDH('prime256v1').generateKeys()), Buffer.from(of(BASE64, 240))]).toString('base64'), 70)}\n-----END OPENSSH PRIVATE KEY-----`;
  const pgpBody = wrap(Buffer.from(of(BASE64, 900)).toString('base64'), 64);
  const pgp = `-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: generated by the Skim bench\n\n${pgpBody}\n=${of(BASE64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----`;
  const key = (provider: string, name: string, block: string): SecretShape => ({ provider, name, value: block, secret: bodyOf(block) });
  return [
    ...single,
    key('RSA private key (PKCS #1)', 'TLS_PRIVATE_KEY', pem('pkcs1')),
    key('private key (PKCS #8)', 'SIGNING_KEY', pem('pkcs8', ec)),
    key('EC private key (SEC 1)', 'EC_PRIVATE_KEY', pem('sec1', ec)),
    key('encrypted private key (PKCS #8)', 'ENCRYPTED_KEY', encrypted),
    key('OpenSSH private key', 'DEPLOY_KEY', openssh),
    key('PGP private key block', 'PGP_PRIVATE_KEY', pgp),
    // A Kubernetes TLS secret's tls.key: the PEM block in base64, on one line.
    plain('base64-encoded private key', 'TLS_KEY_BASE64', Buffer.from(pem('pkcs8', ec)).toString('base64')),
  ];
}

/**
 * The first piece of `secret` (8 characters or more, within one of its lines) that `output`
 * shows, or undefined when none is shown: the leak check of every channel.
 */
export function leakedPiece(output: string, secret: string): string | undefined {
  for (const segment of secret.split(/\s+/)) {
    for (let i = 0; i + 8 <= segment.length; i++) {
      const piece = segment.slice(i, i + 8);
      if (output.includes(piece)) return piece;
    }
  }
  return undefined;
}

/** The shapes `output` leaks a piece of. */
export function leakedShapes(output: string, shapes: SecretShape[]): SecretShape[] {
  return shapes.filter((s) => leakedPiece(output, s.secret) !== undefined);
}

/** A file of one kind holding shapes, and where each shape's value was written in it. */
export interface SecretFile {
  name: string;
  text: string;
  spans: { shape: SecretShape; start: number; end: number }[];
}

const camel = (name: string) => name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/**
 * The contexts credentials are kept in: an .ini section, a .js template literal, a .json
 * object, a .sh export, a .env line, a .py assignment, a .yaml mapping, a .ts template
 * literal (where private keys usually end up), and Python docstrings, which put each value in a
 * map's note and, past 200 lines, in the hook's answer. Multi-line values take each format's own
 * multi-line form (an indented continuation, JSON's \n, a block scalar, a triple-quoted string).
 */
export const SECRET_CONTEXTS: {
  name: string;
  file: string;
  header: string;
  entry(shape: SecretShape, value: string): [before: string, value: string, after: string];
  footer: string;
}[] = [
  {
    name: '.ini',
    file: 'credentials.ini',
    header: '; service credentials\n[default]\nregion = eu-west-1\n',
    entry: (s, v) => [`${s.name.toLowerCase()} = `, indent(v, '    '), '\n'],
    footer: '',
  },
  {
    name: '.js template literal',
    file: 'config.js',
    header: "'use strict';\n\n",
    entry: (s, v) => [`export const ${camel(s.name)} = \``, v, '`;\n'],
    footer: '',
  },
  {
    name: '.json',
    file: 'secrets.json',
    header: '{\n  "service": "payments",\n',
    entry: (s, v) => [`  "${camel(s.name)}": "`, JSON.stringify(v).slice(1, -1), '",\n'],
    footer: '  "version": 3\n}\n',
  },
  { name: '.sh export', file: 'deploy.sh', header: '#!/bin/sh\nset -eu\n', entry: (s, v) => [`export ${s.name}="`, v, '"\n'], footer: 'exec ./run\n' },
  {
    name: '.env',
    file: '.env',
    header: '# local settings\nNODE_ENV=production\n',
    entry: (s, v) => (v.includes('\n') ? [`${s.name}="`, v, '"\n'] : [`${s.name}=`, v, '\n']),
    footer: '',
  },
  {
    name: '.py',
    file: 'settings.py',
    header: 'import os\n\nDEBUG = False\n',
    entry: (s, v) => (v.includes('\n') ? [`${s.name} = """`, v, '"""\n'] : [`${s.name} = "`, v, '"\n']),
    footer: '',
  },
  {
    name: '.yaml',
    file: 'values.yaml',
    header: 'replicaCount: 2\nenv:\n',
    entry: (s, v) => (v.includes('\n') ? [`  ${camel(s.name)}: |\n    `, indent(v, '    '), '\n'] : [`  ${camel(s.name)}: "`, v, '"\n']),
    footer: '',
  },
  {
    name: '.ts template literal',
    file: 'keys.ts',
    header: "import { createSign } from 'node:crypto';\n\n",
    entry: (s, v) => [`export const ${camel(s.name)}: string = \``, v, '`;\n'],
    footer: '',
  },
  {
    name: '.py docstrings',
    file: 'clients.py',
    header: '"""Clients of the services this job calls."""\n\n',
    entry: (s, v) => [`def use_${s.name.toLowerCase()}(): """Set ${s.name}=`, v, ' first."""\n'],
    // Past 200 lines, so that the hook shortens a read of it and attaches the map with its notes.
    footer: `\nPADDING = [\n${'    0,\n'.repeat(150)}]\n`,
  },
];

/** One file of the context holding every shape, each on its own line(s). */
export function secretFile(context: (typeof SECRET_CONTEXTS)[number], shapes: SecretShape[]): SecretFile {
  let text = context.header;
  const spans: SecretFile['spans'] = [];
  for (const shape of shapes) {
    const [before, value, after] = context.entry(shape, shape.value);
    text += before;
    spans.push({ shape, start: text.length, end: text.length + value.length });
    text += value + after;
  }
  return { name: context.file, text: text + context.footer, spans };
}

/**
 * The shapes secretlint's rules let through and Skim's own rules catch since issue 36, made from
 * the same seeded generator: a Slack app-level token, a password given to `curl -u`, an env
 * file's password line, a GitHub token split by a zero-width space and one in full-width
 * letters, and an EC private key whose line breaks are written as `\n` escapes (one line, as
 * source code and logs hold it). `secret` is what must never be shown.
 */
export function smuggledShapes(seed = 1): SecretShape[] {
  const next = random(seed * 7919);
  const of = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  const shapes = secretShapes(seed);
  const github = (list: SecretShape[]) => (list.find((s) => s.provider === 'GitHub personal access token') as SecretShape).value.slice('ghp_'.length);
  const ec = shapes.find((s) => s.provider === 'EC private key (SEC 1)') as SecretShape;
  const [split, wide] = [github(shapes), github(secretShapes(seed + 1))];
  const fullWidth = (text: string) => [...text].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
  const slack = ['xapp', '1', `A${of(UPPER32, 10)}`, of('0123456789', 13), of(HEX, 64)].join('-');
  const curl = `${of(LETTERS, 5)}${of('0123456789', 2)}-${of(LETTERS, 6)}-${of(LETTERS, 4)}`;
  const env = `${of(LETTERS, 7).toLowerCase()}-${of(LETTERS, 6)}-${of(LETTERS, 8)}`;
  return [
    { provider: 'Slack app-level token', name: 'SLACK_APP_TOKEN', value: slack, secret: slack },
    { provider: 'password given to curl -u', name: 'CURL', value: `curl -u deploy:${curl}`, secret: curl },
    { provider: "env file's password", name: 'DB_PASSWORD', value: `DB_PASSWORD=${env}`, secret: env },
    { provider: 'GitHub token split by a zero-width space', name: 'GITHUB_TOKEN', value: `ghp\u200b_${split}`, secret: split },
    { provider: 'GitHub token in full-width letters', name: 'GITHUB_TOKEN', value: `${fullWidth('ghp_')}${wide}`, secret: wide },
    { provider: 'EC private key with escaped line breaks', name: 'EC_PRIVATE_KEY', value: ec.value.replace(/\n/g, '\\n'), secret: ec.secret },
  ];
}
