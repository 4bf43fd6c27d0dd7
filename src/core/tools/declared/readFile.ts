import { ToolDeclaration } from '../declaration';
import { fileSchema, onFile } from './fileInput';
import { readFile, ReadInput, ReadResult } from '../read';

export interface ReadFileInput extends ReadInput {
  filePath: string;
}

/** skim_read_file and `skim read`: a read with the guard applied, capped in bytes and naming the next step as its host does. */
export const readFileTool: ToolDeclaration<ReadFileInput, ReadResult> = {
  name: 'skim_read_file',
  displayName: 'Skim: Read File',
  toolReferenceName: 'skimRead',
  icon: '$(book)',
  userDescription: "Read lines of a file; reads of more than 200 lines are shortened and come with the file's map.",
  modelDescription:
    "Read a source file you have not seen with this tool. A 1,400-line file costs seven 200-line reads; here, a read of more than 200 lines returns the first 200 lines from your start line, the file's total line count, the exact next start line and the file's whole map (every class, function and method with its line range), so your next read goes straight to the lines you need. Map lines: `start-end name — note`; members indented under their parent; a name with no kind word is a function or method. Reads of 200 lines or fewer come back untouched. Lines are numbered. Give filePath, and startLine with lineCount or endLine.",
  inputSchema: fileSchema(
    {
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
    [],
  ),
  showsLines: true,
  over: 'file',
  run: onFile((host, file, input) =>
    readFile(host.ctx, host.maps(file), file, input, { maxBytes: host.readCap, wholeMap: host.nextSteps.wholeMap(file), ledger: host.ledger }),
  ),
};
