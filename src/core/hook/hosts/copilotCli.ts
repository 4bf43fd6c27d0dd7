import * as path from 'node:path';
import { AgentHost, firstLine, homeOf, HookFileFormat, HookFormat, intArg } from './host';

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
  rewrittenKey: 'modifiedArgs',
  wrap: (fields) => fields,
};

/** The Copilot CLI's hook files: a version, and per event a list of hook objects with a shell command each. */
const COPILOT_CLI_HOOKS: HookFileFormat = {
  events: { pre: 'preToolUse', post: 'postToolUse' },
  hook: (command, timeoutSec) => ({ type: 'command', bash: command, timeoutSec }),
  grouped: false,
  version: 1,
};

export const copilotCli: AgentHost<'copilot-cli'> = {
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI',
  guards: 'view (loaded only in a trusted folder)',
  readTools: ['view'],
  readArgs: (input) => {
    if (typeof input.path !== 'string') return undefined;
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
  },
  shells: { bash: { command: 'command', dialect: 'posix' }, powershell: { command: 'command', dialect: 'powershell' } },
  // view: the first 20,480 bytes of a range, cut mid-line.
  cuts: { read: { chars: 20_480, keeps: 'head' } },
  format: FLAT_FORMAT,
  // Seen passing 200,000 characters whole.
  contextLimit: 60000,
  place: (scope, root, env) =>
    scope === 'workspace'
      ? { file: path.join(root, '.github', 'hooks', 'skim-copilot-cli.json'), format: COPILOT_CLI_HOOKS, owned: true, personalIn: root }
      : { file: path.join(env.COPILOT_HOME || path.join(homeOf(env), '.copilot'), 'hooks', 'skim.json'), format: COPILOT_CLI_HOOKS, owned: true },
};
