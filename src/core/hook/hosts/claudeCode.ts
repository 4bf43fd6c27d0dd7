import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { AgentHost, firstLine, homeOf, HookFileFormat, HookFormat, intArg, PreToolAnswer } from './host';

/** Claude Code's Read returns at most this many lines when no limit is given. */
const DEFAULT_LIMIT = 2000;

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
  hook: (command, timeout) => ({ type: 'command', command, timeout }),
  grouped: true,
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
          limit: intArg(input.limit) ?? DEFAULT_LIMIT,
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
