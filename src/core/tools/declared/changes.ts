import { DEFAULT_CHANGES_TOKENS, MAX_CHANGES_TOKENS, MIN_CHANGES_TOKENS } from '../../changes/renderChanges';
import { TOOL_NAME } from '../names';
import { ToolDeclaration } from '../declaration';
import { ChangesInput, changesProject } from '../runChanges';

/** skim_changes: the working tree's git diff against a commit, each changed function with its changed lines, in a token budget. Never a model call. */
export const changesTool: ToolDeclaration<ChangesInput> = {
  name: TOOL_NAME.changes,
  displayName: 'Skim: Changes',
  toolReferenceName: 'skimChanges',
  icon: '$(diff)',
  userDescription:
    'What changed in the working tree against a commit (git diff), each changed function or class with its changed lines, in a token budget. Never a model call.',
  modelDescription:
    "Call this first to review changes, or to see what your own edits did across files: the working tree's git diff against `rev` (default HEAD: the uncommitted changes, new untracked files included), placed in the file maps. Each changed file comes with the functions, methods and classes holding its changed lines (`35-80 def f(x)`), each with its changed lines numbered as the file holds them now, and where lines were only removed, how many and after which line; deleted files are named. Fitted to `tokens` (default 2,000): past it, fewer lines per function, then only which lines changed, then the last files only named. Never a model call. Next: skim_read_file for the lines around a change.",
  inputSchema: {
    type: 'object',
    properties: {
      rev: {
        type: 'string',
        description: 'The commit, branch or tag to compare the working tree with (default HEAD).',
      },
      path: {
        type: 'string',
        description: 'A folder or file to look in, relative to the workspace folder or absolute inside it. Default: the whole workspace.',
      },
      tokens: {
        type: 'integer',
        minimum: MIN_CHANGES_TOKENS,
        maximum: MAX_CHANGES_TOKENS,
        description: `The most tokens the answer may take (default ${DEFAULT_CHANGES_TOKENS.toLocaleString('en-US')}, at most ${MAX_CHANGES_TOKENS.toLocaleString('en-US')}).`,
      },
    },
    required: [],
    additionalProperties: false,
  },
  showsLines: false,
  over: 'folders',
  messages: (input) => {
    const against = input.rev ?? 'HEAD';
    return { invocation: `Placing the changes against ${against} in the map`, past: `Placed the changes against ${against} in the map` };
  },
  work: 'compare',
  run: async (host, input) => {
    const sources = { maps: await host.storedMaps(), outlines: await host.outlines() };
    const request = { rev: input.rev, path: host.scope(input.path), tokens: Math.floor((input.tokens ?? DEFAULT_CHANGES_TOKENS) / host.share) };
    return changesProject(host.ctx, host.project, sources, request, { counter: host.programs.counter, signal: host.programs.signal });
  },
};
