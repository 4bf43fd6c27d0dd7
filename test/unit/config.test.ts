import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { configurationMarkdown, environmentHelp, settingsContribution, untrustedWorkspaces } from '../../src/core/config/describe';
import { OPTION_NAMES, OPTIONS, OptionSpec } from '../../src/core/config/options';
import { optionsFromEnv, optionsFromSettings } from '../../src/core/config/read';
import { usage } from '../../src/cli/help';

const USAGE = usage();

const ROOT = path.resolve(__dirname, '../../..');
const specs = (): OptionSpec[] => OPTION_NAMES.map((name) => OPTIONS[name]);

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );
}

describe('one configuration: every option declared once, and everything people read drawn from it', () => {
  it("package.json's settings are exactly the table's (run npm run config:write after changing it)", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.contributes.configuration, JSON.parse(JSON.stringify(settingsContribution())));
  });

  it('package.json declares limited support in Restricted Mode, and restricts exactly the settings that choose a model or take a safety away (run npm run config:write after changing them)', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces, JSON.parse(JSON.stringify(untrustedWorkspaces())));
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, [
      'skim.guard.lineLimit',
      'skim.editGate',
      'skim.model.vendor',
      'skim.model.family',
      'skim.model.id',
      'skim.model.timeoutSeconds',
      'skim.judge.backend',
      'skim.judge.model',
      'skim.judge.mode',
      'skim.judge.search',
      'skim.judge.locate',
      'skim.judge.screen',
      'skim.judge.verify',
      'skim.judge.route',
      'skim.judge.deadlineMs',
    ]);
  });

  it('docs/configuration.md is exactly the table drawn as text (run npm run config:write after changing it)', () => {
    assert.equal(readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8').trim(), configurationMarkdown().trim());
  });

  it('skim --help names every environment variable the table declares', () => {
    assert.ok(USAGE.includes(environmentHelp()));
    for (const spec of specs()) if (spec.env) assert.ok(USAGE.includes(spec.env), spec.env);
  });

  it("skim --help and docs/configuration.md say a switch's default in the words it takes: SKIM_REDACT [on or off; default on]", () => {
    assert.match(USAGE, /\n {4}SKIM_REDACT \[on or off; default on\]\n/);
    for (const spec of specs().filter((s) => s.type === 'boolean')) {
      const word = spec.default ? 'on' : 'off';
      if (spec.env) assert.ok(USAGE.includes(`${spec.env} [on or off; default ${word}]`), spec.env);
      const row = configurationMarkdown()
        .split('\n')
        .find((line) => line.startsWith(`| ${spec.setting ? `\`${spec.setting}\`` : '—'} | ${spec.env ? `\`${spec.env}\`` : '—'} |`));
      assert.ok(row?.includes(`| \`${word}\` | on or off |`), String(spec.setting ?? spec.env));
    }
  });

  it('skim --help gives each variable its first whole sentence: an "e.g." does not end it', () => {
    assert.match(USAGE, /SKIM_JUDGE_URL .*\n {8}The judge's endpoint \(OpenAI chat completions\), e\.g\. http:\/\/localhost:8000\/v1\.\n/);
    assert.match(USAGE, /SKIM_MODEL_NAME .*\n {8}The model's name at SKIM_MODEL_URL, e\.g\. gpt-4o-mini\.\n/);
  });

  it('no module outside src/core/config reads a SKIM_ variable from the environment', () => {
    const offenders = sources(path.join(ROOT, 'src')).filter(
      (file) => !file.includes(`${path.sep}config${path.sep}`) && /env(\.|\[['"])SKIM_|process\.env\.SKIM_/.test(readFileSync(file, 'utf8')),
    );
    assert.deepEqual(offenders, []);
  });

  it('every setting that names where a stored secret is sent, or turns a safety off, cannot be set by a workspace', () => {
    for (const name of ['teamCacheUrl', 'judgeUrl', 'redactSecrets'] as const)
      assert.ok(['application', 'machine'].includes(OPTIONS[name].scope as string), name);
    for (const spec of specs()) if (spec.secret) assert.equal(spec.setting, undefined, `${spec.env} is a secret and has no setting`);
  });

  it('reads the environment: words for on and off, whole numbers within bounds (one past them moved to the bound, and said), one of the values; anything else is the default, said once', () => {
    const { options, problems } = optionsFromEnv({
      SKIM_REDACT: 'off',
      SKIM_LINE_LIMIT: '50',
      SKIM_JUDGE_MODE: 'loud',
      SKIM_HOOK_BUDGET_MS: '12',
      SKIM_EDIT_GATE: 'strict',
    });
    assert.deepEqual(
      [options.redactSecrets, options.lineLimit, options.judgeMode, options.hookBudgetMs, options.editGate],
      [false, 50, 'advisory', 100, 'strict'],
    );
    assert.deepEqual(problems, [
      'SKIM_HOOK_BUDGET_MS takes a whole number from 100 to 600000; it was 12, so 100 applies',
      'SKIM_JUDGE_MODE takes one of off, advisory, enforcing; it was "loud", so the default "advisory" applies',
    ]);
    assert.deepEqual(optionsFromEnv({ SKIM_LINE_LIMIT: 'lots' }).problems, [
      'SKIM_LINE_LIMIT takes a whole number from 20 to 100000; it was "lots", so the default 200 applies',
    ]);
  });

  it("reads VS Code's settings: a workspace's own value counts only where a workspace may set it", () => {
    const values: Record<string, { globalValue?: unknown; workspaceValue?: unknown }> = {
      'guard.lineLimit': { globalValue: 300, workspaceValue: 120 },
      'teamCache.url': { globalValue: 'postgres://mine@db/skim', workspaceValue: 'postgres://evil@attacker/skim' },
      'judge.url': { workspaceValue: 'http://attacker.invalid/v1' },
      'screen.redactSecrets': { workspaceValue: false },
    };
    const { options } = optionsFromSettings({ inspect: (key) => values[key] }, { SKIM_JUDGE_KEY: 'k' });
    assert.deepEqual(
      [options.lineLimit, options.teamCacheUrl, options.judgeUrl, options.redactSecrets, options.judgeKey],
      [120, 'postgres://mine@db/skim', '', true, 'k'],
    );
  });
});
