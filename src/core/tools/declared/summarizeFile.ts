import { ToolDeclaration } from '../declaration';
import { summarizeFile } from '../maps';
import { FileInput } from './fileInput';

/** skim_summarize_file: A file's prose and whole map: cache first, one model call on a miss. */
export const summarizeFileTool: ToolDeclaration<FileInput> = {
  name: 'skim_summarize_file',
  displayName: 'Skim: Summarize File',
  toolReferenceName: 'skimSummarize',
  icon: '$(list-tree)',
  userDescription: "A file's prose and its map of line ranges, cached per project.",
  modelDescription:
    'Get the map of a source file you have not seen, before reading it. A 1,400-line file costs seven 200-line reads, or this map plus one read of the lines that matter. Returns what the file does and every declaration (imports, classes, functions, methods, types) with its exact line range, and a note where the name does not say it all. Map lines: `start-end name — note`; members indented under their parent; a name with no kind word is a function or method. Cached per project: free while the file is unchanged.',
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        description: 'The file: an absolute path, or a path relative to the workspace folder.',
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  },
  showsLines: false,
  over: 'file',
  run: (host, input) => {
    const file = host.file(input.filePath);
    return summarizeFile(host.ctx, host.maps(file), file);
  },
};
