/**
 * Every option Skim reads, declared once: its VS Code setting, its environment variable, its
 * type, default, scope and group, and one line that says what it does and why the default is
 * what it is. The command line, the hook and the extension read options only through this table
 * (config/read.ts); `skim --help`, package.json's settings and docs/configuration.md are drawn
 * from it, and a test fails when either drifts.
 */

/**
 * Who may set a setting in VS Code. `application` and `machine` cannot be set by a workspace's own
 * settings: every setting that names where Skim sends a stored secret, or that takes a safety
 * away, is one of them, so that a cloned repository cannot change it.
 */
export type SettingScope = 'application' | 'machine' | 'window' | 'resource';

/** The groups settings are shown in, in this order. */
export const GROUPS = {
  editor: 'Editor',
  agents: 'Agents and hook',
  model: 'Summary model',
  team: 'Team cache',
  advanced: 'Advanced: screen and judge',
  commandLine: 'Command line only',
} as const;
export type Group = keyof typeof GROUPS;

interface Common {
  /** The VS Code setting (`skim.…`), where the editor offers one. */
  setting?: string;
  /** The environment variable, where the command line, the hook or the MCP server reads one. */
  env?: string;
  /** Who may set the setting; only where there is one. */
  scope?: SettingScope;
  group: Group;
  /** One line in plain words: what it does, and why the default is what it is. */
  description: string;
  /** Never printed, never stored in a settings file (a key or a password). */
  secret?: boolean;
  /**
   * In an untrusted workspace (VS Code's Restricted Mode) the workspace's own value is ignored, and
   * the user's (or the default) holds until the workspace is trusted: a cloned repository could
   * otherwise choose the model Skim calls, or take a safety away (the guard's limit, the edit gate,
   * the judge's checks). package.json lists them as `restrictedConfigurations`.
   */
  restricted?: true;
  /** What it needs to take effect; set without it, it is said once to do nothing, and why (config/read.ts). */
  needs?: readonly Need[];
}

/**
 * Another option this one takes effect only beside: that option at one of `values` (`set`: any
 * value but empty), while this one is at one of `when` (default: any value).
 */
export interface Need {
  option: string;
  values: readonly string[] | 'set';
  when?: readonly string[];
}

export interface BooleanOption extends Common {
  type: 'boolean';
  default: boolean;
}

export interface IntegerOption extends Common {
  type: 'integer';
  default: number;
  min: number;
  max: number;
}

export interface StringOption extends Common {
  type: 'string';
  default: string;
}

export interface EnumOption<V extends string = string> extends Common {
  type: 'enum';
  values: readonly V[];
  /** What each value means, in the order of `values`. */
  meanings: readonly string[];
  default: V;
}

export type OptionSpec = BooleanOption | IntegerOption | StringOption | EnumOption;

const bool = (spec: Omit<BooleanOption, 'type'>): BooleanOption => ({ type: 'boolean', ...spec });
const int = (spec: Omit<IntegerOption, 'type'>): IntegerOption => ({ type: 'integer', ...spec });
const str = (spec: Omit<StringOption, 'type'>): StringOption => ({ type: 'string', ...spec });
const oneOf = <const V extends string>(spec: Common & { values: readonly V[]; meanings: readonly string[]; default: NoInfer<V> }): EnumOption<V> => ({
  type: 'enum',
  ...spec,
});

export const EDIT_GATE_MODES = ['off', 'drift', 'strict'] as const;
export const JUDGE_MODES = ['off', 'advisory', 'enforcing'] as const;
const SITE_MODES = ['inherit', ...JUDGE_MODES] as const;
const SITE_MEANINGS = ['Take skim.judge.mode.', 'Never ask the judge here.', 'Ask and log, change nothing.', 'Act on the verdict.'];

/** One judge site's mode (`skim.judge.SITE`, `SKIM_JUDGE_SITE`): every site's row is this one, but for what it judges. */
const judgeSite = (site: string, description: string) =>
  oneOf({
    setting: `skim.judge.${site}`,
    env: `SKIM_JUDGE_${site.toUpperCase()}`,
    scope: 'window',
    restricted: true,
    group: 'advanced',
    values: SITE_MODES,
    meanings: SITE_MEANINGS,
    default: 'inherit',
    needs: [{ option: 'judgeBackend', values: ['openai', 'vscode.lm'] }],
    description,
  });

export const OPTIONS = {
  codeLens: bool({
    setting: 'skim.codeLens.enabled',
    scope: 'window',
    group: 'editor',
    default: true,
    description:
      'Show a CodeLens over each declaration that matters (its kind, lines and note; not the imports, one-line members or closures under 30 lines). On by default: the outline costs no model call.',
  }),
  hover: bool({
    setting: 'skim.hover.enabled',
    scope: 'window',
    group: 'editor',
    default: true,
    description: "On a declaration's own line, a one-line hover with its name, lines and note, and a link to the whole map.",
  }),
  hoverAnywhere: bool({
    setting: 'skim.hover.anywhere',
    scope: 'window',
    group: 'editor',
    default: false,
    needs: [{ option: 'hover', values: ['true'] }],
    description:
      "Show Skim's hover on every line of a region, not only the line that declares it. Off by default: the language's own hover is what most lines need.",
  }),
  outline: bool({
    setting: 'skim.outline.enabled',
    scope: 'window',
    group: 'editor',
    default: true,
    description: "Give the Outline view, breadcrumbs and Go to Symbol the map's regions, for languages no language server outlines.",
  }),
  outlineBesideLanguageServer: bool({
    setting: 'skim.outline.besideLanguageServer',
    scope: 'window',
    group: 'editor',
    default: false,
    needs: [{ option: 'outline', values: ['true'] }],
    description:
      "Show Skim's regions in the Outline, breadcrumbs and Go to Symbol even where a language server gives its own. Off by default: every symbol would show twice.",
  }),
  lineLimit: int({
    setting: 'skim.guard.lineLimit',
    env: 'SKIM_LINE_LIMIT',
    scope: 'resource',
    restricted: true,
    group: 'agents',
    default: 200,
    min: 20,
    max: 100_000,
    description:
      "A read of more lines than this is shortened to this many, with the file's map attached. 200 lines is about what a model needs around one function.",
  }),
  editGate: oneOf({
    setting: 'skim.editGate',
    env: 'SKIM_EDIT_GATE',
    scope: 'window',
    restricted: true,
    group: 'agents',
    values: EDIT_GATE_MODES,
    meanings: [
      'The hook only guards reads.',
      "Refuse an agent's edit of a file that changed on disk since its session last read or wrote it.",
      'Also refuse an edit of a file the session never read.',
    ],
    default: 'drift',
    description:
      'What the hook does with an agent\'s edits. `drift` by default: an edit made from a stale view of a file is refused ("read it again"); creating a file is never refused.',
  }),
  hookBudgetMs: int({
    env: 'SKIM_HOOK_BUDGET_MS',
    group: 'agents',
    default: 15_000,
    min: 100,
    max: 600_000,
    description:
      'How long the hook may take for one answer (payload, map, cache) before the read goes ahead as asked. Half of the 30 s the hosts allow a hook.',
  }),
  offerReadHook: bool({
    setting: 'skim.offerReadHook',
    scope: 'window',
    group: 'agents',
    default: true,
    description:
      'Offer to install the read hook the first time a trusted workspace with source files opens (once per workspace; the answer is remembered). On by default: the hook is where most of the saving is.',
  }),
  mcpOfferServer: bool({
    setting: 'skim.mcp.offerServer',
    scope: 'window',
    group: 'agents',
    default: false,
    description:
      "Offer `skim mcp` to VS Code's MCP servers, for chat sessions that cannot see Skim's own tools (a Copilot CLI or Claude session inside VS Code). Off by default: Copilot's own agent already has Skim's tools, and would see each twice.",
  }),
  lspTimeoutSeconds: int({
    setting: 'skim.lsp.timeoutSeconds',
    scope: 'window',
    group: 'agents',
    default: 5,
    min: 1,
    max: 600,
    description: "How long skim_lsp waits for the language server before the outlines and search stand in. Long enough for a warm server's answer.",
  }),
  modelVendor: str({
    setting: 'skim.model.vendor',
    scope: 'window',
    restricted: true,
    group: 'model',
    default: 'copilot',
    description: 'The vendor of the language model that writes maps in VS Code. Empty: any vendor. With no model, maps come from the tree-sitter outline.',
  }),
  modelFamily: str({
    setting: 'skim.model.family',
    scope: 'window',
    restricted: true,
    group: 'model',
    default: '',
    description:
      'The model family, e.g. `gpt-4o-mini`. Empty: the cheapest of a built-in list (gpt-4o-mini, gpt-5-mini, gpt-4.1, claude-haiku-4.5, gemini-2.0-flash). Pick one with Skim Setup: Choose Summary Model.',
  }),
  modelId: str({
    setting: 'skim.model.id',
    scope: 'window',
    restricted: true,
    group: 'model',
    default: '',
    description: 'A model id, to pin one model exactly. Empty: the family decides.',
  }),
  modelTimeoutSeconds: int({
    setting: 'skim.model.timeoutSeconds',
    env: 'SKIM_MODEL_TIMEOUT_SECONDS',
    scope: 'window',
    restricted: true,
    group: 'model',
    default: 60,
    min: 1,
    max: 3600,
    description: 'How long one model call may take before the tree-sitter outline stands in. A large file takes a small model about half a minute.',
  }),
  modelUrl: str({
    env: 'SKIM_MODEL_URL',
    group: 'commandLine',
    default: '',
    description:
      'An OpenAI-compatible chat-completions endpoint that writes maps for the command line, the hook and MCP, e.g. http://localhost:11434/v1. Empty: tree-sitter outlines.',
  }),
  modelName: str({
    env: 'SKIM_MODEL_NAME',
    group: 'commandLine',
    default: '',
    needs: [{ option: 'modelUrl', values: 'set' }],
    description: "The model's name at SKIM_MODEL_URL, e.g. gpt-4o-mini. Needed when SKIM_MODEL_URL is set.",
  }),
  modelKey: str({
    env: 'SKIM_MODEL_KEY',
    group: 'commandLine',
    default: '',
    secret: true,
    needs: [{ option: 'modelUrl', values: 'set' }],
    description: 'The API key sent to SKIM_MODEL_URL, if it needs one.',
  }),
  cacheDir: str({
    env: 'SKIM_CACHE_DIR',
    group: 'commandLine',
    default: '',
    description:
      "Where the command line keeps each project's map cache. Empty: ~/.cache/skim (or $XDG_CACHE_HOME/skim). VS Code keeps its own in the workspace's storage.",
  }),
  teamCacheUrl: str({
    setting: 'skim.teamCache.url',
    env: 'SKIM_TEAM_CACHE_URL',
    scope: 'application',
    group: 'team',
    default: '',
    description:
      "A PostgreSQL database the team shares maps in (postgres://user@host:5432/db). Empty: maps stay local. Set it with Skim Setup: Set Team Cache URL, which keeps the password in VS Code's secret storage; a workspace cannot set it.",
  }),
  redactSecrets: bool({
    setting: 'skim.screen.redactSecrets',
    env: 'SKIM_REDACT',
    scope: 'application',
    group: 'advanced',
    default: true,
    description:
      'Replace credentials (keys, tokens, private keys) in every text Skim returns with `[redacted: …]`. On by default; a workspace cannot turn it off. The files themselves are never changed.',
  }),
  judgeBackend: oneOf({
    setting: 'skim.judge.backend',
    env: 'SKIM_JUDGE_BACKEND',
    scope: 'window',
    restricted: true,
    group: 'advanced',
    values: ['none', 'openai', 'vscode.lm'] as const,
    meanings: [
      'No judge: everything behaves as without one.',
      'An OpenAI-compatible endpoint that returns token probabilities (skim.judge.url, skim.judge.model; the key with Skim Setup: Set Judge API Key, or SKIM_JUDGE_KEY).',
      'A VS Code language model (skim.judge.model names its family). It gives no probabilities, so its thresholds are stricter. VS Code only.',
    ],
    default: 'none',
    needs: [
      { option: 'judgeUrl', values: 'set', when: ['openai'] },
      { option: 'judgeModel', values: 'set', when: ['openai'] },
    ],
    description:
      "An optional classifier asked yes/no questions at a few points: which search hit comes first, whether a passage addresses the agent, whether a call's coordinates were read. It only restricts; with none, or one that fails, nothing changes.",
  }),
  judgeUrl: str({
    setting: 'skim.judge.url',
    env: 'SKIM_JUDGE_URL',
    scope: 'application',
    group: 'advanced',
    default: '',
    needs: [{ option: 'judgeBackend', values: ['openai'] }],
    description: "The judge's endpoint (OpenAI chat completions), e.g. http://localhost:8000/v1. The judge's key is sent there, so a workspace cannot set it.",
  }),
  judgeModel: str({
    setting: 'skim.judge.model',
    env: 'SKIM_JUDGE_MODEL',
    scope: 'window',
    restricted: true,
    group: 'advanced',
    default: '',
    needs: [{ option: 'judgeBackend', values: ['openai', 'vscode.lm'] }],
    description: "The judge's model: its name at the endpoint, or the VS Code model family.",
  }),
  judgeKey: str({
    env: 'SKIM_JUDGE_KEY',
    group: 'advanced',
    default: '',
    secret: true,
    needs: [{ option: 'judgeBackend', values: ['openai'] }],
    description: "The judge endpoint's API key. In VS Code, Skim Setup: Set Judge API Key keeps it in the secret storage instead.",
  }),
  judgeMode: oneOf({
    setting: 'skim.judge.mode',
    env: 'SKIM_JUDGE_MODE',
    scope: 'window',
    restricted: true,
    group: 'advanced',
    values: JUDGE_MODES,
    meanings: ['Never ask the judge.', 'Ask and log the verdicts, change nothing.', 'Act on the verdicts.'],
    default: 'advisory',
    needs: [{ option: 'judgeBackend', values: ['openai', 'vscode.lm'] }],
    description:
      "Every judged point's mode unless its own setting says otherwise. `advisory` by default: measure before acting. Call verification never takes `enforcing` from here.",
  }),
  judgeSearch: judgeSite('search', 'The mode for reordering many search hits by how likely each is what the agent looks for.'),
  judgeLocate: judgeSite('locate', "The mode for reordering locate's first regions by how likely each is what the question is about."),
  judgeScreen: judgeSite('screen', 'The mode for marking passages addressed to an AI agent as data (they are never removed).'),
  judgeVerify: judgeSite(
    'verify',
    'The mode for checking that a language-server call or an edit names lines the session was shown. `enforcing` refuses such calls, so it is never inherited.',
  ),
  judgeRoute: judgeSite(
    'route',
    "The mode for routing an `@skim` chat request (locate, about Skim, edit or run) and for checking that the regions located answer it; `enforcing` routes by the judge's choice and hands an unanswered question to agent mode.",
  ),
  judgeDeadlineMs: int({
    setting: 'skim.judge.deadlineMs',
    env: 'SKIM_JUDGE_DEADLINE_MS',
    scope: 'window',
    restricted: true,
    group: 'advanced',
    default: 800,
    min: 50,
    max: 60_000,
    needs: [{ option: 'judgeBackend', values: ['openai', 'vscode.lm'] }],
    description: 'How long one judgement may take; past it the judge has no answer and nothing changes. A calibrated classifier answers in about 100 ms.',
  }),
} satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

type ValueOf<S> = S extends EnumOption<infer V> ? V : S extends BooleanOption ? boolean : S extends IntegerOption ? number : string;

/** Every option's value: what the table's readers hand the engine. */
export type Options = { readonly [K in OptionName]: ValueOf<(typeof OPTIONS)[K]> };

export const OPTION_NAMES = Object.keys(OPTIONS) as OptionName[];

/** Every option at its default. */
export const DEFAULT_OPTIONS: Options = Object.fromEntries(OPTION_NAMES.map((name) => [name, OPTIONS[name].default])) as unknown as Options;
