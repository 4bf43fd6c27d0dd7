import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { holdsRedaction, REDACTION_PREFIX, redactionMarker } from '../../src/core/screen/marker';
import { mayHoldSecret } from '../../src/core/screen/prefilter';
import { findSecrets, redact, redactSecrets, SecretFinding } from '../../src/core/screen/secrets';
import { corpusFile } from '../support/corpus';
import { leakedPiece, SECRET_CONTEXTS, secretFile, secretShapes, smuggledShapes } from '../support/secretShapes';

const ROOT = path.resolve(__dirname, '../../..');
const npm = (file: string) => path.join(ROOT, 'node_modules', file);
/** Go's crypto/tls example: an EC private key in a raw string literal, lines 139-143 (bench corpus, scripts/setup-bench-corpus.sh). */
const GO_TLS_EXAMPLE = '/usr/share/go-1.19/src/crypto/tls/example_test.go';

const lines = (text: string, from: number, to: number) =>
  text
    .split('\n')
    .slice(from - 1, to)
    .join('\n');
const covered = (findings: SecretFinding[], start: number, end: number) => findings.some((f) => f.start <= start && f.end >= end);

describe('credentials found on the raw text, each range exact', () => {
  const shapes = secretShapes();

  it('finds every provider shape in a .env file, covering the whole secret and nothing outside its value', async () => {
    const file = secretFile(
      SECRET_CONTEXTS.find((c) => c.name === '.env')!,
      shapes,
    );
    const found = await findSecrets(file.text);
    for (const { shape, start, end } of file.spans) {
      const at = file.text.indexOf(shape.secret.split('\n')[0], start);
      const mine = found.filter((f) => f.start < end && f.end > start);
      assert.ok(mine.length, `${shape.provider} was not found`);
      assert.ok(covered(mine, at, at + shape.secret.split('\n')[0].length), `${shape.provider}: ${JSON.stringify(mine)} leaves part of the secret at ${at}`);
      assert.ok(
        mine.every((f) => f.start >= start && f.end <= end),
        `${shape.provider}: ${JSON.stringify(mine)} reaches outside the value ${start}-${end}`,
      );
    }
    assert.deepEqual(
      found,
      [...found].sort((a, b) => a.start - b.start),
    );
    for (let i = 1; i < found.length; i++) assert.ok(found[i].start >= found[i - 1].end, 'findings overlap');
  });

  it('withholds an AWS secret access key whole in .ini, .js, .json and .sh: none of it stays after the marker', async () => {
    const key = shapes.find((s) => s.name === 'AWS_SECRET_ACCESS_KEY')!.value;
    const cases: [string, string][] = [
      [`[default]\naws_secret_access_key = ${key}\n`, '[default]\naws_secret_access_key = [redacted: AWS Secret Access Key]\n'],
      [`const awsSecretAccessKey = '${key}';\n`, "const awsSecretAccessKey = '[redacted: AWS Secret Access Key]';\n"],
      [`{ "AWS_SECRET_ACCESS_KEY": "${key}" }`, '{ "AWS_SECRET_ACCESS_KEY": "[redacted: AWS Secret Access Key]" }'],
      [`export AWS_SECRET_ACCESS_KEY=${key}\n`, 'export AWS_SECRET_ACCESS_KEY=[redacted: AWS Secret Access Key]\n'],
    ];
    for (const [text, expected] of cases) {
      const found = await findSecrets(text);
      assert.deepEqual(found, [{ start: text.indexOf(key), end: text.indexOf(key) + key.length, kind: 'AWS Secret Access Key' }]);
      assert.equal(redact(text, found), expected);
    }
  });

  it('finds AWS key ids, Stripe live keys, Google API keys and OpenAI keys at their exact offsets', async () => {
    const pick = (name: string) => shapes.find((s) => s.name === name)!.value;
    const values = ['AWS_ACCESS_KEY_ID', 'STRIPE_SECRET_KEY', 'GOOGLE_API_KEY', 'OPENAI_API_KEY'].map(pick);
    const text = `const keys = {\n  aws: "${values[0]}",\n  stripe: '${values[1]}',\n  google: \`${values[2]}\`,\n  openai: "${values[3]}",\n};\n`;
    const kinds = ['AWS Access Key ID', 'Stripe key', 'Google API key', 'OpenAI API token'];
    assert.deepEqual(
      await findSecrets(text),
      values.map((v, i) => ({ start: text.indexOf(v), end: text.indexOf(v) + v.length, kind: kinds[i] })),
    );
    // AWS's own documentation example is nobody's key.
    assert.deepEqual(await findSecrets('aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n'), []);
  });

  it('finds an assignment held whole inside a string or docstring, ended by its closing quote, and a Stripe key glued after an underscore', async () => {
    const secret = 'q8Fz2Lw9Rk3Tn7Vb1Xc5Md0Hs4Jg6Pe8Ya2Ui7O';
    const stripe = shapes.find((s) => s.name === 'STRIPE_SECRET_KEY')!.value;
    const text = [
      'def start():',
      `    """Run with AWS_SECRET_ACCESS_KEY=${secret}"""`,
      `    return ['password=Xq7hT2pLm9VzRw4K', "token=${secret}", \`api_key=${secret}.\`]`,
      `    prod_${stripe} = 1`,
      '',
    ].join('\n');
    assert.deepEqual(
      (await findSecrets(text)).map((f) => [text.slice(f.start, f.end), f.kind]),
      [
        [secret, 'secret in an assignment'],
        ['Xq7hT2pLm9VzRw4K', 'secret in an assignment'],
        [secret, 'secret in an assignment'],
        [`${secret}.`, 'secret in an assignment'],
        [stripe, 'Stripe key'],
      ],
    );
    assert.equal(text.charAt(text.indexOf(stripe) - 1), '_', 'the Stripe key is glued to a name');
  });

  it('finds a private key in a template literal whole, plain and numbered N<TAB>line as Skim prints reads', async () => {
    const go = readFileSync(GO_TLS_EXAMPLE, 'utf8');
    const block = lines(go, 139, 143);
    const start = block.indexOf('-----BEGIN');
    const end = block.indexOf('-----`)') + 5;
    assert.deepEqual(await findSecrets(block), [{ start, end, kind: 'EC private key' }]);
    const numbered = block
      .split('\n')
      .map((l, i) => `${139 + i}\t${l}`)
      .join('\n');
    const out = redact(numbered, await findSecrets(numbered));
    assert.equal(out, '139\t\tkeyPem := []byte(`[redacted: EC private key]`)');
  });

  it('finds a private key whose body runs past 64 KB (1,200 key lines, as a PGP key with a photo) whole, from BEGIN to END', async () => {
    const go = readFileSync(GO_TLS_EXAMPLE, 'utf8').split('\n');
    // Go's EC key with its first two body lines repeated: 1,200 lines of 64 base64 characters.
    const body = Array.from({ length: 600 }, () => go.slice(139, 141)).flat();
    const block = [go[138], ...body, go[141], go[142]].join('\n');
    assert.ok(block.length > 76_000);
    const start = block.indexOf('-----BEGIN');
    assert.deepEqual(await findSecrets(block), [{ start, end: block.indexOf('-----`)') + 5, kind: 'EC private key' }]);
    assert.equal(redact(block, await findSecrets(block)), '\tkeyPem := []byte(`[redacted: EC private key]`)');
  });

  it('withholds the part of a private key a window holds when the window cuts its block, at either end', async () => {
    const go = readFileSync(GO_TLS_EXAMPLE, 'utf8');
    // The window begins inside the block: its key lines and the END line are withheld from the window's start.
    const tail = lines(go, 141, 150);
    assert.deepEqual(await findSecrets(tail), [{ start: 0, end: tail.indexOf('-----`)') + 5, kind: 'EC private key' }]);
    assert.equal(redact(tail, await findSecrets(tail)).split('\n')[0], '[redacted: EC private key]`)');
    // The window ends inside the block: from BEGIN to the window's end.
    const head = lines(go, 130, 141);
    assert.deepEqual(await findSecrets(head), [{ start: head.indexOf('-----BEGIN'), end: head.length, kind: 'EC private key' }]);
    // Numbered as Skim prints a read.
    const window = lines(go, 137, 141)
      .split('\n')
      .map((l, i) => `${137 + i}\t${l}`)
      .join('\n');
    const found = await findSecrets(window);
    assert.equal(found.length, 1);
    assert.equal(leakedPiece(redact(window, found), lines(go, 140, 141)), undefined);
  });

  it('finds a private key whole whatever its line breaks: NEL, a lone CR, U+2028, U+2029, a vertical tab or a form feed', async () => {
    const block = lines(readFileSync(GO_TLS_EXAMPLE, 'utf8'), 139, 143);
    for (const [name, separator] of Object.entries({ NEL: '\u0085', CR: '\r', LS: '\u2028', PS: '\u2029', VT: '\v', FF: '\f' })) {
      const text = block.replace(/\n/g, separator);
      assert.equal(redact(text, await findSecrets(text)), '\tkeyPem := []byte(`[redacted: EC private key]`)', name);
    }
  });

  it('finds a private key whole whatever escape or ASCII separator stands for its line breaks: \\x0a, \\u000a, \\012, %0A, &#10;, &#xA;, \\u2028, \\r, U+001C to U+001F', async () => {
    const block = lines(readFileSync(GO_TLS_EXAMPLE, 'utf8'), 139, 143);
    const separators = ['\\x0a', '\\u000a', '\\012', '%0A', '&#10;', '&#xA;', '\\u2028', '\\r', '\x1c', '\x1d', '\x1e', '\x1f'];
    for (const separator of separators) {
      const text = block.replace(/\n/g, separator);
      assert.equal(redact(text, await findSecrets(text)), '\tkeyPem := []byte(`[redacted: EC private key]`)', JSON.stringify(separator));
    }
    // Flattened with tabs, its last line short and a space before END, as a log line holds it.
    const flat = block.replace(/\n/g, '\t').replace('\t-----END', ' -----END');
    assert.equal(redact(flat, await findSecrets(flat)), '\tkeyPem := []byte(`[redacted: EC private key]`)');
  });

  it("redacts a value assigned to a credential's name in an env file unless it refers to another, and the tokens a Slack app, curl -u, a zero-width space or full-width letters carried past", async () => {
    const GHP = `ghp_${'R8x2Lq7VnT4kPz9WcY3mHb6JdF1sGa5Ue0Qo'}`;
    const planted = {
      'DB_PASSWORD=': 'hunter2-Correct-Battery',
      'export DB_PASSWORD=': 'correct-horse-battery-staple',
      'SMTP_PASSWORD=': 'q8$Lm2!zR7',
      'DJANGO_SECRET_KEY=': 'django-insecure-k2#x!9z@v$w8q7p6o5n4m3l2',
      'API_KEY=': `${'Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3Wx4Yz5A'}==`,
      'password=': 's3cr3tP4ss',
      'PGPASSWORD=': 's3cr3tP4ss',
      'SLACK_APP_TOKEN=': ['xapp', '1', 'A012ABCDEFG', '1234567890123', '0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9'].join('-'),
      'curl -u deploy:': 'Tr0ub4dor-Horse-77',
      'token: ': GHP.replace('ghp_', 'ghp\u200b_'),
      'full width: ': [...'ghp_'].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('') + GHP.slice(4),
    };
    const references = [
      'DB_PASSWORD=$POSTGRES_PASSWORD',
      'API_KEY=${API_KEY}',
      'SECRET_KEY=',
      'TOKEN=your-token-here',
      'PASSWORD=%DB_PASSWORD%',
      'AUTH_TOKEN=$(cat /run/secrets/token)',
      '    password=password,',
      '    token=self.token)',
    ];
    // Planted under a real file's own lines (python3.11's shlex), which hold no credential.
    const real = readFileSync('/usr/lib/python3.11/shlex.py', 'utf8');
    const text = `${real}${Object.entries(planted)
      .map(([name, value]) => `${name}${value}`)
      .join('\n')}\n${references.join('\n')}\n`;
    const shown = redact(text, await findSecrets(text)).split('\n');
    const tail = shown.slice(real.split('\n').length - 1);
    assert.deepEqual(shown.slice(0, real.split('\n').length - 1), real.split('\n').slice(0, -1), 'the real file is left as it is');
    for (const [i, [name, value]] of Object.entries(planted).entries()) {
      assert.match(tail[i], new RegExp(`^${name.replace(/[$]/g, '\\$')}\\[redacted: [^\\]]+\\]$`), `${name}${value}`);
    }
    assert.deepEqual(tail.slice(Object.keys(planted).length, -1), references);
  });

  it("leaves a constant whose value spells its own name (msal-common's error codes), and still redacts a password that only begins with its key's word", async () => {
    // An error code as @azure/msal-common 15 declares it, and a setting's name as its own value: the key's own words, another case.
    const names = [
      'export const tokenClaimsCnfRequiredForSignedJwt = "token_claims_cnf_required_for_signedjwt";',
      "PASSWORD_HASHER_PBKDF2 = 'password_hasher_pbkdf2'",
    ];
    const text = `${names.join('\n')}\npassword = "password9Xk2Lq"\nsecretToken = "secretTokenQ7v2Zp9W"\n`;
    assert.equal(
      redact(text, await findSecrets(text)),
      `${names.join('\n')}\npassword = "[redacted: secret in an assignment]"\nsecretToken = "[redacted: secret in an assignment]"\n`,
    );
  });

  it('redacts a Slack app token whole after a dash, as a file name holds it (slack-xapp-….py): secretlint stopped at its last dash and left the secret part', async () => {
    const [slack] = smuggledShapes(4);
    for (const text of [`slack-${slack.value}.py`, `backup-${slack.value}`, `token ${slack.value} here`]) {
      const shown = redact(text, await findSecrets(text));
      assert.equal(leakedPiece(shown, slack.secret), undefined, shown);
      assert.equal(shown, text.replace(slack.value, '[redacted: Slack token]'));
    }
  });

  it('leaves code that names the PEM markers alone (jose parsing keys, vsce scanning for them)', async () => {
    for (const file of [
      corpusFile('jose', 'dist/webapi/key/import.js'),
      corpusFile('jose', 'dist/webapi/lib/asn1.js'),
      npm('@vscode/vsce/out/secretLint.js'),
    ]) {
      const text = readFileSync(file, 'utf8');
      assert.ok(text.includes('PRIVATE KEY'), file);
      assert.deepEqual(await findSecrets(text), [], file);
    }
  });

  it('keeps exact offsets in CRLF text and in text decoded from invalid UTF-8', async () => {
    const token = shapes.find((s) => s.name === 'GITHUB_TOKEN')!.value;
    const crlf = `[auth]\r\ntoken = ${token}\r\nuser = ci\r\n`;
    assert.deepEqual(await findSecrets(crlf), [{ start: crlf.indexOf(token), end: crlf.indexOf(token) + token.length, kind: 'GitHub Token' }]);
    const pem = lines(readFileSync(GO_TLS_EXAMPLE, 'utf8'), 139, 143).replace(/\n/g, '\r\n');
    assert.equal(redact(pem, await findSecrets(pem)), '\tkeyPem := []byte(`[redacted: EC private key]`)');
    const broken = Buffer.concat([
      Buffer.from('x = "\xff\xfe'),
      Buffer.from([0xc3, 0x28, 0xa0, 0xa1]),
      Buffer.from(`"\nSTRIPE_KEY=${shapes[6].value}\n`),
    ]).toString('utf8');
    const found = await findSecrets(broken);
    assert.deepEqual(found, [{ start: broken.indexOf(shapes[6].value), end: broken.indexOf(shapes[6].value) + shapes[6].value.length, kind: 'Stripe key' }]);
  });

  it('finds nothing in real files that look secret-ish: lockfile hashes, go.sum, UUIDs, base64 test vectors, token and password constants', async () => {
    const files = [
      // Constants and arguments named for tokens and passwords whose values are names or code: token.py's table, the mail and FTP clients' login(user, password), Go's PlainAuth.
      '/usr/lib/python3.11/token.py',
      '/usr/lib/python3.11/smtplib.py',
      '/usr/lib/python3.11/imaplib.py',
      '/usr/lib/python3.11/netrc.py',
      '/usr/share/go-1.19/src/net/smtp/auth.go',
      '/usr/share/go-1.19/src/crypto/tls/common.go',
      npm('gpt-tokenizer/cjs/encodingParams/constants.js'),
      npm('prettier/index.mjs'),
      path.join(ROOT, 'package-lock.json'),
      npm('.package-lock.json'),
      '/usr/share/go-1.19/src/go.sum',
      '/usr/share/go-1.19/src/encoding/base64/base64_test.go',
      npm('@vscode/vsce/out/auth.js'),
    ];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      assert.deepEqual(await findSecrets(text), [], file);
    }
  });

  it('a 10 MB text with no candidate is cleared by the prefilter without loading a rule; requiring the detector loads none', () => {
    const script = `
      const secrets = require(${JSON.stringify(path.join(ROOT, 'out/src/core/screen/secrets.js'))});
      const probe = require(${JSON.stringify(path.join(ROOT, 'out/src/core/screen/secretlintRules.js'))});
      const loaded = () => Object.keys(require.cache).filter((k) => k.includes('@secretlint'));
      const atStart = loaded().length;
      const text = 'export function fn(n: number): number {\\n  return n + 1; // the sum\\n}\\n'.repeat(150000);
      secrets.findSecrets(text).then(async (found) => {
        const cleared = { atStart, found: found.length, bytes: text.length, loaded: loaded().length, probe: probe.secretlintLoaded() };
        await secrets.findSecrets('token: ${shapes[0].value}');
        process.stdout.write(JSON.stringify({ ...cleared, afterCandidate: probe.secretlintLoaded() && loaded().length > 0 }));
      });`;
    const result = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
    assert.ok(result.bytes > 10_000_000);
    assert.deepEqual(result, { atStart: 0, found: 0, bytes: result.bytes, loaded: 0, probe: false, afterCandidate: true });
  });

  it('the prefilter passes every shape in every context (no detector can find what it rules out)', () => {
    for (const context of SECRET_CONTEXTS) {
      for (const shape of shapes) assert.ok(mayHoldSecret(secretFile(context, [shape]).text), `${shape.provider} in ${context.name}`);
    }
  });

  it('one marker per finding, saying what it stood for; redactSecrets reports each with its line', async () => {
    assert.equal(redactionMarker('GitHub Token'), '[redacted: GitHub Token]');
    assert.equal(redactionMarker('odd]\nkind'), '[redacted: odd  kind]');
    assert.ok(holdsRedaction(`x = "${REDACTION_PREFIX}Stripe key]"`));
    assert.ok(!holdsRedaction('x = "[redacted]"'));
    const text = `a\nb = "${shapes[0].value}"\n\nc = '${shapes[6].value}'\n`;
    const { text: out, redactions } = await redactSecrets(text);
    assert.equal(out, `a\nb = "[redacted: GitHub Token]"\n\nc = '[redacted: Stripe key]'\n`);
    assert.deepEqual(redactions, [
      { kind: 'GitHub Token', line: 2 },
      { kind: 'Stripe key', line: 4 },
    ]);
  });
});
