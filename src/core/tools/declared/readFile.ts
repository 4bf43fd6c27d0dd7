import { counted } from '../../map/counts';
import { TOOL_NAME } from '../names';
import { ToolDeclaration } from '../declaration';
import { fileSchema, onFile } from './fileInput';
import { readFile, ReadInput, ReadResult } from '../read';

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A count as a description writes it: 1,400. */
const formatted = (n: number) => n.toLocaleString('en-US');

/** What reading `lines` lines costs in reads of `limit` lines each, as the tools' cost argument says it: "seven 200-line reads". */
export function readsOf(lines: number, limit: number): string {
  const reads = Math.ceil(lines / limit);
  return `${NUMBER_WORDS[reads - 1] ?? formatted(reads)} ${formatted(limit)}-line read${reads === 1 ? '' : 's'}`;
}

export interface ReadFileInput extends ReadInput {
  filePath: string;
}

/** The lines a read asks for, as its running message says them: ", lines 5-40". */
function range({ startLine, lineCount, endLine }: ReadFileInput): string {
  if (endLine) return `, lines ${startLine ?? 1}-${endLine}`;
  if (lineCount) return `, ${counted(lineCount, 'line')} from ${startLine ?? 1}`;
  return startLine ? ` from line ${startLine}` : '';
}

/** skim_read_file and `skim read`: a read with the guard applied, capped in bytes and naming the next step as its host does. */
export const readFileTool: ToolDeclaration<ReadFileInput, ReadResult> = {
  name: TOOL_NAME.readFile,
  displayName: 'Skim: Read File',
  toolReferenceName: 'skimRead',
  icon: '$(book)',
  userDescription:
    "Read lines of a file; reads of more than the line limit (skim.guard.lineLimit, 200 lines by default) are shortened to it and come with the file's map.",
  modelDescription: ({ lineLimit }) => {
    const limit = formatted(lineLimit);
    return `Read a source file you have not seen with this tool. A 1,400-line file costs ${readsOf(1_400, lineLimit)}; here, a read of more than ${limit} lines returns the first ${limit} lines from your start line, the file's total line count, the exact next start line and the file's whole map (every class, function and method with its line range), so your next read goes straight to the lines you need. Map lines: \`start-end name — note\`; members indented under their parent; a name with no kind word is a function or method. Reads of ${limit} lines or fewer come back untouched. Lines are numbered. Give filePath, and startLine with lineCount or endLine.`;
  },
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
  messages: (input) => ({ invocation: `Reading ${input.filePath}${range(input)}`, past: `Read ${input.filePath}${range(input)}` }),
  run: onFile((host, file, input) =>
    readFile(host.ctx, host.maps(file), file, input, { maxBytes: host.readCap, wholeMap: host.nextSteps.wholeMap(file), ledger: host.ledger }),
  ),
};
