import { DEFAULT_OPTIONS, Need, OPTION_NAMES, OptionName, OPTIONS, Options, OptionSpec } from './options';

/**
 * The options as one host sees them: the table read through that host's source. A value that is
 * not one the option takes falls back to the default and is named in `problems`, once, so that a
 * typo never turns a safety off silently.
 */
export interface ReadOptions {
  options: Options;
  problems: string[];
  /** The options a person set (to a value they take). */
  set: readonly OptionName[];
  /** Whose names the messages use: the environment's variables, or VS Code's settings. */
  names: 'env' | 'settings';
}

/** Where a value came from, for the problem's message. */
type Raw = { value: unknown; from: string } | undefined;

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no']);

/** A value as the option takes it, or an explanation of why it is not one. */
function coerce(spec: OptionSpec, value: unknown): { ok: true; value: unknown; moved?: string } | { ok: false; why: string } {
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
      const kept = Math.min(spec.max, Math.max(spec.min, n));
      // A number past the bounds is moved to the nearer one, and that is said: a limit set to 5 that reads as 20 is no surprise then.
      return { ok: true, value: kept, moved: kept === n ? undefined : `takes a whole number from ${spec.min} to ${spec.max}; it was ${n}, so ${kept} applies` };
    }
    case 'enum': {
      const word = String(value).trim();
      return spec.values.includes(word) ? { ok: true, value: word } : { ok: false, why: `takes one of ${spec.values.join(', ')}` };
    }
    case 'string':
      return typeof value === 'string' ? { ok: true, value: value.trim() } : { ok: false, why: 'takes text' };
  }
}

/** Where a value was read from, or why a value a person set is not read (a `problems` line). */
type Source = (spec: OptionSpec, problems: string[]) => Raw;

function readWith(raw: Source, names: ReadOptions['names']): ReadOptions {
  const values: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  const problems: string[] = [];
  const set: OptionName[] = [];
  for (const name of OPTION_NAMES) {
    const spec: OptionSpec = OPTIONS[name];
    const found = raw(spec, problems);
    if (!found) continue;
    const coerced = coerce(spec, found.value);
    if (coerced.ok) {
      values[name] = coerced.value;
      set.push(name);
      if (coerced.moved) problems.push(`${found.from} ${coerced.moved}`);
    } else
      problems.push(
        `${found.from} ${coerced.why}; it was ${JSON.stringify(spec.secret ? '…' : found.value)}, so the default ${JSON.stringify(spec.default)} applies`,
      );
  }
  return { options: values as unknown as Options, problems, set, names };
}

const met = (need: Need, value: unknown) => (need.values === 'set' ? value !== '' : need.values.includes(String(value)));

/**
 * One line for each option the others leave without effect (`needs` in the table: the judge's URL
 * with no judge backend), naming the options a person set that do nothing, why, and what to set.
 */
export function idleOptions({ options, set, names }: ReadOptions): string[] {
  const label = (spec: OptionSpec) => (names === 'env' ? (spec.env ?? String(spec.setting)) : (spec.setting ?? String(spec.env)));
  const unmet = new Map<OptionName, { names: string[]; needs: Need[] }>();
  for (const name of set) {
    const spec: OptionSpec = OPTIONS[name];
    for (const need of spec.needs ?? []) {
      if (need.when && !need.when.includes(String(options[name]))) continue;
      const other = need.option as OptionName;
      if (met(need, options[other])) continue;
      const group = unmet.get(other) ?? { names: [], needs: [] };
      const shown = spec.type === 'enum' ? `${label(spec)}=${String(options[name])}` : label(spec);
      unmet.set(other, { names: [...group.names, shown], needs: [...group.needs, need] });
    }
  }
  // One line per set of options left idle: the backend's two missing needs are one line, as are the URL and model it lacks.
  const lines = new Map<string, { why: string[]; to: string[] }>();
  for (const [other, { names, needs }] of unmet) {
    const spec: OptionSpec = OPTIONS[other];
    const value = String(options[other]);
    // What satisfies every option of the line; each need's values where they have none in common.
    const lists = needs.map((n) => n.values).filter((v): v is readonly string[] => v !== 'set');
    const common = lists.length ? lists.reduce((a, b) => a.filter((v) => b.includes(v))) : [];
    const line = lines.get(names.join(' and ')) ?? { why: [], to: [] };
    line.why.push(`${label(spec)} ${value === '' ? 'is not set' : `is ${value}`}`);
    line.to.push(lists.length ? `${label(spec)} to ${(common.length ? common : lists[0]).join(' or ')}` : label(spec));
    lines.set(names.join(' and '), line);
  }
  return [...lines].map(([names, { why, to }]) => {
    const plural = names.includes(' and ');
    return `${names} ${plural ? 'are' : 'is'} set, but ${why.join(' and ')}, so ${plural ? 'they do' : 'it does'} nothing: set ${to.join(' and ')}`;
  });
}

/** The command line's, the hook's and the MCP server's options: environment variables over the defaults. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ReadOptions {
  return readWith((spec) => fromEnv(spec, env), 'env');
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
export function optionsFromSettings(settings: SettingsSource, env: NodeJS.ProcessEnv, trusted = true): ReadOptions {
  return readWith((spec, problems) => {
    if (!spec.setting) return fromEnv(spec, env);
    // The variable a person may have set for the command line does nothing here: said, so that SKIM_REDACT=0 is no silent no-op.
    if (fromEnv(spec, env)) problems.push(`${spec.env} is set, but VS Code reads ${spec.setting} instead, so it does nothing here: set ${spec.setting}`);
    const set = settings.inspect(spec.setting.replace(/^skim\./, ''));
    const inWorkspace = (set?.workspaceFolderValue ?? set?.workspaceValue) !== undefined;
    // Checked here as well as by VS Code (package.json's restrictedConfigurations): Skim reads the values one by one.
    const untrustedAndRestricted = !trusted && spec.restricted === true;
    const userOnly = spec.scope === 'application' || spec.scope === 'machine' || untrustedAndRestricted;
    if (inWorkspace && untrustedAndRestricted)
      problems.push(
        `${spec.setting} is set in this workspace's settings, which count only once the workspace is trusted: trust it, or set it in your user settings`,
      );
    else if (inWorkspace && userOnly)
      problems.push(`${spec.setting} is set in this workspace's settings, which may not set it, so it does nothing: set it in your user settings`);
    const value = userOnly ? set?.globalValue : (set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue);
    return value === undefined ? undefined : { value, from: spec.setting };
  }, 'settings');
}

/** The options with some replaced: a host's own overrides (the hook's deadline on the model), never process.env. */
export function withOptions(options: Options, changes: Partial<Options>): Options {
  return { ...options, ...changes };
}
