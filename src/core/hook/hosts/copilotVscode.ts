import * as path from 'node:path';
import { CLAUDE_HOOK_FORMAT, CLAUDE_SETTINGS, claudeProjectSettings, claudeUserSettings } from './claudeCode';
import { AgentHost, firstLine, homeOf, HookFileFormat, intArg, lineSpan } from './host';

/** VS Code's hook files (.github/hooks/*.json, ~/.copilot/hooks/*.json): Claude's event names, a list of hook objects without matchers. */
const VSCODE_HOOKS: HookFileFormat = { ...CLAUDE_SETTINGS, grouped: false };

/** The person's own hook folder VS Code reads (always under the home folder: VS Code does not read COPILOT_HOME). */
const userHooks = (env: NodeJS.ProcessEnv) => path.join(homeOf(env), '.copilot', 'hooks');

/** Copilot's agent in VS Code. */
export const copilotVscode: AgentHost<'vscode'> = {
  id: 'vscode',
  label: 'VS Code (Copilot agent)',
  serves: "VS Code's Local harness (read_file) and its Copilot harness (view), and the Copilot CLI",
  readTools: ['read_file', 'copilot_readFile'],
  // VS Code stamps its payloads with a timestamp and the call's tool_use_id or the transcript's path.
  sends: (payload, format) =>
    format === CLAUDE_HOOK_FORMAT && typeof payload.timestamp === 'string' && ('tool_use_id' in payload || 'transcript_path' in payload),
  readArgs: (input) => {
    if (typeof input.filePath !== 'string') return undefined;
    // read_file takes startLine and endLine; older builds took offset and limit.
    if ('startLine' in input || 'endLine' in input || !('offset' in input || 'limit' in input)) {
      return { file: input.filePath, ...lineSpan(input.startLine, input.endLine), rewrite: (start, last) => ({ ...input, startLine: start, endLine: last }) };
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
    scope === 'workspace'
      ? { file: path.join(root, '.github', 'hooks', 'skim-vscode.json'), format: VSCODE_HOOKS, owned: true, personalIn: root }
      : { file: path.join(userHooks(env), 'skim-vscode.json'), format: VSCODE_HOOKS, owned: true },
  // Claude's settings files only with chat.useClaudeHooks (off by default): last, so that they stand aside for the others.
  reads: (root, env) => [
    path.join(userHooks(env), '*.json'),
    path.join(root, '.github', 'hooks', '*.json'),
    ...claudeProjectSettings(root),
    claudeUserSettings(env),
  ],
  // VS Code's own agent: every workspace VS Code opens may use it.
  offer: { agent: "Copilot's agent", applies: () => true },
};
