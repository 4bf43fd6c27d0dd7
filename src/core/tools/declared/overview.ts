import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { DEFAULT_TOKENS, MAX_TOKENS, MIN_TOKENS } from '../../overview/renderOverview';
import { OverviewInput, overviewProject } from '../runOverview';

/** skim_overview: A folder's files ranked by how much the rest of the code refers to them, with their most referred-to declarations, fitted to a token budget (each folder its share). Never a model call. */
export const overviewTool: ToolDeclaration<OverviewInput> = {
  name: TOOL_NAME.overview,
  displayName: 'Skim: Overview',
  toolReferenceName: 'skimOverview',
  icon: '$(repo)',
  userDescription:
    "A folder's files ranked by how much the rest of the code refers to them, with their most referred-to declarations, in a token budget. Never a model call.",
  modelDescription:
    "Start here to orient in a repository or folder you have not seen, before searching or listing files (for a task stated in words, a bug report or a question about code you have not located, call skim_locate first). Returns its files ranked by how often the rest of the code names their declarations (a PageRank over tree-sitter outlines, as Aider's repository map), each with its line count, what it says it does, and its most referred-to declarations with their exact line ranges and how many times other files name them, fitted to `tokens` (default 1,000), and what was left out with the folder to narrow to. Never a model call; outlines are cached, so a second overview is quick. Next: skim_search for a name you know, skim_list_symbols or skim_summarize_file for one file, skim_read_file for the lines that matter.",
  inputSchema: {
    type: 'object',
    properties: {
      path: {
        type: 'string',
        description: 'A folder to survey, relative to the workspace folder or absolute inside it. Default: the whole workspace.',
      },
      tokens: {
        type: 'integer',
        minimum: MIN_TOKENS,
        maximum: MAX_TOKENS,
        description: `The most tokens the answer may take (default ${DEFAULT_TOKENS.toLocaleString('en-US')}, at most ${MAX_TOKENS.toLocaleString('en-US')}).`,
      },
    },
    required: [],
    additionalProperties: false,
  },
  showsLines: false,
  over: 'folders',
  messages: (input) => {
    const what = input.path ?? 'the workspace';
    return { invocation: `Surveying ${what}`, past: `Surveyed ${what}` };
  },
  work: 'survey',
  run: async (host, input) => {
    const sources = { maps: await host.storedMaps(), outlines: host.outlines, answersFile: host.answersFile, history: host.history };
    const request = { path: host.scope(input.path), tokens: Math.floor((input.tokens ?? DEFAULT_TOKENS) / host.share) };
    return overviewProject(host.ctx, host.project, sources, request, {
      ...host.programs,
      json: host.json,
      narrow: host.nextSteps.narrow,
      oneFile: host.nextSteps.oneFile,
    });
  },
};
