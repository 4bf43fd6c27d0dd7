import { DEFAULT_OPTIONS, OPTION_NAMES, OPTIONS, Options, OptionSpec } from './options';

/**
 * The options as one host sees them: the table read through that host's source. A value that is
 * not one the option takes falls back to the default and is named in `problems`, once, so that a
 * typo never turns a safety off silently.
 */
export interface ReadOptions {
  options: Options;
  problems: string[];
}

/** Where a value came from, for the problem's message. */
type Raw = { value: unknown; from: string } | undefined;

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no']);

/** A value as the option takes it, or an explanation of why it is not one. */
function coerce(spec: OptionSpec, value: unknown): { ok: true; value: unknown } | { ok: false; why: string } {
  switch (spec.type) {
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      const word = String(value).trim().toLowerCase();
      if (TRUE.has(word)) return { ok: true, value: true };
      if (FALSE.has(word)) return { ok: true, value: false };
      return { ok: false, why: 'takes on or off' };
    }
    case 'integer': {
      const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(String(value)) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n)) return { ok: false, why: `takes a whole number from ${spec.min} to ${spec.max}` };
      return { ok: true, value: Math.min(spec.max, Math.max(spec.min, n)) };
    }
    case 'enum': {
      const word = String(value).trim();
      return spec.values.includes(word) ? { ok: true, value: word } : { ok: false, why: `takes one of ${spec.values.join(', ')}` };
    }
    case 'string':
      return typeof value === 'string' ? { ok: true, value: value.trim() } : { ok: false, why: 'takes text' };
  }
}

function readWith(raw: (spec: OptionSpec) => Raw): ReadOptions {
  const values: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  const problems: string[] = [];
  for (const name of OPTION_NAMES) {
    const spec: OptionSpec = OPTIONS[name];
    const found = raw(spec);
    if (!found) continue;
    const coerced = coerce(spec, found.value);
    if (coerced.ok) values[name] = coerced.value;
    else
      problems.push(
        `${found.from} ${coerced.why}; it was ${JSON.stringify(spec.secret ? '…' : found.value)}, so the default ${JSON.stringify(spec.default)} applies`,
      );
  }
  return { options: values as unknown as Options, problems };
}

/** The command line's, the hook's and the MCP server's options: environment variables over the defaults. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ReadOptions {
  return readWith((spec) => fromEnv(spec, env));
}

function fromEnv(spec: OptionSpec, env: NodeJS.ProcessEnv): Raw {
  const value = spec.env ? env[spec.env] : undefined;
  return value === undefined || value === '' ? undefined : { value, from: spec.env as string };
}

/** A VS Code configuration, as much of it as the reader needs (`vscode.WorkspaceConfiguration` is one). */
export interface SettingsSource {
  /** The value a person set (any scope), or undefined for the default. */
  inspect(setting: string): { globalValue?: unknown; workspaceValue?: unknown; workspaceFolderValue?: unknown } | undefined;
}

/**
 * The extension's options: each setting a person set, else the environment variable (for the
 * options VS Code has no setting for: keys, the command line's folders), else the default. A
 * setting whose scope a workspace may not set is read from the user's own settings only, whatever
 * a workspace's settings file says.
 */
export function optionsFromSettings(settings: SettingsSource, env: NodeJS.ProcessEnv): ReadOptions {
  return readWith((spec) => {
    if (!spec.setting) return fromEnv(spec, env);
    const set = settings.inspect(spec.setting.replace(/^skim\./, ''));
    const userOnly = spec.scope === 'application' || spec.scope === 'machine';
    const value = userOnly ? set?.globalValue : (set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue);
    return value === undefined ? undefined : { value, from: spec.setting };
  });
}

/** The options with some replaced: a host's own overrides (the hook's deadline on the model), never process.env. */
export function withOptions(options: Options, changes: Partial<Options>): Options {
  return { ...options, ...changes };
}
