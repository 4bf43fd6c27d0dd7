import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { AgentHost, ContextEvent, firstLine, homeOf, HookFileFormat, HookFormat, HostShown, intArg, LedgerMechanism, PreToolAnswer } from './host';

/** Claude Code's Read returns at most this many lines when no limit is given. */

/** An answer's fields under Claude's names. */
export const claudeFields = (said: PreToolAnswer): Record<string, unknown> => ({
  ...(said.decision && { permissionDecision: said.decision }),
  ...(said.input && { updatedInput: said.input }),
  ...(said.reason !== undefined && { permissionDecisionReason: said.reason }),
  ...(said.context !== undefined && { additionalContext: said.context }),
});

/**
 * Claude Code's PreToolUse and PostToolUse payloads, and its hookSpecificOutput answer: VS Code's
 * hooks, Codex's, and the Copilot CLI's Claude-style hooks use them too.
 */
export const CLAUDE_HOOK_FORMAT: HookFormat = {
  toolKey: 'tool_name',
  inputKey: 'tool_input',
  sessionKey: 'session_id',
  recognizes: (payload) => payload.hook_event_name !== 'BeforeTool' && payload.hook_event_name !== 'AfterTool',
  isPost: (payload) => payload.hook_event_name === 'PostToolUse',
  answer: (said, event) => ({ hookSpecificOutput: { hookEventName: event === 'post' ? 'PostToolUse' : 'PreToolUse', ...claudeFields(said) } }),
};

/** Claude's settings files: a matcher group per event, naming the tools its hook runs for. */
export const CLAUDE_SETTINGS: HookFileFormat = {
  events: { pre: 'PreToolUse', post: 'PostToolUse' },
  context: ['SessionStart', 'PreCompact', 'PostCompact', 'SubagentStart'],
  hook: (command, timeout) => ({ type: 'command', command, timeout }),
  grouped: true,
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Read's result as its PostToolUse payload carries it: `{type: "text", file: {content, startLine, numLines, totalLines}}`. */
function readFileResult(payload: Record<string, unknown>): Record<string, unknown> | undefined {
  const response = record(payload.tool_response);
  const file = record(response?.file);
  return response?.type === 'text' && typeof file?.content === 'string' && typeof file.startLine === 'number' ? file : undefined;
}

/** The lines Read showed: its content, numbered by Read itself from startLine. */
function shownByRead(payload: Record<string, unknown>): HostShown | undefined {
  const file = readFileResult(payload);
  if (!file || file.content === '') return undefined;
  return { start: Math.max(1, file.startLine as number), lines: (file.content as string).split('\n') };
}

/** A session's event: its main context, or (SubagentStart) a subagent's own. */
const sessionEvent =
  (effect: (payload: Record<string, unknown>) => ContextEvent['effect'], subagent = false) =>
  (payload: Record<string, unknown>) => {
    const session = text(payload.session_id);
    const context = subagent ? text(payload.agent_id) : undefined;
    return session && (!subagent || context) ? { session, context, effect: effect(payload) } : undefined;
  };

/**
 * Claude Code's session events, which the Codex CLI sends in the same shape (SessionStart's source
 * startup, resume, clear, compact or fork; PreCompact and PostCompact; SubagentStart's agent_id).
 */
export const CLAUDE_CONTEXT_EVENTS: LedgerMechanism['events'] = {
  SessionStart: sessionEvent((payload) => (payload.source === 'startup' ? 'open' : 'reset')),
  PreCompact: sessionEvent(() => 'reset'),
  PostCompact: sessionEvent(() => 'reset'),
  SubagentStart: sessionEvent(() => 'open', true),
};

/**
 * PostToolUse's `updatedToolOutput` replaces a tool's result when it has the tool's own output
 * shape (2.1.332: Read's and Bash's, checked end to end), so a re-read's result is Read's output
 * with only the lines shown in full (Read numbers them from startLine); the note follows as the
 * hook's additionalContext, or, when no line is shown in full, is the result itself, numbered 0,
 * a number no line of a file has. Subagents share the session's id and are told apart by
 * agent_id; a subagent's transcript is a file of its own beside the session's.
 */
const READ_LEDGER: LedgerMechanism = {
  replaces: 'updatedToolOutput',
  shown: shownByRead,
  oneSpan: true,
  answer: (payload, { note, spans }) => {
    const response = record(payload.tool_response) ?? {};
    const file = readFileResult(payload) ?? {};
    const [span] = spans;
    const content = span
      ? { content: span.lines.join('\n'), startLine: span.start, numLines: span.lines.length }
      : { content: note, startLine: 0, numLines: 0 };
    return {
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        updatedToolOutput: { ...response, file: { ...file, ...content } },
        ...(span ? { additionalContext: note } : {}),
      },
    };
  },
  events: CLAUDE_CONTEXT_EVENTS,
  agentKey: 'agent_id',
  callKey: 'tool_use_id',
  transcript: {
    key: 'transcript_path',
    ofAgent: (transcript, agent) => path.join(path.dirname(transcript), path.basename(transcript, '.jsonl'), 'subagents', `agent-${agent}.jsonl`),
  },
};

/** The person's own Claude settings. */
export const claudeUserSettings = (env: NodeJS.ProcessEnv): string => path.join(homeOf(env), '.claude', 'settings.json');

/** A project's Claude settings: the team's, then the person's own. */
export const claudeProjectSettings = (root: string): string[] => [
  path.join(root, '.claude', 'settings.json'),
  path.join(root, '.claude', 'settings.local.json'),
];

export const claudeCode: AgentHost<'claude'> = {
  id: 'claude',
  label: 'Claude Code',
  serves: "Claude Code and VS Code's Claude harness: Read, Edit, Write",
  readTools: ['Read'],
  // The payloads Claude Code sends carry no timestamp (VS Code's and the Copilot CLI's do) and no turn_id (Codex's do).
  sends: (payload, format) => format === CLAUDE_HOOK_FORMAT && !('timestamp' in payload) && !('turn_id' in payload),
  // Extension tools reach VS Code's Claude harness as the MCP server `client`.
  mcpToolNames: (tool) => [`mcp__skim__${tool}`, `mcp__client__${tool}`],
  readArgs: (input) =>
    typeof input.file_path === 'string'
      ? {
          file: input.file_path,
          offset: firstLine(input.offset),
          // No limit reads the whole file: Claude Code 2.1.332's Read has no line cap (see its cuts below).
          limit: intArg(input.limit),
          rewrite: (start, end) => ({ ...input, offset: start, limit: end - start + 1 }),
        }
      : undefined,
  edits: {
    Edit: { file: 'file_path', old: 'old_string', new: 'new_string', all: 'replace_all' },
    MultiEdit: { file: 'file_path', each: 'edits', old: 'old_string', new: 'new_string', all: 'replace_all' },
    Write: { file: 'file_path', whole: 'content' },
    NotebookEdit: { file: 'notebook_path', text: ['new_source'] },
  },
  shells: { Bash: { command: 'command', dialect: 'posix' } },
  // Measured with Claude Code 2.1.332 against the scripted model. Read: no line cap (12,000 lines without a limit
  // came back whole); a file over 256 KB is refused whole ("exceeds maximum allowed size (256KB)"); its 25,000-token
  // cut is counted by the API's count_tokens, which the scripted model answers with 1,000, so it stands as documented.
  // Bash: an output of 30,000 UTF-8 bytes reaches the model whole, one of 30,001 (ASCII, or 15,001 two-byte
  // characters) as <persisted-output>: a 2 KB preview and a file path. So it counts bytes, and past them shows a 2 KB head.
  cuts: { read: { bytes: 256 * 1024, tokens: 25_000, keeps: 'head' }, shell: { bytes: 30_000, keeps: 'head' } },
  format: CLAUDE_HOOK_FORMAT,
  ledger: READ_LEDGER,
  // Claude Code cuts additionalContext over 10,000 characters to a 2 KB preview.
  contextLimit: 9800,
  place: (scope, root, env) =>
    // Claude Code's per-person project settings: .claude/settings.json is the team's.
    scope === 'workspace'
      ? { file: path.join(root, '.claude', 'settings.local.json'), format: CLAUDE_SETTINGS, owned: false, personalIn: root }
      : { file: claudeUserSettings(env), format: CLAUDE_SETTINGS, owned: false },
  reads: (root, env) => [claudeUserSettings(env), ...claudeProjectSettings(root)],
  mcp: (scope, root, env) =>
    scope === 'workspace'
      ? {
          file: path.join(root, '.mcp.json'),
          syntax: 'json',
          servers: 'mcpServers',
          sharedWith: 'the Copilot CLI',
          approval: "Claude Code starts a project's MCP server once you approve it (its prompt at start, or /mcp).",
          personalIn: root,
        }
      : { file: path.join(homeOf(env), '.claude.json'), syntax: 'json', servers: 'mcpServers' },
  // Offered only where the project already has Claude Code's folder: elsewhere no one runs it.
  offer: { agent: 'Claude Code', applies: (root) => existsSync(path.join(root, '.claude')) },
};
