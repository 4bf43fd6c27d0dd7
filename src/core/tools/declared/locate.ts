import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { DEFAULT_LOCATE_TOKENS, MAX_LOCATE_TOKENS, MIN_LOCATE_TOKENS } from '../../locate/renderLocate';
import { LocateInput, locateProject } from '../runLocate';

/** skim_locate: The functions a question in words is most likely about, ranked, fitted to a token budget (each folder its share). Never a model call. */
export const locateTool: ToolDeclaration<LocateInput> = {
  name: TOOL_NAME.locate,
  displayName: 'Skim: Locate',
  toolReferenceName: 'skimLocate',
  icon: '$(target)',
  userDescription: "The functions a task or question in words is most likely about, ranked, with the first one's lines, in a token budget. Never a model call.",
  modelDescription:
    "Call this first when you are given a task in words: a bug report, or a question about code you have not located yet (no file or function named that you already know). Pass the task's own words as `question` (an error message, the names it mentions, what goes wrong). Returns the functions and methods most likely to be what it is about, ranked (BM25-style over their names, signatures, doc comments, paths and bodies; names, files and stack frames the question writes out lifted first; in a git project, what past commits like the question changed added), each with its path, exact line range, kind, name and the question's words it matched, with the numbered lines of the first one or two, fitted to `tokens` (default 1,000). Never a model call; outlines are cached. Next: skim_read_file or skim_find_symbol for a result's lines, skim_search for a name you now know; in a folder you only want to orient in, skim_overview.",
  inputSchema: {
    type: 'object',
    properties: {
      question: {
        type: 'string',
        description: 'The task or question in words, as given: a bug report, an error message, what the code should do.',
      },
      path: {
        type: 'string',
        description: 'A folder to look in, relative to the workspace folder or absolute inside it. Default: the whole workspace.',
      },
      tokens: {
        type: 'integer',
        minimum: MIN_LOCATE_TOKENS,
        maximum: MAX_LOCATE_TOKENS,
        description: `The most tokens the answer may take (default ${DEFAULT_LOCATE_TOKENS.toLocaleString('en-US')}, at most ${MAX_LOCATE_TOKENS.toLocaleString('en-US')}).`,
      },
    },
    required: ['question'],
    additionalProperties: false,
  },
  showsLines: false,
  over: 'folders',
  messages: (input) => ({ invocation: `Locating "${input.question}"`, past: `Located "${input.question}"` }),
  work: 'locate',
  run: (host, input) => {
    const request = { question: input.question, path: host.scope(input.path), tokens: Math.floor((input.tokens ?? DEFAULT_LOCATE_TOKENS) / host.share) };
    return locateProject(host.ctx, host.project, host.outlines, request, { ...host.programs, json: host.json, history: host.history });
  },
};
