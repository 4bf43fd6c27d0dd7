import { ToolDeclaration } from '../declaration';
import { READ_MAX_BYTES, readFile, ReadInput, ReadResult } from '../read';

export interface ReadFileInput extends ReadInput {
  filePath: string;
}

/** skim_read_file: A read with the guard applied, exactly as the CLI's `skim read` (with a byte cap, and the next step named as a tool). */
export const readFileTool: ToolDeclaration<ReadFileInput, ReadResult> = {
  name: 'skim_read_file',
  displayName: 'Skim: Read File',
  toolReferenceName: 'skimRead',
  icon: '$(book)',
  userDescription: "Read lines of a file; reads of more than 200 lines are shortened and come with the file's map.",
  modelDescription:
    "Read a source file you have not seen with this tool. A 1,400-line file costs seven 200-line reads; here, a read of more than 200 lines returns the first 200 lines from your start line, the file's total line count, the exact next start line and the file's whole map (every class, function and method with its line range), so your next read goes straight to the lines you need. Map lines: `start-end name — note`; members indented under their parent; a name with no kind word is a function or method. Reads of 200 lines or fewer come back untouched. Lines are numbered. Give filePath, and startLine with lineCount or endLine.",
  inputSchema: {
    type: 'object',
    properties: {
      filePath: {
        type: 'string',
        description: 'The file: an absolute path, or a path relative to the workspace folder.',
      },
      startLine: {
        type: 'integer',
        minimum: 1,
        description: 'The first line to read, 1-based. Default 1.',
      },
      lineCount: {
        type: 'integer',
        minimum: 1,
        description: 'How many lines to read. Omit (and omit endLine) to read to the end.',
      },
      endLine: {
        type: 'integer',
        minimum: 1,
        description: 'The last line to read, inclusive; instead of lineCount.',
      },
    },
    required: ['filePath'],
    additionalProperties: false,
  },
  showsLines: true,
  over: 'file',
  run: (host, input) => {
    const file = host.file(input.filePath);
    return readFile(host.ctx, host.maps(file), file, input, { maxBytes: READ_MAX_BYTES, wholeMap: 'call skim_summarize_file' });
  },
};
