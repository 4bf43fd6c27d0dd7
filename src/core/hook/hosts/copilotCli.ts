import * as path from 'node:path';
import { CLAUDE_HOOK_FORMAT, claudeProjectSettings } from './claudeCode';
import { AgentHost, firstLine, homeOf, HookFileFormat, HookFormat, HostShown, intArg, jsonObject, RAW_ARGUMENTS } from './host';

/** The Copilot CLI's own payloads (a flat object) and answers (flat, the rewritten call as modifiedArgs). */
const FLAT_FORMAT: HookFormat = {
  toolKey: 'toolName',
  inputKey: 'toolArgs',
  sessionKey: 'sessionId',
  isPost: (payload) => 'toolResult' in payload || 'toolResponse' in payload,
  // Its result says how the call ended ({"resultType":"success", …}); any other end is no edit made.
  failed: (payload) => {
    const result = payload.toolResult ?? payload.toolResponse;
    const ended = result && typeof result === 'object' ? (result as { resultType?: unknown }).resultType : undefined;
    return typeof ended === 'string' && ended !== 'success';
  },
  answer: (said) => ({
    ...(said.decision && { permissionDecision: said.decision }),
    ...(said.input && { modifiedArgs: said.input }),
    ...(said.reason !== undefined && { permissionDecisionReason: said.reason }),
    ...(said.context !== undefined && { additionalContext: said.context }),
  }),
};

/** The Copilot CLI's hook files: a version, and per event a list of hook objects with a shell command each. */
const COPILOT_CLI_HOOKS: HookFileFormat = {
  events: { pre: 'preToolUse', post: 'postToolUse' },
  context: ['sessionStart', 'preCompact', 'subagentStart'],
  hook: (command, timeoutSec) => ({ type: 'command', bash: command, timeoutSec }),
  grouped: false,
  version: 1,
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** view's own note after lines it cut at 20,480 bytes: `[Output truncated. Use view_range=[516, ...] to continue reading. …]`. */
const CUT_NOTE = /\n\n(\[Output truncated\.[^\n]*\])\s*$/;

/** The lines view showed: its text from the range's first line, without numbers, the last one cut short where it cut them. */
function shownByView(payload: Record<string, unknown>): HostShown | undefined {
  const result = payload.toolResult as { resultType?: unknown; textResultForLlm?: unknown } | undefined;
  // Its arguments come as an object or as JSON text, as a call's own arguments do.
  const args = jsonObject(payload.toolArgs) as { view_range?: unknown } | undefined;
  if (result?.resultType !== 'success' || typeof result.textResultForLlm !== 'string' || result.textResultForLlm === '') return undefined;
  const range = Array.isArray(args?.view_range) ? args.view_range.map(intArg) : [];
  const cut = CUT_NOTE.exec(result.textResultForLlm);
  const body = cut ? result.textResultForLlm.slice(0, cut.index) : result.textResultForLlm;
  return { start: firstLine(range[0]), lines: body.split('\n'), ...(cut ? { trailer: cut[1] } : {}) };
}

const copilotHome = (env: NodeJS.ProcessEnv) => env.COPILOT_HOME || path.join(homeOf(env), '.copilot');

/** A freeform patch: the call's whole argument is the patch text (apply_patch, with OpenAI's models). */
const RAW_PATCH = { patch: true, text: [RAW_ARGUMENTS] } as const;

/**
 * The GitHub Copilot CLI, and the Copilot SDK that runs it inside VS Code's Agent Host (the
 * Copilot harness): the same runtime, the same hook files and payloads.
 */
export const copilotCli: AgentHost<'copilot-cli'> = {
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI',
  serves: "the GitHub Copilot CLI and VS Code's Copilot harness (view, edit, create, apply_patch, str_replace_editor), and VS Code's Local harness",
  readTools: ['view', 'str_replace_editor'],
  // Its own files get flat payloads; the Claude-style files it also runs get Claude's shape with a timestamp and no call id.
  sends: (payload, format) =>
    format === FLAT_FORMAT ||
    (format === CLAUDE_HOOK_FORMAT &&
      typeof payload.timestamp === 'string' &&
      !('tool_use_id' in payload) &&
      !('transcript_path' in payload) &&
      !('turn_id' in payload)),
  mcpToolNames: (tool) => [`skim-${tool}`],
  readArgs: (input) => {
    if (typeof input.path !== 'string' || (input.command !== undefined && input.command !== 'view')) return undefined;
    const range = Array.isArray(input.view_range) ? input.view_range.map(intArg) : [];
    const offset = firstLine(range[0]);
    const end = range[1];
    return {
      file: input.path,
      offset,
      limit: end === undefined || end === -1 ? undefined : Math.max(0, end - offset + 1),
      rewrite: (start, last) => ({ ...input, view_range: [start, last] }),
    };
  },
  edits: {
    edit: { file: 'path', old: 'old_str', new: 'new_str' },
    create: { file: 'path', whole: 'file_text' },
    apply_patch: RAW_PATCH,
    str_replace_editor: {
      when: { command: ['create', 'str_replace', 'insert', 'undo_edit'] },
      file: 'path',
      old: 'old_str',
      new: 'new_str',
      whole: 'file_text',
      text: ['new_str'],
    },
    // Through Claude-style hook files it names edit and apply_patch Edit, and create Write, with its own arguments.
    Edit: [{ file: 'path', old: 'old_str', new: 'new_str' }, RAW_PATCH],
    Write: { file: 'path', whole: 'file_text' },
  },
  shells: { bash: { command: 'command', dialect: 'posix' }, powershell: { command: 'command', dialect: 'powershell' } },
  // Measured with the Copilot CLI 1.0.102 against the scripted model. view: the first 20,480 UTF-8 bytes of a
  // range, cut mid-line (10,921 two-byte characters). bash: an output of 20,440 bytes (20,480 with the
  // `<shellId: …>` line it adds) reaches the model whole, one of 20,441 (ASCII, or 10,221 two-byte characters)
  // as "Output too large to read at once": a 500-character preview and a file path.
  cuts: { read: { bytes: 20_480, keeps: 'head' }, shell: { bytes: 20_440, keeps: 'head' } },
  format: FLAT_FORMAT,
  // postToolUse's modifiedResult replaces any tool's result with its text (1.0.102: view's and bash's, checked end to end).
  // A subagent's calls come with a session id of its own (its agentId), announced by subagentStart.
  ledger: {
    replaces: 'modifiedResult',
    shown: shownByView,
    oneSpan: false,
    answer: (payload, { note, spans }) => {
      const trailer = shownByView(payload)?.trailer;
      const lines = spans.flatMap((span) => [`[skim] Lines ${span.start}-${span.start + span.lines.length - 1}:`, ...span.lines]);
      const textResultForLlm = [note, ...lines].join('\n') + (trailer ? `\n\n${trailer}` : '');
      return { modifiedResult: { ...(payload.toolResult as object), resultType: 'success', textResultForLlm } };
    },
    events: {
      sessionStart: (payload) => {
        const session = text(payload.sessionId);
        return session ? { session, effect: payload.source === 'new' ? 'open' : 'reset' } : undefined;
      },
      preCompact: (payload) => {
        const session = text(payload.sessionId);
        return session ? { session, effect: 'reset' } : undefined;
      },
      subagentStart: (payload) => {
        const session = text(payload.agentId);
        return session ? { session, effect: 'open' } : undefined;
      },
    },
  },
  // Seen passing 200,000 characters whole.
  contextLimit: 60000,
  place: (scope, root, env) =>
    scope === 'workspace'
      ? { file: path.join(root, '.github', 'hooks', 'skim-copilot-cli.json'), format: COPILOT_CLI_HOOKS, owned: true, personalIn: root }
      : { file: path.join(copilotHome(env), 'hooks', 'skim.json'), format: COPILOT_CLI_HOOKS, owned: true },
  // Measured with the CLI 1.0.102: every one of these runs (the workspace's only in a trusted folder); the person's ~/.claude does not.
  reads: (root, env) => [
    path.join(copilotHome(env), 'hooks', '*.json'),
    path.join(root, '.github', 'hooks', '*.json'),
    path.join(root, '.github', 'copilot', 'settings.json'),
    path.join(root, '.github', 'copilot', 'settings.local.json'),
    ...claudeProjectSettings(root),
  ],
  approval: (scope) => (scope === 'workspace' ? 'The Copilot CLI runs workspace hooks only in a folder you trusted.' : undefined),
  mcp: (scope, root, env) =>
    scope === 'workspace'
      ? { file: path.join(root, '.mcp.json'), syntax: 'json', servers: 'mcpServers', sharedWith: 'Claude Code', personalIn: root }
      : { file: path.join(copilotHome(env), 'mcp-config.json'), syntax: 'json', servers: 'mcpServers', extra: { type: 'local', tools: ['*'] } },
};
