import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { AgentHost, homeOf, HookFileFormat, HookFormat, lineSpan } from './host';

/** Gemini's read_file returns at most this many lines when no end_line is given. */
const DEFAULT_LIMIT = 2000;

const isGemini = (payload: Record<string, unknown>) => payload.hook_event_name === 'BeforeTool' || payload.hook_event_name === 'AfterTool';

/**
 * The Gemini CLI's BeforeTool and AfterTool payloads (Claude's keys, its own event names) and
 * answers: a refusal is a top-level decision; a BeforeTool answer's tool_input replaces the
 * call's arguments but any additionalContext beside it is dropped, so extra text goes with the
 * AfterTool answer, which the CLI puts inside the tool's result.
 */
const GEMINI_FORMAT: HookFormat = {
  toolKey: 'tool_name',
  inputKey: 'tool_input',
  sessionKey: 'session_id',
  recognizes: isGemini,
  isPost: (payload) => payload.hook_event_name === 'AfterTool',
  answer: (said, event) => {
    const specific = {
      ...(event === 'pre' && said.input && { tool_input: said.input }),
      ...(event === 'post' && said.context !== undefined && { additionalContext: said.context }),
    };
    return {
      ...(said.decision === 'deny' && { decision: 'deny', reason: said.reason ?? '' }),
      ...(Object.keys(specific).length > 0 && { hookSpecificOutput: { hookEventName: event === 'post' ? 'AfterTool' : 'BeforeTool', ...specific } }),
    };
  },
  contextAfter: true,
};

/** Gemini's settings.json hooks: a matcher group per event, a timeout in milliseconds. */
const GEMINI_SETTINGS: HookFileFormat = {
  events: { pre: 'BeforeTool', post: 'AfterTool' },
  hook: (command, timeoutSeconds) => ({ type: 'command', command, timeout: timeoutSeconds * 1000 }),
  grouped: true,
};

const geminiHome = (env: NodeJS.ProcessEnv) => path.join(env.GEMINI_CLI_HOME || homeOf(env), '.gemini');
const settingsIn = (root: string) => path.join(root, '.gemini', 'settings.json');

/** Google's Gemini CLI (`@google/gemini-cli`). */
export const gemini: AgentHost<'gemini'> = {
  id: 'gemini',
  label: 'Gemini CLI',
  serves: 'the Gemini CLI (read_file, replace, write_file)',
  readTools: ['read_file'],
  sends: (_payload, format) => format === GEMINI_FORMAT,
  mcpToolNames: (tool) => [`mcp_skim_${tool}`],
  readArgs: (input) => {
    if (typeof input.file_path !== 'string') return undefined;
    const { offset, limit = DEFAULT_LIMIT } = lineSpan(input.start_line, input.end_line);
    return { file: input.file_path, offset, limit, rewrite: (start, last) => ({ ...input, start_line: start, end_line: last }) };
  },
  edits: {
    replace: { file: 'file_path', old: 'old_string', new: 'new_string', all: 'allow_multiple' },
    write_file: { file: 'file_path', whole: 'content' },
  },
  shells: { run_shell_command: { command: 'command', dialect: 'posix' } },
  // read_file: 2,000 lines (and 2,000 characters a line); run_shell_command: past 40,000 characters, the first fifth and the last four.
  cuts: { read: { lines: DEFAULT_LIMIT, keeps: 'head' }, shell: { chars: 40_000, keeps: 'ends' } },
  format: GEMINI_FORMAT,
  // Seen passing 200,000 characters whole inside a read_file result.
  contextLimit: 60000,
  place: (scope, root, env) =>
    scope === 'workspace'
      ? { file: settingsIn(root), format: GEMINI_SETTINGS, owned: false, personalIn: root }
      : { file: path.join(geminiHome(env), 'settings.json'), format: GEMINI_SETTINGS, owned: false },
  reads: (root, env) => [path.join(geminiHome(env), 'settings.json'), settingsIn(root)],
  approval: (scope) => (scope === 'workspace' ? "Gemini reads a project's settings once you trust the folder." : undefined),
  mcp: (scope, root, env) => ({
    file: scope === 'workspace' ? settingsIn(root) : path.join(geminiHome(env), 'settings.json'),
    syntax: 'json',
    servers: 'mcpServers',
    ...(scope === 'workspace' && { personalIn: root }),
  }),
  offer: { agent: 'Gemini CLI', applies: (root) => existsSync(path.join(root, '.gemini')) },
};
