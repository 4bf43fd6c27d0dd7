import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { CLAUDE_HOOK_FORMAT, CLAUDE_SETTINGS } from './claudeCode';
import { AgentHost, homeOf } from './host';

const codexHome = (env: NodeJS.ProcessEnv) => env.CODEX_HOME || path.join(homeOf(env), '.codex');

/**
 * OpenAI's Codex CLI (`@openai/codex`), and VS Code's Codex harness that runs it: Claude's hook
 * format (its payloads add `turn_id` and `model`), and no read tool at all: it reads through
 * its shell (`exec_command`, which its hooks name Bash) and edits with a freeform apply_patch.
 */
export const codex: AgentHost<'codex'> = {
  id: 'codex',
  label: 'Codex CLI',
  serves: "the Codex CLI and VS Code's Codex harness (its shell reads, apply_patch)",
  readTools: [],
  sends: (payload, format) => format === CLAUDE_HOOK_FORMAT && typeof payload.turn_id === 'string',
  // Its MCP tools arrive in hooks as mcp__<server>__<tool>, as Claude Code's do.
  mcpToolNames: (tool) => [`mcp__skim__${tool}`],
  readArgs: () => undefined,
  // The hook sees apply_patch's freeform patch as tool_input.command.
  edits: { apply_patch: { patch: true, text: ['command'] } },
  shells: { Bash: { command: 'command', dialect: 'posix' } },
  // Command output past 10,000 tokens (its models' truncation policy; it counts 4 bytes a token) keeps its start and its end.
  cuts: { shell: { chars: 40_000, keeps: 'ends' } },
  format: CLAUDE_HOOK_FORMAT,
  // additionalContext over 10,000 bytes reaches the model cut in the middle, the rest saved to a file.
  contextLimit: 9800,
  place: (scope, root, env) =>
    scope === 'workspace'
      ? { file: path.join(root, '.codex', 'hooks.json'), format: CLAUDE_SETTINGS, owned: false, personalIn: root }
      : { file: path.join(codexHome(env), 'hooks.json'), format: CLAUDE_SETTINGS, owned: false },
  // A project's .codex/ is read only once the project is trusted; every hook runs only once a person reviewed it.
  reads: (root, env) => [
    path.join(codexHome(env), 'hooks.json'),
    path.join(codexHome(env), 'config.toml'),
    path.join(root, '.codex', 'hooks.json'),
    path.join(root, '.codex', 'config.toml'),
  ],
  approval: (scope) =>
    scope === 'workspace'
      ? 'Codex runs it once you trust this project and review the hook in Codex (/hooks).'
      : 'Codex runs it once you review the hook in Codex (/hooks).',
  mcp: (scope, root, env) =>
    scope === 'workspace'
      ? { file: path.join(root, '.codex', 'config.toml'), syntax: 'toml', servers: 'mcp_servers', personalIn: root }
      : { file: path.join(codexHome(env), 'config.toml'), syntax: 'toml', servers: 'mcp_servers' },
  offer: { agent: 'Codex', applies: (root) => existsSync(path.join(root, '.codex')) },
};
