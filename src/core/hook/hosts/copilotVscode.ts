import * as path from 'node:path';
import { CLAUDE_HOOK_FORMAT, CLAUDE_SETTINGS, claudeUserSettings } from './claudeCode';
import { AgentHost, firstLine, HookFileFormat, intArg } from './host';

/**
 * VS Code's workspace hook files (.github/hooks/*.json): Claude's event names, a list of hook
 * objects without matchers. Its local agent's PostToolUse can block a result or add to it, never
 * replace it, so the session ledger stays out and none of its context events are installed.
 */
const VSCODE_HOOKS: HookFileFormat = { events: CLAUDE_SETTINGS.events, hook: CLAUDE_SETTINGS.hook, grouped: false };

/** Copilot's agent in VS Code. */
export const copilotVscode: AgentHost<'vscode'> = {
  id: 'vscode',
  label: 'VS Code (Copilot agent)',
  guards: "the agent's read_file",
  readTools: ['read_file', 'copilot_readFile'],
  readArgs: (input) => {
    if (typeof input.filePath !== 'string') return undefined;
    // read_file takes startLine and endLine; older builds took offset and limit.
    if ('startLine' in input || 'endLine' in input || !('offset' in input || 'limit' in input)) {
      const offset = firstLine(input.startLine);
      const end = intArg(input.endLine);
      return {
        file: input.filePath,
        offset,
        limit: end === undefined ? undefined : Math.max(0, end - offset + 1),
        rewrite: (start, last) => ({ ...input, startLine: start, endLine: last }),
      };
    }
    return {
      file: input.filePath,
      offset: firstLine(input.offset),
      limit: intArg(input.limit),
      rewrite: (start, last) => ({ ...input, offset: start, limit: last - start + 1 }),
    };
  },
  edits: {
    replace_string_in_file: { file: 'filePath', old: 'oldString', new: 'newString' },
    multi_replace_string_in_file: { eachFile: 'filePath', each: 'replacements', old: 'oldString', new: 'newString' },
    insert_edit_into_file: { file: 'filePath', text: ['code'] },
    create_file: { file: 'filePath', whole: 'content' },
    apply_patch: { patch: true, text: ['input', 'patch'] },
    edit_notebook_file: { file: 'filePath', text: ['newCode'] },
  },
  format: CLAUDE_HOOK_FORMAT,
  // VS Code moves a text part over 8,192 bytes to a file behind a pointer.
  contextLimit: 8000,
  place: (scope, root, env) =>
    // VS Code reads .github/hooks/*.json in the workspace, and Claude's user settings for the user.
    scope === 'workspace'
      ? { file: path.join(root, '.github', 'hooks', 'skim-vscode.json'), format: VSCODE_HOOKS, owned: true, personalIn: root }
      : { file: claudeUserSettings(env), format: CLAUDE_SETTINGS, owned: false },
  // VS Code's own agent: every workspace VS Code opens may use it.
  offer: { agent: "Copilot's agent", applies: () => true },
};
