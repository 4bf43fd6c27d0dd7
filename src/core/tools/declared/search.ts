import { ToolDeclaration } from '../declaration';
import { TOOL_NAME } from '../names';
import { DEFAULT_MAX_HITS, MAX_HITS, SearchRequest } from '../../search/searchHits';
import { searchProject } from '../runSearch';

export type SearchInput = Pick<SearchRequest, 'pattern' | 'path' | 'glob' | 'literal' | 'max'>;

/** skim_search: Ripgrep over the project, each hit placed in its region. */
export const searchTool: ToolDeclaration<SearchInput> = {
  name: TOOL_NAME.search,
  displayName: 'Skim: Search',
  toolReferenceName: 'skimSearch',
  icon: '$(search)',
  userDescription: 'Where a pattern occurs in the workspace (ripgrep), each hit placed in the function or class that holds it.',
  modelDescription:
    'Search the workspace for a regex or literal text (ripgrep; .gitignore and dependency/build folders skipped). Each hit comes with the region of the file map that holds it (e.g. `2912-2990 method Server.ServeHTTP`), grouped by file and region, so the next step is skim_find_symbol or a read of exactly that range, not of the file. Use it for a name or text you know (for a task in words, start with skim_locate; to orient in a repository or folder you have not seen, skim_overview). At most `max` hits (default 50) are shown with the total counted; narrow with `path`, `glob` or a stricter pattern. A regex that matches nothing is retried as literal text.',
  inputSchema: {
    type: 'object',
    properties: {
      pattern: {
        type: 'string',
        description: 'A regex (Rust syntax, as ripgrep) or, with literal, plain text. One line.',
      },
      path: {
        type: 'string',
        description: 'A folder or file to search in, relative to the workspace folder or absolute inside it. Default: the whole workspace.',
      },
      glob: {
        type: 'string',
        description: 'Only files matching this glob, e.g. *.ts or src/**/*.go.',
      },
      literal: {
        type: 'boolean',
        description: 'Search for the pattern as plain text, not a regex.',
      },
      max: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_HITS,
        description: `The most hits to show (default ${DEFAULT_MAX_HITS}, at most ${MAX_HITS}).`,
      },
    },
    required: ['pattern'],
    additionalProperties: false,
  },
  showsLines: false,
  over: 'folders',
  messages: (input) => ({ invocation: `Searching for ${input.pattern}`, past: `Searched for ${input.pattern}` }),
  work: 'search',
  run: async (host, input) => {
    const request = { ...input, path: host.scope(input.path), signal: host.programs.signal };
    return searchProject(host.ctx, host.project, await host.storedMaps(), request, host.programs, await host.outlines());
  },
};
