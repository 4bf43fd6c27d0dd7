import { GROUPS, Group, OPTION_NAMES, OPTIONS, OptionSpec } from './options';

/**
 * The option table as people read it: the environment variables in `skim --help`, the settings
 * VS Code shows (package.json's `contributes.configuration`), and docs/configuration.md. All three
 * are drawn from the table; a test fails when a committed copy drifts from it.
 */

const specs = (): OptionSpec[] => OPTION_NAMES.map((name) => OPTIONS[name]);

/** A default in the words the option takes: a switch is typed on or off, so its default is said so too. */
function shownDefault(spec: OptionSpec): string {
  if (spec.type === 'boolean') return spec.default ? 'on' : 'off';
  return spec.type === 'string' && spec.default === '' ? '(empty)' : String(spec.default);
}

/** Accepted values, as a person would type them. */
function accepted(spec: OptionSpec): string {
  switch (spec.type) {
    case 'boolean':
      return 'on or off';
    case 'integer':
      return `${spec.min}–${spec.max}`;
    case 'enum':
      return spec.values.join(', ');
    case 'string':
      return spec.secret ? 'a secret' : 'text';
  }
}

/** The first sentence of a description (an "e.g." does not end one): what `--help` has room for. */
const firstSentence = (text: string) => /^.*?(?<!\be\.g|\bi\.e)[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** The environment variables, grouped, one line each: the options part of `skim --help`. */
export function environmentHelp(): string {
  const lines: string[] = ['Environment (every option; see docs/configuration.md):'];
  for (const group of Object.keys(GROUPS) as Group[]) {
    const inGroup = specs().filter((spec) => spec.env && spec.group === group);
    if (!inGroup.length) continue;
    lines.push(`  ${GROUPS[group]}:`);
    for (const spec of inGroup) {
      const value = spec.secret ? '' : ` [${accepted(spec)}; default ${shownDefault(spec)}]`;
      lines.push(`    ${spec.env}${value}`, `        ${firstSentence(spec.description)}`);
    }
  }
  return lines.join('\n');
}

/** One setting as package.json declares it. */
function settingContribution(spec: OptionSpec): Record<string, unknown> {
  const base: Record<string, unknown> = { markdownDescription: spec.description, scope: spec.scope };
  switch (spec.type) {
    case 'boolean':
      return { type: 'boolean', default: spec.default, ...base };
    case 'integer':
      return { type: 'integer', default: spec.default, minimum: spec.min, maximum: spec.max, ...base };
    case 'enum':
      return { type: 'string', enum: [...spec.values], enumDescriptions: [...spec.meanings], default: spec.default, ...base };
    case 'string':
      return { type: 'string', default: spec.default, ...base };
  }
}

/** package.json's `contributes.configuration`: one titled group per section, settings in the table's order. */
export function settingsContribution(): object[] {
  return (Object.keys(GROUPS) as Group[])
    .map((group, order) => {
      const inGroup = specs().filter((spec) => spec.setting && spec.group === group);
      return { group, order, inGroup };
    })
    .filter(({ inGroup }) => inGroup.length)
    .map(({ group, order, inGroup }) => ({
      title: GROUPS[group],
      order,
      properties: Object.fromEntries(inGroup.map((spec, i) => [spec.setting as string, { ...settingContribution(spec), order: i }])),
    }));
}

/**
 * package.json's `capabilities.untrustedWorkspaces`: Skim runs in Restricted Mode, limited to what
 * runs no code of the workspace and sends nothing anywhere (maps from tree-sitter outlines, reads),
 * and VS Code ignores the workspace's own value of each restricted setting.
 */
export function untrustedWorkspaces(): object {
  return {
    supported: 'limited',
    description:
      "In Restricted Mode Skim shows maps made from tree-sitter outlines (CodeLens, hover, Outline, its tools and reads), which run none of the workspace's code. Maps written by a language model, the judge, the team cache, the MCP server and installing the read hook wait until the workspace is trusted, and the workspace's own settings that choose a model or take a safety away are ignored until then.",
    restrictedConfigurations: specs().flatMap((spec) => (spec.restricted && spec.setting ? [spec.setting] : [])),
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/configuration.md: every option in one table per group, with its setting, variable, default, values and scope. */
export function configurationMarkdown(): string {
  const out: string[] = [
    '# Configuration',
    '',
    '<!-- Generated from src/core/config/options.ts by `npm run config:write`; a test fails when this file drifts from it. -->',
    '',
    "Every option Skim reads, in one place. In VS Code, set the **setting** (File → Preferences → Settings, search for Skim). The `skim` command, the hook and the MCP server read the **environment variable**. Settings whose scope is `application` can only be set in your user settings, never by a workspace's own `.vscode/settings.json`: they name where Skim sends a stored secret, or they take a safety away. Those whose scope says `restricted` are read from a workspace's own settings only once you trust the workspace (in Restricted Mode your user settings or the default hold): they choose the model Skim calls, or take a safety away. A value an option does not take, and an option that cannot take effect as set (the judge's URL with no judge backend, a model name with no model URL, in VS Code a `SKIM_…` variable for an option that has a setting, or a workspace's value for a user-only setting), are named once, with what to set instead: on stderr on the command line and in the hook, in the Skim output channel and a message in VS Code.",
    '',
  ];
  for (const group of Object.keys(GROUPS) as Group[]) {
    const inGroup = specs().filter((spec) => spec.group === group);
    if (!inGroup.length) continue;
    out.push(`## ${GROUPS[group]}`, '', '| Setting | Environment variable | Default | Values | Scope | What it does |', '|---|---|---|---|---|---|');
    for (const spec of inGroup) {
      const values = spec.type === 'enum' ? spec.values.map((v, i) => `\`${v}\`: ${spec.meanings[i]}`).join('<br>') : accepted(spec);
      out.push(
        `| ${spec.setting ? `\`${spec.setting}\`` : '—'} | ${spec.env ? `\`${spec.env}\`` : '—'} | \`${shownDefault(spec)}\` | ${cell(values)} | ${spec.scope ?? '—'}${spec.restricted ? ', restricted' : ''} | ${cell(spec.description)} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}
